// The signed-in customer's wishlist: the domain module on embedded PGlite and on a real PostgreSQL
// (merges racing each other), and the endpoints as the browser calls them (guests get 401).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { seedFixtures } from '../helpers/cart-harness.ts';
import { Browser, prepareDataDir } from '../helpers/auth-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { addWishlistItems, listWishlist, removeWishlistItem } from '#lib/server/wishlist/queries.ts';
import { closeDatabase } from '#lib/server/db/index.ts';
import type { Db } from '#lib/server/db/client.ts';
import * as loginRoute from '../../src/pages/api/auth/login.ts';
import * as wishlistRoute from '../../src/pages/api/wishlist/index.ts';
import * as itemsRoute from '../../src/pages/api/wishlist/items.ts';

const P = DEMO_FIXTURES.products;
const { normal, acme } = DEMO_FIXTURES.customers;

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
}

const skus = (list: { items: { product: { sku: string } }[] }) => list.items.map((i) => i.product.sku);

forEachDatabase('wishlist', (ctx) => {
  let customer: string;

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    customer = (await one<{ id: string }>(ctx.db, sql`SELECT id FROM customers WHERE email = ${normal.email}`)).id;
  });

  test('adds in the given order, merges without duplicates, names in the locale', async () => {
    const first = await addWishlistItems(ctx.db, customer, [P.limited, P.available], 'en');
    expect(skus(first)).toEqual([P.limited, P.available]);
    // Case-insensitive, already there, unknown: nothing changes but the one new product.
    const merged = await addWishlistItems(ctx.db, customer, [P.available.toLowerCase(), 'NO-SUCH-SKU', P.free], 'en');
    expect(skus(merged)).toEqual([P.limited, P.available, P.free]);
    expect(merged.items.every((i) => i.qty === 1)).toBe(true);
    const de = await listWishlist(ctx.db, customer, 'de');
    const en = await listWishlist(ctx.db, customer, 'en');
    expect(de.items[0]!.product.name).not.toBe('');
    expect(en.items[0]!.product.name).not.toBe(de.items[0]!.product.name);
    expect(en.items[0]!.product.id).toBe(de.items[0]!.product.id);
  });

  test('removes by sku; removing what is not there is no error', async () => {
    const after = await removeWishlistItem(ctx.db, customer, P.limited.toLowerCase(), 'de');
    expect(skus(after)).toEqual([P.available, P.free]);
    expect(skus(await removeWishlistItem(ctx.db, customer, 'NO-SUCH-SKU', 'de'))).toEqual([P.available, P.free]);
  });

  test('products taken off the catalogue drop out of the list', async () => {
    const other = (await one<{ id: string }>(ctx.db, sql`SELECT id FROM customers WHERE email = ${acme.email}`)).id;
    await addWishlistItems(ctx.db, other, [P.notAvailable, P.markedInStock], 'de');
    await ctx.db.execute(sql`UPDATE products SET is_active = false WHERE sku = ${P.notAvailable}`);
    try {
      expect(skus(await listWishlist(ctx.db, other, 'de'))).toEqual([P.markedInStock]);
    } finally {
      await ctx.db.execute(sql`UPDATE products SET is_active = true WHERE sku = ${P.notAvailable}`);
    }
  });

  test('two sign-ins merging at once leave each product once', async () => {
    const pool = await ctx.open({ poolSize: 10 });
    const other = (
      await one<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM customers WHERE email = ${DEMO_FIXTURES.customers.excludeTax.email}`,
      )
    ).id;
    const batch = [P.available, P.limited, P.free, P.specialPrice];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        addWishlistItems(i % 2 ? pool.db : ctx.db, other, i % 3 ? batch : [...batch].reverse(), 'de'),
      ),
    );
    const list = await listWishlist(ctx.db, other, 'de');
    expect([...skus(list)].sort()).toEqual([...batch].sort());
  });
});

describe('wishlist endpoints', () => {
  beforeAll(async () => {
    await prepareDataDir();
  });
  afterAll(async () => {
    await closeDatabase();
  });

  const list = (b: Browser, locale = 'en') =>
    b.call(wishlistRoute.GET, `/api/wishlist?locale=${locale}`, { method: 'GET' });
  const add = (b: Browser, body: unknown) => b.call(itemsRoute.POST, '/api/wishlist/items?locale=en', { body });
  const remove = (b: Browser, body: unknown) =>
    b.call(itemsRoute.DELETE, '/api/wishlist/items?locale=en', { method: 'DELETE', body });

  test('guests get 401: their wishlist stays in the browser', async () => {
    const guest = new Browser();
    expect((await list(guest)).body).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    expect((await add(guest, { items: [{ sku: P.available }] })).status).toBe(401);
    expect((await remove(guest, { sku: P.available })).status).toBe(401);
  });

  test('a signed-in customer loads, merges and removes, each answer the whole list', async () => {
    const b = new Browser();
    expect(
      (
        await b.call(loginRoute.POST, '/api/auth/login', {
          body: { username: normal.email, password: DEMO_FIXTURES.password },
        })
      ).status,
    ).toBe(200);
    expect((await list(b)).body).toEqual({ items: [] });
    const added = await add(b, { items: [{ sku: P.available }, { sku: P.free }] });
    expect(added.status).toBe(200);
    expect(skus(added.body)).toEqual([P.available, P.free]);
    expect(added.body.items[0]).toEqual({
      product: { id: expect.any(Number), sku: P.available, name: expect.any(String), image: expect.any(String) },
      qty: 1,
    });
    expect(skus((await remove(b, { sku: P.available })).body)).toEqual([P.free]);
    expect(skus((await list(b, 'de')).body)).toEqual([P.free]);
  });

  test('bodies are strict: unknown fields, empty lists and blank skus are rejected', async () => {
    const b = new Browser();
    await b.call(loginRoute.POST, '/api/auth/login', {
      body: { username: acme.email, password: DEMO_FIXTURES.password },
    });
    for (const body of [
      { items: [] },
      { items: [{ sku: ' ' }] },
      { items: [{ sku: 'X', qty: 2 }] },
      { items: [{ sku: 'X' }], extra: 1 },
      {},
    ]) {
      expect((await add(b, body)).body, JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    }
    expect((await remove(b, { sku: 'X', all: true })).status).toBe(400);
    expect((await add(b, { items: Array.from({ length: 201 }, (_, i) => ({ sku: `S${i}` })) })).status).toBe(400);
  });
});
