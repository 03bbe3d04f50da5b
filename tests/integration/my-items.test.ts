// My Items on the real database (src/lib/server/catalog/my-items.ts): exactly the products of the
// customer's own price list in their currency, active ones only, by name, 12 a page with the whole
// count, current soon after a publish; each priced by the best-price rule (never above the public price)
// and with its stock; a customer without a list of their own has none.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { foldTerm } from '#lib/search/fold.ts';
import type { Db } from '#lib/server/db/client.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const { database, closeDatabase } = await import('#lib/server/db/index.ts');
const { rows } = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { myItems } = await import('#lib/server/catalog/my-items.ts');
const { priceList } = await import('#lib/server/catalog/prices.ts');
const { PAGE_SIZES } = await import('#lib/catalog/listing.ts');
const { publishBus } = await import('#lib/server/publish/bus.ts');

/** What an import or the admin sends after changing products (the list's order is kept until one). */
const published = () =>
  publishBus.emit({ id: `test-${Date.now()}`, invalidation: { tags: ['products'] }, at: Date.now() });

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

const onList = (currency: string) =>
  rows<{ sku: string; name: string }>(
    db,
    sql`
  SELECT p.sku, t.name FROM prices pr JOIN products p ON p.id = pr.product_id AND p.is_active
  JOIN product_translations t ON t.product_id = p.id AND t.locale = 'en'
  WHERE pr.price_list_id = ${acme} AND pr.currency = ${currency}`,
  );

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
    // The list is read again in the background; meanwhile the old one answers, without the product.
    await expect
      .poll(async () => (await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit: 500, offset: 0 })).count)
      .toBe(before.count - 1);
    const after = await myItems({ priceListId: acme, currency: 'EUR' }, 'en', { limit: 500, offset: 0 });
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
    const guest = new Map(
      (await priceList(skus, { currency, priceListId: null, pricesVisible: true })).map((e) => [e.sku, e]),
    );
    expect(page.items.map((i) => i.offer)).toEqual(customer);
    for (const item of page.items) {
      const paid = item.offer?.priceInfo ? (item.offer.priceInfo.special ?? item.offer.priceInfo.regular) : null;
      const publicInfo = guest.get(item.sku)?.priceInfo;
      const publicPaid = publicInfo ? (publicInfo.special ?? publicInfo.regular) : null;
      if (paid !== null && publicPaid !== null) expect(paid, `${currency} ${item.sku}`).toBeLessThanOrEqual(publicPaid);
      expect(item.offer?.priceInfo?.currency ?? currency).toBe(currency);
    }
  }
});

test('a customer without a price list of their own has no items', async () => {
  expect(await myItems({ priceListId: null, currency: 'EUR' }, 'en', { limit: 12, offset: 0 })).toEqual({
    items: [],
    count: 0,
    total: 0,
    categories: [],
  });
});

describe('filters and sorting', () => {
  const list = { priceListId: 0, currency: 'EUR' };
  const all = { limit: 500, offset: 0 };
  beforeAll(() => {
    list.priceListId = acme;
  });

  test('a text filter keeps the items whose name, item number or sku holds every word, whatever the case or umlauts', async () => {
    const everything = await myItems(list, 'de', all);
    const target = everything.items.find((item) => /ä|ö|ü/i.test(item.name)) ?? everything.items[0]!;
    const word = target.name.split(' ')[0]!;
    const spelled = word.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue');
    const byName = await myItems(list, 'de', all, { q: spelled, category: null, sort: 'name' });
    expect(byName.items.map((i) => i.sku)).toContain(target.sku);
    expect(byName.count).toBe(byName.items.length);
    expect(byName.total).toBe(everything.total);
    for (const item of byName.items)
      expect(foldTerm(`${item.name} ${item.itemnum} ${item.sku}`)).toContain(foldTerm(spelled));
    const byItemnum = await myItems(list, 'de', all, { q: target.itemnum, category: null, sort: 'name' });
    expect(byItemnum.items.map((i) => i.sku)).toContain(target.sku);
    expect((await myItems(list, 'de', all, { q: 'zzzz-nothing', category: null, sort: 'name' })).count).toBe(0);
  });

  test('a category filter keeps the items of that top-level category; the filter offers each with its count', async () => {
    const everything = await myItems(list, 'de', all);
    expect(everything.categories.length).toBeGreaterThan(1);
    expect(everything.categories.reduce((sum, c) => sum + c.count, 0)).toBe(everything.total);
    const [first] = everything.categories;
    const filtered = await myItems(list, 'de', all, { q: '', category: first!.id, sort: 'name' });
    expect(filtered.count).toBe(first!.count);
    const roots = await rows<{ id: number }>(
      db,
      sql`
      SELECT p.id FROM products p JOIN product_categories pc ON pc.product_id = p.id JOIN categories c ON c.id = pc.category_id
      WHERE split_part(c.id_path, '/', 1)::int = ${first!.id}`,
    );
    const inCategory = new Set(roots.map((r) => r.id));
    for (const item of filtered.items) expect(inCategory.has(item.id), item.sku).toBe(true);
  });

  test('sorts by item number and by the list price, both ways, over the whole list', async () => {
    const up = await myItems(list, 'de', all, { q: '', category: null, sort: 'itemnum' });
    const itemnums = up.items.map((i) => i.itemnum);
    expect(itemnums).toEqual([...itemnums].sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
    const down = await myItems(list, 'de', all, { q: '', category: null, sort: 'itemnum-desc' });
    expect(down.items.map((i) => i.itemnum)).toEqual([...itemnums].reverse());
    const listPrices = new Map(
      (
        await rows<{ id: number; cents: number }>(
          db,
          sql`
      SELECT product_id AS id, COALESCE(special_cents, regular_cents) AS cents FROM prices WHERE price_list_id = ${acme} AND currency = 'EUR'`,
        )
      ).map((r) => [r.id, r.cents]),
    );
    const cheapFirst = (await myItems(list, 'de', all, { q: '', category: null, sort: 'price' })).items.map((i) =>
      listPrices.get(i.id)!,
    );
    expect(cheapFirst).toEqual([...cheapFirst].sort((a, b) => a - b));
    const dearFirst = (await myItems(list, 'de', all, { q: '', category: null, sort: 'price-desc' })).items.map((i) =>
      listPrices.get(i.id)!,
    );
    expect(dearFirst).toEqual([...cheapFirst].reverse());
  });
});
