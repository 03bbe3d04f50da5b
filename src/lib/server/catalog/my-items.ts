// My Items: a customer's own price list, the products it prices in the customer's currency, by name,
// a page at a time. Which products belong to it comes from the database; what the customer pays for
// each and its stock come from the price index, by the same best-price rule as every price call (a
// list price above the public one is never charged).
import { and, asc, count, eq } from 'drizzle-orm';
import type { PriceListEntry } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { getDb } from '../db/index.ts';
import { prices, productTranslations, products } from '../db/schema.ts';
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

/** A page of the customer's price list; empty for a customer without a list of their own. */
export async function myItems(
  customer: { priceListId: number | null; currency: string }, locale: Locale, page: { limit: number; offset: number },
): Promise<MyItemsPage> {
  if (customer.priceListId === null) return { items: [], count: 0 };
  const db = await getDb();
  const onList = and(eq(prices.priceListId, customer.priceListId), eq(prices.currency, customer.currency), eq(products.isActive, true));
  const [rows, [total]] = await Promise.all([
    db.select({
      id: products.id, sku: products.sku, itemnum: products.itemnum, image: products.coverImage,
      name: productTranslations.name, slug: productTranslations.slug,
    }).from(prices)
      .innerJoin(products, eq(products.id, prices.productId))
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(onList)
      .orderBy(asc(productTranslations.name), asc(products.id))
      .limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(prices).innerJoin(products, eq(products.id, prices.productId)).where(onList),
  ]);
  const ctx: PriceContext = { currency: customer.currency, priceListId: customer.priceListId, pricesVisible: true };
  const offers = new Map((await priceList(rows.map((r) => r.sku), ctx)).map((entry) => [entry.sku, entry]));
  return { items: rows.map((row) => ({ ...row, offer: offers.get(row.sku) ?? null })), count: total?.n ?? 0 };
}
