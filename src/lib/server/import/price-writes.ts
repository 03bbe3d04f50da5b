// Prices, price breaks and stock from an import. A product's prices are replaced per price list the
// record names (lists it does not name keep theirs); nothing is written when they are already so.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { prices, priceTiers, stock } from '../db/schema.ts';
import type { ImportProduct } from '#lib/import/record.ts';
import type { ImportContext } from './context.ts';
import { RecordRefused } from './report.ts';

type Price = ImportProduct['prices'][number];

/** One comparable line per price: list, currency, from quantity, cents. */
const key = (listId: number, currency: string, minQuantity: number, cents: number) =>
  `${listId}|${currency}|${minQuantity}|${cents}`;

function checkComplete(wanted: readonly Price[]): void {
  const seen = new Set<string>();
  for (const p of wanted) {
    const at = `${p.list}|${p.currency}|${p.minQuantity}`;
    if (seen.has(at))
      throw new RecordRefused(
        'prices',
        `Two prices for list ${p.list} in ${p.currency} from quantity ${p.minQuantity}.`,
      );
    seen.add(at);
  }
  for (const p of wanted) {
    if (!seen.has(`${p.list}|${p.currency}|1`))
      throw new RecordRefused(
        'prices',
        `List ${p.list} in ${p.currency} has a price from quantity ${p.minQuantity} but none from 1.`,
      );
  }
}

/** Replaces the product's prices in the lists `wanted` names; true when anything changed. */
export async function replacePrices(
  tx: Db,
  productId: number,
  wanted: readonly Price[],
  ctx: ImportContext,
): Promise<boolean> {
  if (wanted.length === 0) return false;
  checkComplete(wanted);
  const lists = new Map<string, number>();
  for (const code of new Set(wanted.map((p) => p.list))) lists.set(code, await ctx.priceList(tx, code));
  const listIds = [...lists.values()];
  const [base, tiers] = await Promise.all([
    tx
      .select()
      .from(prices)
      .where(and(eq(prices.productId, productId), inArray(prices.priceListId, listIds))),
    tx
      .select()
      .from(priceTiers)
      .where(and(eq(priceTiers.productId, productId), inArray(priceTiers.priceListId, listIds))),
  ]);
  const now = [
    ...base.map((p) => key(p.priceListId, p.currency, 1, p.regularCents)),
    ...tiers.map((t) => key(t.priceListId, t.currency, t.minQuantity, t.cents)),
  ].sort();
  const next = wanted.map((p) => key(lists.get(p.list)!, p.currency, p.minQuantity, p.cents)).sort();
  // A special price set in the shop is kept only while the regular price stays; any change replaces it.
  if (now.join() === next.join() && base.every((p) => p.specialCents === null)) return false;

  await tx.delete(prices).where(and(eq(prices.productId, productId), inArray(prices.priceListId, listIds)));
  await tx.delete(priceTiers).where(and(eq(priceTiers.productId, productId), inArray(priceTiers.priceListId, listIds)));
  const one = wanted.filter((p) => p.minQuantity === 1);
  const breaks = wanted.filter((p) => p.minQuantity > 1);
  await tx
    .insert(prices)
    .values(
      one.map((p) => ({ priceListId: lists.get(p.list)!, productId, currency: p.currency, regularCents: p.cents })),
    );
  if (breaks.length > 0)
    await tx.insert(priceTiers).values(
      breaks.map((p) => ({
        priceListId: lists.get(p.list)!,
        productId,
        currency: p.currency,
        minQuantity: p.minQuantity,
        cents: p.cents,
      })),
    );
  return true;
}

/** Sets the pieces in stock; true when that changed anything. */
export async function setStock(tx: Db, productId: number, pieces: number): Promise<boolean> {
  const [row] = await tx.select({ effective: stock.effectiveStock }).from(stock).where(eq(stock.productId, productId));
  if (row?.effective === pieces) return false;
  await tx
    .insert(stock)
    .values({ productId, effectiveStock: pieces })
    .onConflictDoUpdate({ target: stock.productId, set: { effectiveStock: pieces, updatedAt: new Date() } });
  return true;
}
