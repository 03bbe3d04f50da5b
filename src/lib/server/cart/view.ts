// The cart as the shopper sees it (spec section 3): every line priced on the server from the owner's
// price list in the cart currency, totals in integer cents turned into major units at the very end.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { LocalizedText } from '../db/schema.ts';
import {
  VAT_RATE_BASIS_POINTS, computeTotals, couponDiscountCents, couponProblem, grossCents, toMajor, totalsToMajor,
  type CouponRecord,
} from '#lib/cart/rules.ts';
import { availabilityFor } from '#lib/catalog/availability.ts';
import { byAttributeOrder } from '#lib/catalog/product.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart, CartItem } from '#lib/cart/contract.ts';
import type { CustomAttribute } from '#lib/catalog/contract.ts';
import { customerTerms, effectiveCents, priceLateral, unitPrice, type PricingContext, type UnitPrice } from './pricing.ts';
import { rows, type CartLineRow, type CartSnapshot } from './store.ts';
import { storedMethodPrice } from '../checkout/shipping.ts';

interface AttributeRow {
  code: string;
  labels: LocalizedText;
  position: number;
  location: string;
  isHtml: boolean;
  unit: string | null;
  value: string;
  optionLabels: LocalizedText | null;
  image: string | null;
}

/** One product of the cart with everything the view needs, read in a single statement. */
interface ProductInfo {
  id: number;
  sku: string;
  itemnum: string;
  image: string | null;
  name: string;
  isActive: boolean;
  hidePrices: boolean;
  hasStock: boolean;
  effective: number | null;
  external: number | null;
  marked: boolean | null;
  regular: number | null;
  special: number | null;
  included: { itemnum: string; names: LocalizedText }[];
  attributes: AttributeRow[];
}

interface PricedLine {
  line: CartLineRow;
  product: ProductInfo | undefined;
  price: UnitPrice | undefined;
  accessories: { sku: string; product: ProductInfo | undefined; price: UnitPrice | undefined }[];
  /** Net cents per piece incl. accessories; null when something on the line can no longer be sold. */
  unitNetCents: number | null;
}

const inList = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

async function productInfo(db: Db, snapshot: CartSnapshot, locale: Locale, pricing: PricingContext): Promise<ProductInfo[]> {
  const ids = [...new Set(snapshot.lines.map((l) => l.productId))];
  const accessorySkus = [...new Set(snapshot.lines.flatMap((l) => l.accessorySkus.map((s) => s.toLowerCase())))];
  if (ids.length === 0) return [];
  const found = await rows<ProductInfo>(db, sql`
    SELECT p.id, p.sku, p.itemnum, p.cover_image AS image, p.is_active AS "isActive", p.hide_prices AS "hidePrices",
      COALESCE(t.name, d.name, p.sku) AS name, (s.product_id IS NOT NULL) AS "hasStock",
      s.effective_stock AS effective, s.external_stock AS external, s.marked_in_stock AS marked,
      price.regular, price.special,
      COALESCE((
        SELECT json_agg(json_build_object('itemnum', i.itemnum, 'names', i.names) ORDER BY i.position, i.itemnum)
        FROM product_included i WHERE i.product_id = p.id
      ), '[]'::json) AS included,
      COALESCE((
        SELECT json_agg(json_build_object(
          'code', a.code, 'labels', a.labels, 'position', a.position, 'location', a.location, 'isHtml', a.is_html,
          'unit', a.unit, 'value', pa.value, 'optionLabels', o.labels, 'image', o.image))
        FROM product_attributes pa
        JOIN attributes a ON a.code = pa.attribute_code
        LEFT JOIN attribute_options o ON o.attribute_code = pa.attribute_code AND o.value = pa.value
        -- The line's 'Product Properties' accordion shows list and details attributes.
        WHERE pa.product_id = p.id AND a.location IN ('list', 'details')
      ), '[]'::json) AS attributes
    FROM products p
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
    LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = 'de'
    LEFT JOIN stock s ON s.product_id = p.id
    ${priceLateral(pricing)}
    WHERE p.id IN (${inList(ids)})
      ${accessorySkus.length > 0 ? sql`OR lower(p.sku) IN (${inList(accessorySkus)})` : sql``}`);
  return found.map((p) => ({ ...p, included: parsed(p.included), attributes: parsed(p.attributes) }));
}

async function priceLines(db: Db, snapshot: CartSnapshot, locale: Locale, priceListId: number | null) {
  const products = await productInfo(db, snapshot, locale, { currency: snapshot.cart.currency, priceListId });
  const byId = new Map(products.map((p) => [p.id, p]));
  const bySku = new Map(products.map((p) => [p.sku.toLowerCase(), p]));
  const priceOf = (p: ProductInfo | undefined) => (p ? unitPrice(p.regular, p.special) : undefined);
  const sellable = (p: ProductInfo | undefined, price: UnitPrice | undefined): price is UnitPrice =>
    p !== undefined && p.isActive && !p.hidePrices && price !== undefined;
  const lines = snapshot.lines.map((line): PricedLine => {
    const product = byId.get(line.productId);
    const price = priceOf(product);
    const accessories = line.accessorySkus.map((sku) => {
      const accessory = bySku.get(sku.toLowerCase());
      return { sku, product: accessory, price: priceOf(accessory) };
    });
    const ok = sellable(product, price) && accessories.every((a) => sellable(a.product, a.price));
    const unitNetCents = ok
      ? effectiveCents(price!) + accessories.reduce((sum, a) => sum + effectiveCents(a.price!), 0)
      : null;
    return { line, product, price, accessories, unitNetCents };
  });
  return { products, lines };
}

const sellableLines = (lines: PricedLine[]) =>
  lines.flatMap((l) => (l.unitNetCents === null ? [] : [{ unitNetCents: l.unitNetCents, quantity: l.line.quantity }]));

/** Net subtotal of the lines that can be sold, in cents (for coupon minimums). */
export async function subtotalNetCents(db: Db, snapshot: CartSnapshot): Promise<number> {
  const terms = await customerTerms(db, snapshot.cart.customerId);
  const { lines } = await priceLines(db, snapshot, 'de', terms.priceListId);
  return sellableLines(lines).reduce((sum, l) => sum + l.unitNetCents * l.quantity, 0);
}

const localized = (text: LocalizedText | null, locale: Locale, fallback: string): string =>
  text?.[locale] ?? text?.de ?? Object.values(text ?? {})[0] ?? fallback;

function presentation(product: ProductInfo | undefined, locale: Locale) {
  if (!product) return { included: [], attributes: [] };
  const included = product.included.map((i) => ({ itemnum: i.itemnum, name: localized(i.names, locale, i.itemnum) }));
  const attributes = product.attributes.map((row): CustomAttribute => ({
    attribute_code: row.code, label: localized(row.labels, locale, row.code), value: row.value,
    valueLabel: row.optionLabels ? localized(row.optionLabels, locale, row.value) : row.unit ? `${row.value} ${row.unit}` : row.value,
    image: row.image, position: row.position, location: row.location, html: row.isHtml,
  })).sort(byAttributeOrder);
  return { included, attributes };
}

/** A coupon by code, matched case-insensitively (codes are stored as issued). */
export async function findCoupon(db: Db, code: string | null): Promise<CouponRecord | null> {
  if (!code) return null;
  const [row] = await rows<CouponRecord>(db, sql`
    SELECT code, kind, value, min_subtotal_cents AS "minSubtotalCents", max_redemptions AS "maxRedemptions",
      redemptions, valid_from AS "validFrom", valid_to AS "validTo", is_active AS "isActive"
    FROM coupons WHERE upper(code) = upper(${code}) ORDER BY code LIMIT 1`);
  if (!row) return null;
  const date = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return { ...row, validFrom: date(row.validFrom), validTo: date(row.validTo) };
}

/**
 * Net shipping cents of the stored method, or null when there is none or it no longer serves the cart
 * (the shipping country or the currency changed): then the shopper picks a method again.
 */
async function shippingNetCents(db: Db, cart: CartSnapshot['cart'], discountedNetCents: number, shopCurrency: string): Promise<number | null> {
  const country = (cart.shippingAddress as { country?: unknown } | null)?.country;
  if (!cart.shippingMethodCode || typeof country !== 'string') return null;
  return storedMethodPrice(db, cart.shippingMethodCode, { country, currency: cart.currency, shopCurrency, discountedNetCents });
}

export interface ViewOptions {
  locale: Locale;
  /** From the shopper's price permission (spec section 5); the cart works either way. */
  pricesVisible: boolean;
  shopCurrency: string;
  now?: Date | undefined;
}

export async function cartView(db: Db, snapshot: CartSnapshot, options: ViewOptions): Promise<Cart> {
  const { cart } = snapshot;
  const { locale, pricesVisible } = options;
  const terms = await customerTerms(db, cart.customerId);
  const [{ lines }, coupon] = await Promise.all([
    priceLines(db, snapshot, locale, terms.priceListId),
    findCoupon(db, cart.couponCode),
  ]);

  const sellable = sellableLines(lines);
  const subtotalNet = sellable.reduce((sum, l) => sum + l.unitNetCents * l.quantity, 0);
  const problem = cart.couponCode
    ? couponProblem(coupon, { now: options.now ?? new Date(), subtotalNetCents: subtotalNet, cartCurrency: cart.currency, shopCurrency: options.shopCurrency })
    : null;
  const activeCoupon = cart.couponCode && !problem ? coupon : null;
  const shipping = await shippingNetCents(db, cart, subtotalNet - couponDiscountCents(subtotalNet, activeCoupon), options.shopCurrency);
  const totals = computeTotals({ lines: sellable, coupon: activeCoupon, shippingNetCents: shipping ?? 0, excludeTax: terms.excludeTax });

  const money = (cents: number | null | undefined) => (pricesVisible && cents !== null && cents !== undefined ? toMajor(cents) : null);
  const cartItems = lines.map(({ line, product, price, accessories, unitNetCents }): CartItem => {
    const stock = product?.hasStock
      ? { effectivestock: product.effective ?? 0, externalstock: product.external ?? 0, markedInStock: product.marked ?? false }
      : null;
    const accessoriesRegular = accessories.reduce((sum, a) => sum + (a.price?.regularCents ?? 0), 0);
    const rowNet = unitNetCents === null ? null : unitNetCents * line.quantity;
    const { included, attributes } = presentation(product, locale);
    return {
      id: line.id,
      sku: line.sku,
      name: product?.name ?? line.sku,
      image: product?.image ?? null,
      itemnum: product?.itemnum ?? line.sku,
      quantity: line.quantity,
      price: {
        regular: unitNetCents === null || !price ? null : money(price.regularCents + accessoriesRegular),
        special: unitNetCents === null || !price || (price.specialCents === null && accessories.every((a) => a.price?.specialCents == null))
          ? null : money(unitNetCents),
      },
      priceInfo: pricesVisible && price && product && !product.hidePrices
        ? { regular: toMajor(price.regularCents), special: price.specialCents === null ? null : toMajor(price.specialCents), currency: cart.currency }
        : null,
      rowTotal: money(rowNet),
      rowTotalInclTax: money(rowNet === null ? null : grossCents(rowNet, terms.excludeTax)),
      // Spec section 2: without price permission a shopper sees neither prices nor availability.
      stock: pricesVisible ? stock : null,
      availability: pricesVisible ? availabilityFor(stock, line.quantity) : null,
      purchasable: unitNetCents !== null,
      included,
      custom_attributes: attributes,
      selectedAddtionalProducts: Object.fromEntries(accessories.map((a) => [a.sku, {
        itemnum: a.product?.itemnum ?? a.sku,
        name: a.product?.name ?? a.sku,
        price: a.price ? money(effectiveCents(a.price)) : null,
      }])),
    };
  });

  // What the shopper pays, as cents, whatever they may see: unit prices per line and every total.
  const pricesHash = createHash('sha256')
    .update(JSON.stringify([cart.currency, terms.excludeTax, lines.map((l) => [l.line.id, l.line.quantity, l.unitNetCents]), totals]))
    .digest('base64url').slice(0, 32);

  return {
    id: cart.id,
    version: cart.version,
    pricesHash,
    currency: cart.currency,
    cartItems,
    items_qty: snapshot.lines.reduce((sum, l) => sum + l.quantity, 0),
    couponCode: cart.couponCode,
    couponStatus: cart.couponCode ? problem ?? 'applied' : null,
    billingAddress: cart.billingAddress ?? null,
    shippingAddress: cart.shippingAddress ?? null,
    shippingMethod: cart.shippingMethodCode && shipping !== null ? { methodCode: cart.shippingMethodCode } : null,
    newUser: cart.newUser,
    displayExcludingTaxes: terms.excludeTax,
    vatRatePercent: terms.excludeTax ? 0 : VAT_RATE_BASIS_POINTS / 100,
    pricesVisible,
    totals: pricesVisible ? totalsToMajor(totals) : null,
  };
}
