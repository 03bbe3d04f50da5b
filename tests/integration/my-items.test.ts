// My Items on the real database (src/lib/server/catalog/my-items.ts): exactly the products of the
// customer's own price list in their currency, active ones only, by name, 12 a page with the whole
// count, current after a publish; each priced by the best-price rule (never above the public price)
// and with its stock; a customer without a list of their own has none.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '#lib/server/db/client.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const { database, closeDatabase, rows } = await import('#lib/server/db/index.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { myItems } = await import('#lib/server/catalog/my-items.ts');
const { priceList } = await import('#lib/server/catalog/prices.ts');
const { PAGE_SIZES } = await import('#lib/catalog/listing.ts');
const { publishBus } = await import('#lib/server/publish/bus.ts');

/** What an import or the admin sends after changing products (the list's order is kept until one). */
const published = () => publishBus.emit({ id: `test-${Date.now()}`, invalidation: { tags: ['products'] }, at: Date.now() });

let db: Db;
let acme: number;

beforeAll(async () => {
  const handle = await database();
  await handle.migrate();
  db = handle.db;
  await seedDemoData(db, {});
  acme = (await rows<{ id: number }>(db, sql`SELECT id FROM price_lists WHERE code = 'acme'`))[0]!.id;
});

afterAll(async () => {
  await closeDatabase();
});

const onList = (currency: string) => rows<{ sku: string; name: string }>(db, sql`
  SELECT p.sku, t.name FROM prices pr JOIN products p ON p.id = pr.product_id AND p.is_active
  JOIN product_translations t ON t.product_id = p.id AND t.locale = 'en'
  WHERE pr.price_list_id = ${acme} AND pr.currency = ${currency}`);

test('every page together is the list: its active products in the currency, by name, with the count', async () => {
  const expected = await onList('EUR');
  expect(expected.length).toBeGreaterThan(PAGE_SIZES.priceList);
  const limit = PAGE_SIZES.priceList;
  const seen: string[] = [];
  for (let offset = 0; offset < expected.length + limit; offset += limit) {
    const page = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit, offset });
    expect(page.count).toBe(expected.length);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    seen.push(...page.items.map((i) => i.sku));
  }
  expect(seen.sort()).toEqual(expected.map((r) => r.sku).sort());
  const first = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit, offset: 0 });
  const names = first.items.map((i) => i.name);
  expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('a deactivated product leaves the page at once, and the list and its count with the next publish', async () => {
  const before = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit: 500, offset: 0 });
  const gone = before.items[0]!;
  await db.execute(sql`UPDATE products SET is_active = false WHERE id = ${gone.id}`);
  try {
    const unpublished = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit: 500, offset: 0 });
    expect(unpublished.items.map((i) => i.id)).not.toContain(gone.id);
    await published();
    const after = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit: 500, offset: 0 });
    expect(after.count).toBe(before.count - 1);
    expect(after.items.map((i) => i.id)).not.toContain(gone.id);
  } finally {
    await db.execute(sql`UPDATE products SET is_active = true WHERE id = ${gone.id}`);
    await published();
  }
});

test('each item costs what the price call charges the customer, never more than a guest pays', async () => {
  for (const currency of ['EUR', 'GBP', 'USD']) {
    const page = await myItems({ priceListId: acme, currency }, 'de', { limit: 500, offset: 0 });
    const skus = page.items.map((i) => i.sku);
    const customer = await priceList(skus, { currency, priceListId: acme, pricesVisible: true });
    const guest = new Map((await priceList(skus, { currency, priceListId: null, pricesVisible: true })).map((e) => [e.sku, e]));
    expect(page.items.map((i) => i.offer)).toEqual(customer);
    for (const item of page.items) {
      const paid = item.offer?.priceInfo ? item.offer.priceInfo.special ?? item.offer.priceInfo.regular : null;
      const publicInfo = guest.get(item.sku)?.priceInfo;
      const publicPaid = publicInfo ? publicInfo.special ?? publicInfo.regular : null;
      if (paid !== null && publicPaid !== null) expect(paid, `${currency} ${item.sku}`).toBeLessThanOrEqual(publicPaid);
      expect(item.offer?.priceInfo?.currency ?? currency).toBe(currency);
    }
  }
});

test('a customer without a price list of their own has no items', async () => {
  expect(await myItems({ priceListId: null, currency: 'EUR' }, 'en', { limit: 12, offset: 0 })).toEqual({ items: [], count: 0, total: 0, categories: [] });
});
