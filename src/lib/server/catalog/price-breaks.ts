// The public price breaks a product page is rendered with (src/lib/catalog/price-breaks.ts): the
// public list's ('base') price from 1 and its tiers, in every currency shoppers may choose, while
// guests may see prices. The page is the same for everybody and declares its product's tag, and a
// publish of the product (its prices and tiers included) drops it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, specialCentsNow } from '../db/index.ts';
import { priceLists, prices } from '../db/schema.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import type { QuantityRule } from '#lib/catalog/order-quantity.ts';
import { priceBreaks, type PriceBreak } from '#lib/catalog/price-breaks.ts';
import type { Features } from '#lib/content/features.ts';

/** The public list everybody falls back to, whose prices guests see. */
const PUBLIC_LIST = 'base';

export interface PriceBreakTable {
  currency: string;
  breaks: PriceBreak[];
}

/** One table per currency the product has breaks in; none when guests may not see prices. */
export async function publicPriceBreaks(
  product: { id: number; hidePrices: boolean; rule: QuantityRule },
  shell: { currency: string; offeredCurrencies: readonly string[]; features: Features },
): Promise<PriceBreakTable[]> {
  if (!shell.features.isPriceForGuestEnabled || product.hidePrices) return [];
  const currencies = [...new Set([shell.currency, ...shell.offeredCurrencies])];
  const db = await getDb();
  // The price from 1 with its tiers beside it, as JSON: one statement per page, not two.
  const base = await db
    .select({
      currency: prices.currency,
      regular: prices.regularCents,
      special: sql<number | null>`${specialCentsNow('prices')}`,
      tiers: sql<{ minQuantity: number; cents: number }[]>`coalesce((
        select json_agg(json_build_object('minQuantity', t.min_quantity, 'cents', t.cents) order by t.min_quantity)
        from price_tiers t
        where t.price_list_id = ${prices.priceListId} and t.product_id = ${prices.productId}
          and t.currency = ${prices.currency}), '[]'::json)`,
    })
    .from(prices)
    .innerJoin(priceLists, eq(priceLists.id, prices.priceListId))
    .where(
      and(eq(priceLists.code, PUBLIC_LIST), eq(prices.productId, product.id), inArray(prices.currency, currencies)),
    );
  return currencies.flatMap((currency) => {
    const price = base.find((p) => p.currency === currency);
    if (!price) return [];
    // What a guest pays from 1: the special price when it undercuts the regular one (docs/prices.md).
    const from1 = price.special !== null && price.special < price.regular ? price.special : price.regular;
    const rows = priceBreaks(from1, price.tiers, product.rule, MAX_QUANTITY);
    return rows.length > 0 ? [{ currency, breaks: rows }] : [];
  });
}
