// The shipping domain's server side: shipping methods from the database, priced for one cart (the pure
// rules are in src/lib/checkout/shipping.ts). Cart, checkout and orders all read methods through here.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { LocalizedText } from '../db/schema.ts';
import { availableShippingMethods, type ShippingMethodRecord, type ShippingQuery } from '#lib/checkout/shipping.ts';
import { rows } from '../db/index.ts';

export interface StoredShippingMethod extends ShippingMethodRecord {
  labels: LocalizedText;
}

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function loadShippingMethods(db: Db, code?: string): Promise<StoredShippingMethod[]> {
  const found = await rows<StoredShippingMethod>(db, sql`
    SELECT code, labels, countries, price_cents AS "priceCents", free_from_cents AS "freeFromCents",
      currency_prices AS "currencyPrices", position
    FROM shipping_methods ${code === undefined ? sql`` : sql`WHERE code = ${code}`}`);
  return found.map((m) => ({
    ...m, labels: parsed(m.labels), countries: parsed(m.countries), currencyPrices: parsed(m.currencyPrices),
  }));
}

/** The methods that serve this cart's country and currency, each with its net price in cents. */
export async function shippingOptions(db: Db, query: ShippingQuery) {
  return availableShippingMethods(await loadShippingMethods(db), query);
}

/** Net cents of the stored method for a cart, or null when it no longer serves the cart. */
export async function storedMethodPrice(db: Db, code: string, query: ShippingQuery): Promise<number | null> {
  const [option] = availableShippingMethods(await loadShippingMethods(db, code), query);
  return option?.priceCents ?? null;
}

export const methodLabel = (method: { labels: LocalizedText; code: string }, locale: string): string =>
  method.labels[locale] ?? method.labels.de ?? Object.values(method.labels)[0] ?? method.code;
