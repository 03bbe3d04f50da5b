// The shipping domain's server side: shipping methods from the database, priced for one cart (the pure
// rules are in src/lib/checkout/shipping.ts). Cart, checkout and orders all read methods through here.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import type { LocalizedText } from '../db/schema.ts';
import { availableShippingMethods, type ShippingMethodRecord, type ShippingQuery } from '#lib/checkout/shipping.ts';
import { json, rows } from '../db/index.ts';

const StoredShippingMethod = z.object({
  code: z.string(),
  labels: json(z.record(z.string(), z.string())),
  countries: json(z.array(z.string())),
  priceCents: z.number(),
  freeFromCents: z.number().nullable(),
  // A price without a threshold is the same as one whose threshold is null: never free.
  currencyPrices: json(
    z.record(z.string(), z.object({ priceCents: z.number(), freeFromCents: z.number().nullable().default(null) })),
  ),
  position: z.number(),
}) satisfies z.ZodType<ShippingMethodRecord & { labels: LocalizedText }>;
export type StoredShippingMethod = z.infer<typeof StoredShippingMethod>;

export async function loadShippingMethods(db: Db, code?: string): Promise<StoredShippingMethod[]> {
  return rows(
    db,
    StoredShippingMethod,
    sql`
    SELECT code, labels, countries, price_cents AS "priceCents", free_from_cents AS "freeFromCents",
      currency_prices AS "currencyPrices", position
    FROM shipping_methods ${code === undefined ? sql`` : sql`WHERE code = ${code}`}`,
  );
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
