// The price index suite, run on PGlite (price-index.test.ts) and on PostgreSQL
// (price-index-postgres.test.ts): the price call answers from memory (src/lib/server/catalog/price-index.ts)
// and still follows every change to prices, stock and products, whoever makes it, without a publish
// event: the database announces them (NOTIFY storefront_prices, migration 0007). On PostgreSQL the
// writer is another connection, as another instance or an import job would be.
// The caller points DATA_DIR or DATABASE_URL at the database before importing this file.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PriceContext } from '#lib/catalog/price.ts';
import type { PostgresServer } from './postgres.ts';

export async function priceIndexSuite(postgres?: PostgresServer): Promise<void> {
  const db = await import('#lib/server/db/index.ts');
  const { seedDemoData } = await import('#lib/server/demo/index.ts');
  const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');
  const { priceList } = await import('#lib/server/catalog/prices.ts');

  const GUEST: PriceContext = { currency: 'EUR', pricesVisible: true };
  const SKU = DEMO_FIXTURES.products.available;
  let writer: { query(text: string, values?: unknown[]): Promise<unknown>; end(): Promise<void> };

  const entry = async (sku: string = SKU, ctx = GUEST) => (await priceList([sku], ctx))[0];

  beforeAll(async () => {
    const database = await db.database();
    await database.migrate();
    await seedDemoData(database.db, { products: 40 });
    // The writer: a connection of its own on PostgreSQL; on PGlite (one connection per process) the app's.
    if (postgres) {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      writer = client;
    } else {
      writer = {
        query: async (text, values = []) =>
          (
            (await db.database()).db as unknown as { $client: { query(t: string, v: unknown[]): Promise<unknown> } }
          ).$client.query(text, values),
        end: async () => undefined,
      } as typeof writer;
    }
    await entry(); // built before the changes below
  }, 120_000);

  afterAll(async () => {
    await writer?.end();
    await db.closeDatabase();
    await postgres?.stop();
  });

  describe(`price index on ${postgres ? 'PostgreSQL' : 'PGlite'}`, () => {
    test('a price written by someone else shows in the next price calls, no publish needed', async () => {
      const before = await entry();
      expect(before?.priceInfo?.regular).toBeGreaterThan(0);
      await writer.query(
        `update prices set regular_cents = 123456, special_cents = null
        where product_id = (select id from products where sku = $1) and currency = 'EUR'
          and price_list_id = (select id from price_lists where code = 'base')`,
        [SKU],
      );
      await expect.poll(async () => (await entry())?.priceInfo?.regular, { timeout: 5_000 }).toBe(1234.56);
    });

    test('stock taken by an order shows at once in availability', async () => {
      await writer.query(
        `update stock set effective_stock = 7, external_stock = 3, marked_in_stock = false
        where product_id = (select id from products where sku = $1)`,
        [SKU],
      );
      await expect
        .poll(async () => (await entry())?.stock, { timeout: 5_000 })
        .toEqual({ effectivestock: 7, externalstock: 3, markedInStock: false });
    });

    test('a product taken off sale is no longer priced; put back on sale it is', async () => {
      const setActive = (active: boolean) =>
        writer.query('update products set is_active = $2 where sku = $1', [SKU, active]);
      await setActive(false);
      await expect.poll(() => entry(), { timeout: 5_000 }).toBeUndefined();
      await setActive(true);
      await expect.poll(async () => (await entry())?.sku, { timeout: 5_000 }).toBe(SKU);
    });

    test('a change of thousands of products is named in notices of 600 ids; only above 20,000 says "*"', async () => {
      const notices: string[] = [];
      const stop = await (await db.database()).listen('storefront_prices', (payload) => notices.push(payload));
      try {
        await writer.query('select notify_price_ids(array(select generate_series(1, 10000)))');
        await expect.poll(() => notices.length, { timeout: 5_000 }).toBe(17);
        const ids = notices.flatMap((n) => n.split(',').map(Number));
        expect(new Set(ids).size).toBe(10_000);
        expect(Math.max(...notices.map((n) => n.length))).toBeLessThan(8000);
        notices.length = 0;
        await writer.query('select notify_price_ids(array(select generate_series(1, 20001)))');
        await expect.poll(() => notices, { timeout: 5_000 }).toEqual(['*']);
      } finally {
        await stop();
      }
    });

    test('a special price shows with its last day, and not once that day has passed', async () => {
      const special: string = DEMO_FIXTURES.products.specialPrice;
      const until = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
      const setUntil = (day: string) =>
        writer.query(
          `update prices set special_until = $1::date where product_id = (select id from products where sku = $2)`,
          [day, special],
        );
      await setUntil(until(30));
      await expect
        .poll(async () => (await entry(special))?.priceInfo, { timeout: 5_000 })
        .toMatchObject({ regular: 249.99, special: 199.99, source: 'special', specialUntil: until(30) });
      await setUntil(until(-1));
      await expect
        .poll(async () => (await entry(special))?.priceInfo, { timeout: 5_000 })
        .toEqual({ regular: 249.99, special: null, currency: 'EUR' });
    });

    test('a change to every price at once shows for every product', async () => {
      await writer.query(`update prices set special_cents = null where currency = 'EUR'`);
      await writer.query(`update prices set regular_cents = 99900 where currency = 'EUR'
        and price_list_id = (select id from price_lists where code = 'base')`);
      await expect
        .poll(
          async () => (await priceList([SKU, DEMO_FIXTURES.products.limited], GUEST)).map((e) => e.priceInfo?.regular),
          { timeout: 5_000 },
        )
        .toEqual([999, 999]);
    });
  });
}
