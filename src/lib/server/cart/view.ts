// Reads what a cart's prices depend on: the lines' products with their prices and price breaks from
// the public and the owner's price list in the cart currency, their quantity rules, the stored coupon
// and the stored shipping method.
// priced.ts turns that into the priced cart in integer cents; response.ts makes major units of them
// at the very end.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import type { CouponRecord } from '#lib/cart/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { customerTerms, listPriceColumns, TieredListPriceRow, type PricingContext } from './pricing.ts';
import { RULE_COLUMNS, RuleColumns } from './quantity-rules.ts';
import type { CartProduct } from './cart-product.ts';
import { priceLines, sellableLines } from './priced-line.ts';
import { pricedCart, type PricedCart } from './priced.ts';
import { json, rows, timestamp } from '../db/index.ts';
import type { CartSnapshot } from './queries.ts';
import { loadShippingMethods } from '../shipping/index.ts';
import { versionedImage } from '../images/index.ts';
import type { TaxSettings } from '#lib/tax/regime.ts';
import { taxSettings } from '../tax.ts';
import { customerNumberColumn } from '../customer-items/index.ts';
import { quoteTermsOf } from './quote-terms.ts';
import { quoteNote } from '#lib/cart/display.ts';
import { intlTag, loadMessages } from '#lib/i18n/translate.ts';

/** Writes a quoted line's note in `locale`. */
async function quoteNoteIn(locale: Locale) {
  const messages = await loadMessages(locale);
  return (quote: { number: string; validUntil: string | null; applies: boolean }) =>
    quoteNote(quote, messages, intlTag(locale));
}

/** The terms of the quotes the snapshot's quoted lines came from. */
const quotesOf = (db: Db, snapshot: CartSnapshot) =>
  quoteTermsOf(
    db,
    snapshot.lines.flatMap((l) => (l.quoteLineId ? [l.quoteLineId] : [])),
  );

const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const LocalizedText = z.record(z.string(), z.string());

const CartProductRow = RuleColumns.extend({
  id: z.number(),
  sku: z.string(),
  itemnum: z.string(),
  customerItemNumber: z.string().nullable(),
  // Pictures leave with their current version (src/lib/server/images/version.ts).
  image: z.string().nullable().transform(versionedImage),
  isActive: z.boolean(),
  hidePrices: z.boolean(),
  name: z.string(),
  hasStock: z.boolean(),
  effective: z.number().nullable(),
  external: z.number().nullable(),
  marked: z.boolean().nullable(),
  publicPrice: TieredListPriceRow,
  contractPrice: TieredListPriceRow,
  taxPercent: z.number().nullable(),
  included: json(z.array(z.object({ itemnum: z.string(), names: LocalizedText }))),
  attributes: json(
    z.array(
      z.object({
        code: z.string(),
        labels: LocalizedText,
        position: z.number(),
        location: z.string(),
        isHtml: z.boolean(),
        unit: z.string().nullable(),
        value: z.string(),
        optionLabels: LocalizedText.nullable(),
        image: z.string().nullable().transform(versionedImage),
      }),
    ),
  ),
}) satisfies z.ZodType<CartProduct>;

const CouponRow = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minSubtotalCents: z.number(),
  maxRedemptions: z.number().nullable(),
  redemptions: z.number(),
  validFrom: timestamp.nullable(),
  validTo: timestamp.nullable(),
  isActive: z.boolean(),
}) satisfies z.ZodType<CouponRecord>;

/** The lines' products and accessories with everything pricing and display need, in one statement. */
async function productInfo(
  db: Db,
  snapshot: CartSnapshot,
  locale: Locale,
  pricing: PricingContext,
): Promise<CartProduct[]> {
  const ids = [...new Set(snapshot.lines.map((l) => l.productId))];
  const accessorySkus = [...new Set(snapshot.lines.flatMap((l) => l.accessorySkus.map((s) => s.toLowerCase())))];
  if (ids.length === 0) return [];
  const found = await rows(
    db,
    CartProductRow,
    sql`
    SELECT p.id, p.sku, p.itemnum, ${customerNumberColumn(snapshot.cart.customerId)}, p.cover_image AS image, p.is_active AS "isActive", p.hide_prices AS "hidePrices",
      COALESCE(t.name, d.name, p.sku) AS name, (s.product_id IS NOT NULL) AS "hasStock",
      s.effective_stock AS effective, s.external_stock AS external, s.marked_in_stock AS marked,
      p.tax_percent AS "taxPercent", ${listPriceColumns(pricing)}, ${RULE_COLUMNS},
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
    WHERE p.id IN (${inList(ids)})
      ${accessorySkus.length > 0 ? sql`OR lower(p.sku) IN (${inList(accessorySkus)})` : sql``}`,
  );
  return found;
}

/** Net subtotal of the lines that can be sold, in cents (for coupon minimums). */
export async function subtotalNetCents(db: Db, snapshot: CartSnapshot, now = new Date()): Promise<number> {
  const { cart } = snapshot;
  const terms = await customerTerms(db, cart.customerId);
  const [products, quotes] = await Promise.all([
    productInfo(db, snapshot, 'de', { currency: cart.currency, priceListId: terms.priceListId }),
    quotesOf(db, snapshot),
  ]);
  // Net amounts only: the rate plays no part.
  const context = { quotes, customerId: cart.customerId, currency: cart.currency, now };
  return sellableLines(priceLines(snapshot, products, 'de', () => 0, context)).reduce(
    (sum, l) => sum + l.unitNetCents * l.quantity,
    0,
  );
}

/** A coupon by code, matched case-insensitively (codes are stored as issued). */
export async function findCoupon(db: Db, code: string | null): Promise<CouponRecord | null> {
  if (!code) return null;
  const [row] = await rows(
    db,
    CouponRow,
    sql`
    SELECT code, kind, value, min_subtotal_cents AS "minSubtotalCents", max_redemptions AS "maxRedemptions",
      redemptions, valid_from AS "validFrom", valid_to AS "validTo", is_active AS "isActive"
    FROM coupons WHERE upper(code) = upper(${code}) ORDER BY code LIMIT 1`,
  );
  return row ?? null;
}

export interface PriceCartOptions {
  /** The language of the names and attributes on the lines. */
  locale: Locale;
  /** From the shopper's price permission; the cart works either way. */
  pricesVisible: boolean;
  /** The currency coupon and shipping amounts are in. */
  shopCurrency: string;
  /** The merchant's tax settings; the environment's (DEFAULT_COUNTRY, TAX_OSS) when not given. */
  tax?: TaxSettings | undefined;
  now?: Date | undefined;
}

/** The cart priced on the server, in integer cents; nothing of it comes from a request. */
export async function priceCart(db: Db, snapshot: CartSnapshot, options: PriceCartOptions): Promise<PricedCart> {
  const { cart } = snapshot;
  const terms = await customerTerms(db, cart.customerId);
  const [products, coupon, [shippingMethod], quotes] = await Promise.all([
    productInfo(db, snapshot, options.locale, { currency: cart.currency, priceListId: terms.priceListId }),
    findCoupon(db, cart.couponCode),
    cart.shippingMethodCode ? loadShippingMethods(db, cart.shippingMethodCode) : [],
    quotesOf(db, snapshot),
  ]);
  return pricedCart({
    snapshot,
    terms,
    products,
    coupon,
    shippingMethod: shippingMethod ?? null,
    locale: options.locale,
    pricesVisible: options.pricesVisible,
    shopCurrency: options.shopCurrency,
    tax: options.tax ?? taxSettings(),
    quotes,
    ...(quotes.size > 0 ? { quoteNote: await quoteNoteIn(options.locale) } : {}),
    now: options.now ?? new Date(),
  });
}
