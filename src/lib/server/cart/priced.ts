// The priced cart: what the server charges for a cart, in integer cents, and what each line shows.
// Server code that needs an amount (checkout, orders, payments) reads it from here; only the response
// edge (response.ts) turns cents into the major units a browser displays. The arithmetic is pure:
// view.ts reads the inputs from the database and hands them to `pricedCart`, so it is tested without I/O.
import {
  VAT_RATE_BASIS_POINTS,
  computeTotals,
  couponDiscountCents,
  couponProblem,
  grossCents,
  type CartTotalsCents,
  type CouponProblem,
  type CouponRecord,
} from '#lib/cart/rules.ts';
import { byAttributeOrder } from '#lib/catalog/product.ts';
import type { CustomAttribute, Stock } from '#lib/catalog/contract.ts';
import { shippingPriceCents, type ShippingMethodRecord } from '#lib/checkout/shipping.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { LocalizedText } from '../db/schema.ts';
import { formatQuantity } from '#lib/i18n/format.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { bestPriceFor, type BestPrice, type TieredListPrice } from '#lib/catalog/best-price.ts';
import { ANY_QUANTITY, type QuantityRule } from '#lib/catalog/order-quantity.ts';
import type { QuantityRuleBreak } from './errors.ts';
import { effectiveCents, type CustomerTerms, type UnitPrice } from './pricing.ts';
import { quantityRuleBreaks, ruledProduct } from './quantity-rules.ts';
import type { CartLineRow, CartSnapshot } from './queries.ts';

// ------------------------------------------------------------------ inputs

interface CartProductAttribute {
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

/** One product of the cart (a line's product or an accessory) as read for pricing and display. */
export interface CartProduct {
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
  /**
   * Net cents with price breaks, of the public list and of the owner's own, in the cart currency;
   * null where the list has no price for it.
   */
  publicPrice: TieredListPrice | null;
  contractPrice: TieredListPrice | null;
  /** The order-quantity rule (src/lib/catalog/order-quantity.ts) and what one ordered quantity is. */
  minQuantity: number;
  quantityStep: number;
  orderUnit: string;
  included: { itemnum: string; names: LocalizedText }[];
  attributes: CartProductAttribute[];
}

/** Everything a cart's prices depend on, read from the database by view.ts. */
export interface CartPricingInput {
  snapshot: CartSnapshot;
  terms: CustomerTerms;
  /** The lines' products and their accessories (found by id and by sku, case-insensitively). */
  products: readonly CartProduct[];
  /** The record of the stored coupon code; null when the cart has none or the code is unknown. */
  coupon: CouponRecord | null;
  /** The record of the stored shipping method; null when the cart has none or it no longer exists. */
  shippingMethod: ShippingMethodRecord | null;
  locale: Locale;
  pricesVisible: boolean;
  /** The currency coupon and shipping amounts are in. */
  shopCurrency: string;
  now: Date;
}

// ------------------------------------------------------------------ the model

interface PricedAccessory {
  sku: string;
  itemnum: string;
  name: string;
  /** Net cents per piece at the line's quantity (special or tier price if any); null without a price. */
  unitNetCents: number | null;
}

/** A product's price for a line's quantity, and which price that is (best-price rule). */
interface LinePrice extends UnitPrice {
  source: BestPrice['source'];
}

export interface PricedCartLine {
  id: string;
  sku: string;
  quantity: number;
  name: string;
  image: string | null;
  itemnum: string;
  /**
   * False when the product or an accessory can no longer be sold (inactive, prices hidden, no price in
   * the cart currency): then every amount of the line is null and the line is not in the totals.
   */
  purchasable: boolean;
  /** Net cents per piece, accessories included, at the prices for the line's quantity (special, tier, contract). */
  unitNetCents: number | null;
  unitGrossCents: number | null;
  /** The same piece at regular prices only (what a special price is shown against). */
  unitRegularNetCents: number | null;
  /** A special, tier or contract price of the product or of an accessory lowers the unit price. */
  hasSpecialPrice: boolean;
  /** unitNetCents × quantity. */
  rowNetCents: number | null;
  /** VAT on the row's net (not unit gross × quantity), rounded once, as the totals do. */
  rowGrossCents: number | null;
  /** The product's own price (no accessories) for the line's quantity; null when it has none or hides its prices. */
  catalogPrice: LinePrice | null;
  /** The product's own quantity rule (its accessories have theirs). */
  quantityRule: QuantityRule;
  /**
   * The product and accessories whose rule the line's quantity breaks (a rule changed since the line
   * was filled): such a line is priced and counted, but cannot be ordered until its quantity is changed.
   */
  quantityRuleBreaks: QuantityRuleBreak[];
  /** Null when the product keeps no stock record. */
  stock: Stock | null;
  included: { itemnum: string; name: string }[];
  attributes: CustomAttribute[];
  accessories: PricedAccessory[];
}

type CouponStatus = 'applied' | CouponProblem;

export interface PricedCart {
  id: string;
  version: number;
  currency: string;
  /** The customer is flagged excludeTax (reverse charge, export): no VAT on anything. */
  excludeTax: boolean;
  /** The VAT rate applied, in basis points: 0 when excludeTax. */
  vatRateBasisPoints: number;
  /** Whether this shopper may see prices. The amounts are here either way; the edge hides them. */
  pricesVisible: boolean;
  lines: PricedCartLine[];
  /** Sum of the line quantities, purchasable or not. */
  itemsQty: number;
  /** Over the purchasable lines only. */
  totals: CartTotalsCents;
  /** The stored coupon and whether it applies (an unapplied coupon gives no discount); null without one. */
  coupon: { code: string; status: CouponStatus } | null;
  /** The stored shipping method while it still serves the cart (country, currency), else null. */
  shippingMethodCode: string | null;
  billingAddress: unknown;
  shippingAddress: unknown;
  newUser: boolean;
}

// ------------------------------------------------------------------ pricing

const localized = (text: LocalizedText | null, locale: Locale, fallback: string): string =>
  text?.[locale] ?? text?.de ?? Object.values(text ?? {})[0] ?? fallback;

function presentation(product: CartProduct | undefined, locale: Locale) {
  if (!product) return { included: [], attributes: [] };
  const included = product.included.map((i) => ({ itemnum: i.itemnum, name: localized(i.names, locale, i.itemnum) }));
  const attributes = product.attributes
    .map((row): CustomAttribute => ({
      attribute_code: row.code,
      label: localized(row.labels, locale, row.code),
      value: row.value,
      valueLabel: row.optionLabels
        ? localized(row.optionLabels, locale, row.value)
        : row.unit
          ? formatQuantity(intlTag(locale), row.value, row.unit)
          : row.value,
      image: row.image,
      position: row.position,
      location: row.location,
      html: row.isHtml,
    }))
    .sort(byAttributeOrder);
  return { included, attributes };
}

/** What a piece of `p` costs when `quantity` pieces are bought: tiers of both lists join the best-price rule. */
function priceOf(p: CartProduct | undefined, quantity: number): LinePrice | undefined {
  const best = p ? bestPriceFor(p.publicPrice, p.contractPrice, quantity) : null;
  return best ? { regularCents: best.regular, specialCents: best.special, source: best.source } : undefined;
}
const sellable = (p: CartProduct | undefined, price: UnitPrice | undefined): price is UnitPrice =>
  p !== undefined && p.isActive && !p.hidePrices && price !== undefined;
const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

function priceLine(
  line: CartLineRow,
  products: { byId: Map<number, CartProduct>; bySku: Map<string, CartProduct> },
  locale: Locale,
  excludeTax: boolean,
): PricedCartLine {
  const product = products.byId.get(line.productId);
  const price = priceOf(product, line.quantity);
  // An accessory comes with every piece of the line: its price breaks count at the line's quantity.
  const accessories = line.accessorySkus.map((sku) => {
    const accessory = products.bySku.get(sku.toLowerCase());
    return { sku, product: accessory, price: priceOf(accessory, line.quantity) };
  });
  const ruled = [product, ...accessories.map((a) => a.product)].flatMap((p) => (p ? [ruledProduct(p)] : []));
  const ok = sellable(product, price) && accessories.every((a) => sellable(a.product, a.price));
  const accessoryPrices = ok ? accessories.map((a) => a.price!) : [];
  const unitNetCents = ok ? effectiveCents(price!) + sum(accessoryPrices.map(effectiveCents)) : null;
  const rowNetCents = unitNetCents === null ? null : unitNetCents * line.quantity;
  const { included, attributes } = presentation(product, locale);
  return {
    id: line.id,
    sku: line.sku,
    quantity: line.quantity,
    name: product?.name ?? line.sku,
    image: product?.image ?? null,
    itemnum: product?.itemnum ?? line.sku,
    purchasable: ok,
    unitNetCents,
    unitGrossCents: unitNetCents === null ? null : grossCents(unitNetCents, excludeTax),
    unitRegularNetCents: ok ? price!.regularCents + sum(accessoryPrices.map((p) => p.regularCents)) : null,
    hasSpecialPrice: ok && [price!, ...accessoryPrices].some((p) => p.specialCents !== null),
    rowNetCents,
    rowGrossCents: rowNetCents === null ? null : grossCents(rowNetCents, excludeTax),
    catalogPrice: price && product && !product.hidePrices ? price : null,
    quantityRule: product ? ruledProduct(product).rule : ANY_QUANTITY,
    quantityRuleBreaks: quantityRuleBreaks(ruled, line.quantity),
    stock: product?.hasStock
      ? {
          effectivestock: product.effective ?? 0,
          externalstock: product.external ?? 0,
          markedInStock: product.marked ?? false,
        }
      : null,
    included,
    attributes,
    accessories: accessories.map((a) => ({
      sku: a.sku,
      itemnum: a.product?.itemnum ?? a.sku,
      name: a.product?.name ?? a.sku,
      unitNetCents: a.price ? effectiveCents(a.price) : null,
    })),
  };
}

/** Every line of a snapshot priced from its products (purchasable or not), in the snapshot's order. */
export function priceLines(
  snapshot: CartSnapshot,
  products: readonly CartProduct[],
  locale: Locale,
  excludeTax: boolean,
): PricedCartLine[] {
  const index = {
    byId: new Map(products.map((p) => [p.id, p])),
    bySku: new Map(products.map((p) => [p.sku.toLowerCase(), p])),
  };
  return snapshot.lines.map((line) => priceLine(line, index, locale, excludeTax));
}

/** The lines that count for the totals: purchasable ones, as computeTotals takes them. */
export const sellableLines = (lines: readonly PricedCartLine[]) =>
  lines.flatMap((l) => (l.unitNetCents === null ? [] : [{ unitNetCents: l.unitNetCents, quantity: l.quantity }]));

/**
 * The stored method's net cents, or null when there is none or it no longer serves the cart (the
 * shipping country or the currency changed): then the shopper picks a method again.
 */
function shippingNetCents(input: CartPricingInput, discountedNetCents: number): number | null {
  const { cart } = input.snapshot;
  const country = (cart.shippingAddress as { country?: unknown } | null)?.country;
  const method = input.shippingMethod;
  if (!method || method.code !== cart.shippingMethodCode || typeof country !== 'string') return null;
  return shippingPriceCents(method, {
    country,
    currency: cart.currency,
    shopCurrency: input.shopCurrency,
    discountedNetCents,
  });
}

/** The cart priced in cents from what view.ts read: lines, coupon, shipping and totals. */
export function pricedCart(input: CartPricingInput): PricedCart {
  const { cart } = input.snapshot;
  const { excludeTax } = input.terms;
  const lines = priceLines(input.snapshot, input.products, input.locale, excludeTax);
  const sellable = sellableLines(lines);
  const subtotalNet = sum(sellable.map((l) => l.unitNetCents * l.quantity));
  const problem = cart.couponCode
    ? couponProblem(input.coupon, {
        now: input.now,
        subtotalNetCents: subtotalNet,
        cartCurrency: cart.currency,
        shopCurrency: input.shopCurrency,
      })
    : null;
  const activeCoupon = cart.couponCode && !problem ? input.coupon : null;
  const shipping = shippingNetCents(input, subtotalNet - couponDiscountCents(subtotalNet, activeCoupon));
  return {
    id: cart.id,
    version: cart.version,
    currency: cart.currency,
    excludeTax,
    vatRateBasisPoints: excludeTax ? 0 : VAT_RATE_BASIS_POINTS,
    pricesVisible: input.pricesVisible,
    lines,
    itemsQty: sum(lines.map((l) => l.quantity)),
    totals: computeTotals({ lines: sellable, coupon: activeCoupon, shippingNetCents: shipping ?? 0, excludeTax }),
    coupon: cart.couponCode ? { code: cart.couponCode, status: problem ?? 'applied' } : null,
    shippingMethodCode: cart.shippingMethodCode && shipping !== null ? cart.shippingMethodCode : null,
    billingAddress: cart.billingAddress ?? null,
    shippingAddress: cart.shippingAddress ?? null,
    newUser: cart.newUser,
  };
}
