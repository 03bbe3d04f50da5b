// Who sees which price (docs/prices.md): the price-list endpoint answers per shopper, and when
// isPriceForGuestEnabled is off a guest gets no price and no availability, from the price list or
// from search, while a customer gets their own price list's prices.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { APIContext } from 'astro';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const schema = await import('#lib/server/db/schema.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');
const { priceList } = await import('#lib/server/catalog/prices.ts');
const { publish } = await import('#lib/server/publish/events.ts');
const prices = await import('../../src/pages/api/catalog/prices.ts');
const search = await import('../../src/pages/api/catalog/search.ts');
const products = await import('../../src/pages/api/catalog/products.ts');

const P = DEMO_FIXTURES.products;

async function post(handler: typeof prices.POST, body: unknown) {
  const request = new Request('http://localhost/api', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await handler({
    request,
    cookies: { get: () => undefined },
    url: new URL(request.url),
  } as unknown as APIContext);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one helper reads the answers of several endpoints
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

async function setGuestPrices(enabled: boolean): Promise<void> {
  const handle = await db.getDb();
  const [row] = await handle
    .select()
    .from(schema.contentBlocks)
    .where(sql`${schema.contentBlocks.type} = 'setting' and ${schema.contentBlocks.identifier} = 'branding'`);
  const config = row!.config as { flags: Record<string, unknown> };
  await handle
    .update(schema.contentBlocks)
    .set({ config: { ...config, flags: { ...config.flags, isPriceForGuestEnabled: enabled } } })
    .where(eq(schema.contentBlocks.id, row!.id));
  // As every writer of content does: the shop reads settings once per publish.
  await publish(await db.database(), { content: [{ type: 'setting', identifier: 'branding' }] }, { source: 'editor' });
}

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 40 });
});

afterAll(async () => {
  await db.closeDatabase();
});

describe('price list endpoint', () => {
  test('gives a guest public prices and stock in one answer for many skus', async () => {
    await setGuestPrices(true);
    const { status, json } = await post(prices.POST, { skus: [P.available, P.limited, 'NO-SUCH-SKU'] });
    expect(status).toBe(200);
    expect(json.pricesVisible).toBe(true);
    const available = json.items.find((i: { sku: string }) => i.sku === P.available);
    expect(available.priceInfo).toEqual({ regular: 188.99, special: null, currency: 'EUR' });
    expect(available.stock).toEqual({ effectivestock: 250, externalstock: 100, markedInStock: false });
    expect(json.items).toHaveLength(2);
  });

  test('gives a guest no price and no availability when guest prices are off', async () => {
    await setGuestPrices(false);
    const { json } = await post(prices.POST, { skus: [P.available] });
    expect(json.pricesVisible).toBe(false);
    expect(json.items[0]).toEqual({ sku: P.available, priceInfo: null, stock: null });
  });

  test('puts no price into search results for a guest when guest prices are off', async () => {
    await setGuestPrices(false);
    const { json } = await post(search.POST, { keyword: P.available, excludePrices: false, pricesLazyLoad: false });
    expect(json.data.length).toBeGreaterThan(0);
    for (const hit of json.data) expect(hit.priceInfo ?? null).toBeNull();
    await setGuestPrices(true);
  });

  test('with lazy prices off, a listing answer carries its prices and stock: no second call', async () => {
    await setGuestPrices(true);
    const { status, json } = await post(products.POST, { locale: 'de', catId: 1, limit: 5, pricesLazyLoad: false });
    expect(status).toBe(200);
    expect(json.data.length).toBeGreaterThan(0);
    expect(json.prices.pricesVisible).toBe(true);
    expect(json.prices.items.map((i: { sku: string }) => i.sku)).toEqual(json.data.map((c: { sku: string }) => c.sku));
    for (const item of json.prices.items) expect(item.stock).not.toBeUndefined();
    // Lazy (the default): the products alone.
    const lazy = await post(products.POST, { locale: 'de', catId: 1, limit: 5 });
    expect(lazy.json.prices).toBeUndefined();
  });

  test('rejects a request that sends prices of its own', async () => {
    const { status, json } = await post(prices.POST, { skus: [P.available], priceInfo: { regular: 1 } });
    expect(status).toBe(400);
    expect(json.code).toBe('VALIDATION_FAILED');
  });
});

describe('priceList', () => {
  test('prices a customer from their own price list, falling back to the public one', async () => {
    const handle = await db.getDb();
    const [acme] = await handle.select().from(schema.priceLists).where(eq(schema.priceLists.code, 'acme'));
    const entries = await priceList([P.available, P.notAvailable], {
      currency: 'EUR',
      priceListId: acme!.id,
      pricesVisible: true,
    });
    // The contract price undercuts the public one: it applies, shown against the public regular price.
    expect(entries.find((e) => e.sku === P.available)?.priceInfo).toMatchObject({
      regular: 188.99,
      special: 164.99,
      source: 'contract',
    });
    // The acme list has no price for this one: the public price applies.
    expect(entries.find((e) => e.sku === P.notAvailable)?.priceInfo?.regular).toBe(99.99);
  });
});
