// Prices, price breaks and stock from an import. A product's prices are replaced per price list the
// record names (lists it does not name keep theirs); nothing is written when they are already so.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { literalRows } from '../db/index.ts';
import { prices, priceTiers, stock } from '../db/schema.ts';
import type { ImportProduct } from '#lib/import/record-contract.ts';
import type { ImportContext } from './context.ts';
import { RecordRefused } from './report.ts';

type Price = ImportProduct['prices'][number];

/** One price as written: from quantity 1 a row of prices, above it a row of price_tiers. */
export interface PriceRow {
  listId: number;
  currency: string;
  minQuantity: number;
  cents: number;
  /** Only from quantity 1: the special price and its last day. */
  specialCents: number | null;
  specialUntil: string | null;
}

/**
 * The prices as rows: per list and currency the lowest quantity's price is the price (a product sold
 * from 2 packs on is priced from 2), the higher ones its tiers. Two prices for one quantity are refused.
 */
export async function priceRows(tx: Db, given: readonly Price[], ctx: ImportContext): Promise<PriceRow[]> {
  const seen = new Set<string>();
  const lowest = new Map<string, number>();
  for (const p of given) {
    const at = `${p.list}|${p.currency}|${p.minQuantity}`;
    if (seen.has(at))
      throw new RecordRefused(
        'prices',
        `Two prices for list ${p.list} in ${p.currency} from quantity ${p.minQuantity}.`,
      );
    seen.add(at);
    const list = `${p.list}|${p.currency}`;
    lowest.set(list, Math.min(lowest.get(list) ?? Infinity, p.minQuantity));
  }
  const rows: PriceRow[] = [];
  for (const p of given) {
    const first = lowest.get(`${p.list}|${p.currency}`) === p.minQuantity;
    rows.push({
      listId: await ctx.priceList(tx, p.list),
      currency: p.currency,
      minQuantity: first ? 1 : p.minQuantity,
      cents: p.cents,
      specialCents: p.specialCents ?? null,
      specialUntil: p.specialUntil ?? null,
    });
  }
  return rows;
}

const NO_SPECIAL = { specialCents: null, specialUntil: null };

/** Replaces each product's prices in the lists its rows name (a product without rows keeps its prices). */
export async function writePrices(
  tx: Db,
  products: readonly { id: number; prices: readonly PriceRow[] }[],
): Promise<void> {
  const priced = products.filter((p) => p.prices.length > 0);
  if (priced.length === 0) return;
  const pairs = literalRows(
    [...new Set(priced.flatMap((p) => p.prices.map((r) => `${p.id}|${r.listId}`)))].map((k) =>
      k.split('|').map(Number),
    ),
  );
  await tx.execute(sql`DELETE FROM prices WHERE (product_id, price_list_id) IN (${pairs})`);
  await tx.execute(sql`DELETE FROM price_tiers WHERE (product_id, price_list_id) IN (${pairs})`);
  const all = priced.flatMap((p) => p.prices.map((r) => ({ id: p.id, ...r })));
  const base = all.filter((r) => r.minQuantity === 1);
  const tiers = all.filter((r) => r.minQuantity > 1);
  if (base.length > 0)
    await tx.execute(sql`INSERT INTO prices (price_list_id, product_id, currency, regular_cents, special_cents, special_until)
      VALUES ${literalRows(base.map((r) => [r.listId, r.id, r.currency, r.cents, r.specialCents, r.specialUntil]))}`);
  if (tiers.length > 0)
    await tx.execute(sql`INSERT INTO price_tiers (price_list_id, product_id, currency, min_quantity, cents)
      VALUES ${literalRows(tiers.map((r) => [r.listId, r.id, r.currency, r.minQuantity, r.cents]))}`);
}

const key = (r: PriceRow) =>
  `${r.listId}|${r.currency}|${r.minQuantity}|${r.cents}|${r.specialCents ?? ''}|${r.specialUntil ?? ''}`;

/** New prices for one known product (a prices record); true when anything changed. */
export async function replacePrices(
  tx: Db,
  productId: number,
  given: readonly Price[],
  ctx: ImportContext,
): Promise<boolean> {
  const wanted = await priceRows(tx, given, ctx);
  const lists = new Set(wanted.map((r) => r.listId));
  const [base, tiers] = await Promise.all([
    tx.select().from(prices).where(eq(prices.productId, productId)),
    tx.select().from(priceTiers).where(eq(priceTiers.productId, productId)),
  ]);
  const now = [
    ...base
      .filter((p) => lists.has(p.priceListId))
      .map((p) =>
        key({
          listId: p.priceListId,
          currency: p.currency,
          minQuantity: 1,
          cents: p.regularCents,
          specialCents: p.specialCents,
          specialUntil: p.specialUntil,
        }),
      ),
    ...tiers.filter((t) => lists.has(t.priceListId)).map((t) => key({ ...t, listId: t.priceListId, ...NO_SPECIAL })),
  ].sort();
  // The file's prices of a list are all of them: a special it does not name (also one set in the shop) goes.
  if (now.join() === wanted.map(key).sort().join()) return false;
  await writePrices(tx, [{ id: productId, prices: wanted }]);
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
