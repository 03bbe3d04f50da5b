// The price list: prices and stock for many skus in one round trip. A customer with their own price
// list pays the lowest of that list's and the public prices (the best-price rule, docs/prices.md).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { customers, priceLists, prices, products, stock } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import { toMajor } from '#lib/cart/rules.ts';
import { bestPrice, type ListPrice } from '#lib/catalog/best-price.ts';

export interface PriceContext {
  currency: string;
  /** The signed-in customer's price list, if any. */
  priceListId?: number | null | undefined;
  /** False when the shopper may not see prices (guest with isPriceForGuestEnabled off). */
  pricesVisible: boolean;
}

const majorOrNull = (cents: number | null): number | null => (cents === null ? null : toMajor(cents));
const listPrice = (row: { regular: number; special: number | null } | undefined): ListPrice | null =>
  (row ? { regular: row.regular, special: row.special } : null);

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
    const best = bestPrice(listPrice(base), listPrice(own));
    const visible = ctx.pricesVisible && !row.hidePrices && best !== null;
    return {
      sku: row.sku,
      priceInfo: visible
        ? {
          regular: toMajor(best.regular), special: majorOrNull(best.special), currency: ctx.currency,
          // Only a price that undercuts the regular one needs a label.
          ...(best.source === 'regular' ? {} : { source: best.source }),
        }
        : null,
      // Without price permission a shopper sees neither prices nor availability.
      stock: !ctx.pricesVisible || row.effective === null ? null : {
        effectivestock: row.effective, externalstock: row.external ?? 0, markedInStock: row.marked ?? false,
      },
    };
  });
}

/** Whether the signed-in customer is excluded from taxation: their prices carry that note, not 'plus tax'. */
export async function excludesTax(customerId: string | null): Promise<boolean> {
  if (!customerId) return false;
  const db = await getDb();
  const [row] = await db.select({ excludeTax: customers.excludeTax }).from(customers).where(eq(customers.id, customerId));
  return row?.excludeTax ?? false;
}
