// My Items: a customer's own price list, the products it prices in the customer's currency, by name,
// a page at a time. Which products belong to it, in name order, is read once per publish (as category
// counts are) and kept for the most recently used lists; a page then reads its 12 products alone. What
// the customer pays for each and its stock come from the price index, by the same best-price rule as
// every price call (a list price above the public one is never charged).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { getDb } from '../db/index.ts';
import { prices, productTranslations, products } from '../db/schema.ts';
import { publishedMemo } from '../publish/index.ts';
import { priceList, type PriceContext } from './prices.ts';

export interface MyItem {
  id: number;
  sku: string;
  itemnum: string;
  name: string;
  slug: string;
  image: string | null;
  /** The customer's price and the stock, as the price call answers them (null: no longer priced). */
  offer: PriceListEntry | null;
}

interface MyItemsPage {
  items: MyItem[];
  count: number;
}

/** Lists kept in name order: 20,000 entries take 80 KB; a shop may give every customer a list of their own. */
const ORDERS_KEPT = 64;
const listOrder = publishedMemo<Int32Array>({ maxEntries: ORDERS_KEPT });

/** The active products of a list in a currency, by name in the locale (ids). */
async function orderedList(priceListId: number, currency: string, locale: Locale): Promise<Int32Array> {
  return listOrder(`${priceListId}:${currency}:${locale}`, async () => {
    const db = await getDb();
    const ids = await db.select({ id: products.id }).from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(and(eq(prices.priceListId, priceListId), eq(prices.currency, currency), eq(products.isActive, true)))
      .orderBy(asc(productTranslations.name), asc(products.id));
    return Int32Array.from(ids, (row) => row.id);
  });
}

/** A page of the customer's price list; empty for a customer without a list of their own. */
export async function myItems(
  customer: { priceListId: number | null; currency: string }, locale: Locale, page: { limit: number; offset: number },
): Promise<MyItemsPage> {
  if (customer.priceListId === null) return { items: [], count: 0 };
  const order = await orderedList(customer.priceListId, customer.currency, locale);
  const ids = [...order.subarray(page.offset, page.offset + page.limit)];
  if (ids.length === 0) return { items: [], count: order.length };
  const db = await getDb();
  const rows = await db.select({
    id: products.id, sku: products.sku, itemnum: products.itemnum, image: products.coverImage,
    name: productTranslations.name, slug: productTranslations.slug,
  }).from(products)
    .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  const ctx: PriceContext = { currency: customer.currency, priceListId: customer.priceListId, pricesVisible: true };
  const offers = new Map((await priceList(found.map((r) => r.sku), ctx)).map((entry) => [entry.sku, entry]));
  return { items: found.map((row) => ({ ...row, offer: offers.get(row.sku) ?? null })), count: order.length };
}
