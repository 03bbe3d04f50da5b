// The price list: prices and stock for many skus, answered from memory. A customer with their own price
// list pays the lowest of that list's and the public prices (the best-price rule, docs/prices.md).
import { eq } from 'drizzle-orm';
import { customers } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import type { PriceListEntry, PriceListResponse } from '#lib/catalog/contract.ts';
import type { PriceContext } from '#lib/catalog/price.ts';
import { priceIndex } from './price-index-store.ts';

/** Prices and stock for many skus, from the in-memory price index (price-index.ts). */
export async function priceList(skus: string[], ctx: PriceContext): Promise<PriceListEntry[]> {
  if (skus.length === 0) return [];
  return (await priceIndex()).lookup(skus, ctx);
}

/** Whether the signed-in customer is excluded from taxation: their prices carry that note, not 'plus tax'. */
async function excludesTax(customerId: string | null): Promise<boolean> {
  if (!customerId) return false;
  const db = await getDb();
  const [row] = await db
    .select({ excludeTax: customers.excludeTax })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.excludeTax ?? false;
}

/** The price call's answer for a shopper (their customer id, if signed in, and their price context). */
export async function priceListAnswer(
  skus: string[],
  customerId: string | null,
  ctx: PriceContext,
): Promise<PriceListResponse> {
  const [items, excludeTax] = await Promise.all([priceList(skus, ctx), excludesTax(customerId)]);
  return { items, pricesVisible: ctx.pricesVisible, excludeTax };
}
