// Server-side prices of cart lines. Same best-price rule as the catalogue price list (catalog/prices.ts):
// the lowest of the public and the customer's own prices; always the cart currency.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';

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

/**
 * LATERAL join that adds `price.regular`, `price.special` (cents) and `price.source` to products aliased
 * `p`, by the best-price rule of src/lib/catalog/best-price.ts: the lowest of the public regular, the
 * public special and the customer's own prices applies; `regular` is the public regular price (the
 * contract's where the public list lacks the product); `special` is set only when lower than it.
 * `least()` skips NULLs, so a missing list or special simply drops out. One row per product.
 */
export function priceLateral(ctx: PricingContext): SQL {
  const own = ctx.priceListId ?? -1;
  return sql`LEFT JOIN LATERAL (
    SELECT b.ref AS regular,
      CASE WHEN b.paid < b.ref THEN b.paid END AS special,
      CASE WHEN b.ref IS NULL THEN NULL WHEN b.paid >= b.ref THEN 'regular'
        WHEN b.paid = b.pub_low THEN 'special' ELSE 'contract' END AS source
    FROM (
      SELECT coalesce(pub.regular, own.regular) AS ref, least(pub.regular, pub.special) AS pub_low,
        least(pub.regular, pub.special, own.regular, own.special) AS paid
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT pr.regular_cents AS regular, pr.special_cents AS special
        FROM prices pr JOIN price_lists l ON l.id = pr.price_list_id
        WHERE pr.product_id = p.id AND pr.currency = ${ctx.currency} AND l.code = 'base' LIMIT 1
      ) pub ON true
      LEFT JOIN LATERAL (
        SELECT pr.regular_cents AS regular, pr.special_cents AS special
        FROM prices pr
        WHERE pr.product_id = p.id AND pr.currency = ${ctx.currency} AND pr.price_list_id = ${own} LIMIT 1
      ) own ON true
    ) b
  ) price ON true`;
}

/** The unit price from the lateral's columns; undefined when the product has no price in the currency. */
export function unitPrice(regular: number | null, special: number | null): UnitPrice | undefined {
  if (regular === null) return undefined;
  return { regularCents: regular, specialCents: special !== null && special < regular ? special : null };
}

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
