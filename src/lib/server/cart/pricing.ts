// Server-side prices of cart lines. Same best-price rule as the catalogue price list (catalog/prices.ts):
// the lowest of the public and the customer's own prices; always the cart currency. A line's prices
// are those for its quantity: each list's price breaks (price_tiers) join the rule. A special price
// counts only while it runs (specialCentsNow), read afresh with every cart.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { json, rows, specialCentsNow } from '../db/index.ts';
import type { TieredListPrice } from '#lib/catalog/best-price.ts';

export interface UnitPrice {
  regularCents: number;
  /** Only when lower than regular; a special above regular is a data error and is ignored. */
  specialCents: number | null;
}

/** What a piece costs: the special price when there is one, else the regular price. */
export const effectiveCents = (p: UnitPrice): number => p.specialCents ?? p.regularCents;

export interface PricingContext {
  currency: string;
  priceListId: number | null;
}

/** The tier of the price row `pr` for `quantity` pieces: the one with the highest minimum not above it. */
const tierOf = (quantity: SQL) => sql`(
  SELECT t.cents FROM price_tiers t
  WHERE t.price_list_id = pr.price_list_id AND t.product_id = pr.product_id AND t.currency = pr.currency
    AND t.min_quantity <= ${quantity}
  ORDER BY t.min_quantity DESC LIMIT 1)`;

/**
 * LATERAL join that adds `price.regular`, `price.special` (cents) and `price.source` to products aliased
 * `p`, by the best-price rule of src/lib/catalog/best-price.ts (`bestPriceFor`) for `quantity` pieces
 * (an SQL expression, 1 by default): each list's tier for that quantity joins its prices, then the
 * lowest of the public regular, special and tier and the customer's own prices applies; `regular` is
 * the public regular price (the contract's where the public list lacks the product); `special` is set
 * only when lower than it. A list's special counts only up to its last day. A tier counts only beside its list's price row, as the price of one piece
 * is that row's. `least()` skips NULLs, so a missing list, special or tier simply drops out. One row
 * per product.
 */
export function priceLateral(ctx: PricingContext, quantity: SQL = sql`1`): SQL {
  const own = ctx.priceListId ?? -1;
  return sql`LEFT JOIN LATERAL (
    SELECT b.ref AS regular,
      CASE WHEN b.paid < b.ref THEN b.paid END AS special,
      CASE WHEN b.ref IS NULL THEN NULL WHEN b.paid >= b.ref THEN 'regular'
        WHEN b.paid = b.pub_low THEN 'special' ELSE 'contract' END AS source
    FROM (
      SELECT coalesce(pub.regular, own.regular) AS ref, least(pub.regular, pub.special, pub.tier) AS pub_low,
        least(pub.regular, pub.special, pub.tier, own.regular, own.special, own.tier) AS paid
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT pr.regular_cents AS regular, ${specialCentsNow('pr')} AS special, ${tierOf(quantity)} AS tier
        FROM prices pr JOIN price_lists l ON l.id = pr.price_list_id
        WHERE pr.product_id = p.id AND pr.currency = ${ctx.currency} AND l.code = 'base' LIMIT 1
      ) pub ON true
      LEFT JOIN LATERAL (
        SELECT pr.regular_cents AS regular, ${specialCentsNow('pr')} AS special, ${tierOf(quantity)} AS tier
        FROM prices pr
        WHERE pr.product_id = p.id AND pr.currency = ${ctx.currency} AND pr.price_list_id = ${own} LIMIT 1
      ) own ON true
    ) b
  ) price ON true`;
}

/** One list's price row with its tiers, as JSON (null when the list has no price for the product). */
const tieredList = (currency: string, listId: SQL) => sql`(
  SELECT json_build_object('regular', pr.regular_cents, 'special', ${specialCentsNow('pr')}, 'tiers', COALESCE((
    SELECT json_agg(json_build_object('minQuantity', t.min_quantity, 'cents', t.cents))
    FROM price_tiers t
    WHERE t.price_list_id = pr.price_list_id AND t.product_id = pr.product_id AND t.currency = pr.currency
  ), '[]'::json))
  FROM prices pr WHERE pr.product_id = p.id AND pr.currency = ${currency} AND pr.price_list_id = ${listId})`;

/**
 * Columns `publicPrice` and `contractPrice` of products aliased `p`: each list's price row and tiers
 * in the cart currency, the inputs of bestPriceFor, for lines whose quantities differ per line (one
 * product may be on several lines, and is an accessory at each line's quantity).
 */
export function listPriceColumns(ctx: PricingContext): SQL {
  const base = sql`(SELECT l.id FROM price_lists l WHERE l.code = 'base')`;
  return sql`${tieredList(ctx.currency, base)} AS "publicPrice",
    ${tieredList(ctx.currency, sql`${ctx.priceListId ?? -1}`)} AS "contractPrice"`;
}

const PriceTierRow = z.object({ minQuantity: z.number(), cents: z.number() });
/** A column of listPriceColumns. */
export const TieredListPriceRow = json(
  z.object({ regular: z.number(), special: z.number().nullable(), tiers: z.array(PriceTierRow) }).nullable(),
) satisfies z.ZodType<TieredListPrice | null>;

const CustomerTerms = z.object({
  priceListId: z.number().nullable(),
  excludeTax: z.boolean(),
  /** The customer's currency; null for guests. */
  currency: z.string().nullable(),
});
export type CustomerTerms = z.infer<typeof CustomerTerms>;

/** A cart's pricing terms come from its owner's customer record, never from the request. */
export async function customerTerms(db: Db, customerId: string | null): Promise<CustomerTerms> {
  const none: CustomerTerms = { priceListId: null, excludeTax: false, currency: null };
  if (!customerId) return none;
  const [row] = await rows(
    db,
    CustomerTerms,
    sql`
    SELECT price_list_id AS "priceListId", exclude_tax AS "excludeTax", currency FROM customers WHERE id = ${customerId}`,
  );
  return row ?? none;
}
