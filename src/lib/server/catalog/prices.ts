// The price list: prices and stock for many skus in one round trip. A customer
// with their own price list gets those prices where the list has them, the public list elsewhere.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { priceLists, prices, products, stock } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import { toMajor } from '#lib/cart/rules.ts';

export interface PriceContext {
  currency: string;
  /** The signed-in customer's price list, if any. */
  priceListId?: number | null | undefined;
  /** False when the shopper may not see prices (guest with isPriceForGuestEnabled off). */
  pricesVisible: boolean;
}

const majorOrNull = (cents: number | null): number | null => (cents === null ? null : toMajor(cents));

export async function priceList(skus: string[], ctx: PriceContext): Promise<PriceListEntry[]> {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({
    id: products.id, sku: products.sku, hidePrices: products.hidePrices,
    effective: stock.effectiveStock, external: stock.externalStock, marked: stock.markedInStock,
  }).from(products).leftJoin(stock, eq(stock.productId, products.id))
    .where(and(inArray(sql`lower(${products.sku})`, unique.map((s) => s.toLowerCase())), eq(products.isActive, true)));

  const ids = rows.map((r) => r.id);
  const priceRows = ctx.pricesVisible && ids.length > 0
    ? await db.select({
      productId: prices.productId, code: priceLists.code, listId: prices.priceListId,
      regular: prices.regularCents, special: prices.specialCents,
    }).from(prices).innerJoin(priceLists, eq(priceLists.id, prices.priceListId))
      .where(and(inArray(prices.productId, ids), eq(prices.currency, ctx.currency)))
    : [];

  return rows.map((row): PriceListEntry => {
    const own = ctx.priceListId ? priceRows.find((p) => p.productId === row.id && p.listId === ctx.priceListId) : undefined;
    const base = priceRows.find((p) => p.productId === row.id && p.code === 'base');
    const chosen = own ?? base;
    const visible = ctx.pricesVisible && !row.hidePrices && chosen !== undefined;
    return {
      sku: row.sku,
      priceInfo: visible ? { regular: majorOrNull(chosen.regular), special: majorOrNull(chosen.special), currency: ctx.currency } : null,
      // Without price permission a shopper sees neither prices nor availability.
      stock: !ctx.pricesVisible || row.effective === null ? null : {
        effectivestock: row.effective, externalstock: row.external ?? 0, markedInStock: row.marked ?? false,
      },
    };
  });
}
