// The cart's bulk endpoints on the real database, PGlite and PostgreSQL: "add selected" and a quick
// order's lines go into the cart in one request at the server's prices (the customer's own list), each
// line the cart refuses reported with the reason a single add gives (by the JSON call and by the plain
// forms of /cart/add alike); the quick order's preview names
// each typed item number with its price and stock, or says why it cannot be ordered, and changes nothing.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CART_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  callHandler,
  customerJar,
  seedFixtures,
  testCartDeps,
} from '../helpers/cart-harness.ts';
import { bulkCartRoutes, type Offers } from '#lib/server/cart/bulk.ts';
import { cartForms } from '#lib/server/cart/forms.ts';
import { cartRoutes } from '#lib/server/cart/handlers.ts';
import type { AddManyResult, ResolvedQuickLine } from '#lib/cart/bulk-contract.ts';
import { MAX_BULK_LINES, MAX_QUANTITY } from '#lib/cart/rules.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

forEachDatabase('bulk cart', (ctx) => {
  beforeAll(async () => {
    await seedFixtures(ctx.db);
  });
  // The preview's prices come from the catalogue's in-memory index of the process database, which is
  // not this suite's; what the endpoint asks of it is recorded and answered from the suite's list price.
  const asked: { skus: string[]; priceListId: number | null; pricesVisible: boolean }[] = [];
  const offers: Offers = async (skus, { currency, priceListId, pricesVisible }) => {
    asked.push({ skus, priceListId, pricesVisible });
    return skus.map((sku) => ({
      sku,
      priceInfo: { regular: 1, special: null, currency },
      stock: { effectivestock: 5, externalstock: 0, markedInStock: false },
    }));
  };
  const handlers = bulkCartRoutes(
    testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }),
    offers,
  );
  const addMany = (jar: CookieJar, body: unknown) =>
    callHandler<AddManyResult & { code?: string }>(handlers.addMany, jar, '/api/cart/add-many', body);
  const resolve = (jar: CookieJar, body: unknown) =>
    callHandler<{ lines: ResolvedQuickLine[]; code?: string }>(
      handlers.resolveLines,
      jar,
      '/api/cart/resolve-lines',
      body,
    );
  const itemnumOf = async (sku: string) =>
    (
      (await ctx.db.execute(sql`SELECT itemnum FROM products WHERE sku = ${sku}`)) as unknown as {
        rows: { itemnum: string }[];
      }
    ).rows[0]!.itemnum;

  test("adds every acceptable line in one request at the customer's price and reports the others with their reason", async () => {
    const jar = await customerJar(ctx.db, C.acme.email);
    const { status, body } = await addMany(jar, {
      lines: [
        { sku: P.available, quantity: 3 },
        { sku: 'NO-SUCH-SKU', quantity: 1 },
        { sku: P.notAvailable, quantity: 1 },
        { sku: P.variantParent, quantity: 1 },
        { sku: P.specialPrice, quantity: 1 },
      ],
    });
    expect(status).toBe(200);
    expect(body.added).toEqual([
      { sku: P.available, quantity: 3 },
      { sku: P.specialPrice, quantity: 1 },
    ]);
    expect(body.refused).toEqual([
      { sku: 'NO-SUCH-SKU', code: 'PRODUCT_NOT_FOUND' },
      { sku: P.notAvailable, code: 'PRODUCT_NOT_AVAILABLE' },
      { sku: P.variantParent, code: 'PRODUCT_NOT_PURCHASABLE' },
    ]);
    const line = body.cart?.cartItems.find((item) => item.sku === P.available);
    expect(line?.quantity).toBe(3);
    // The acme list's price, below the public one.
    expect(line?.priceInfo?.special ?? line?.priceInfo?.regular).toBe(DEMO_FIXTURES.prices.available.acmeEUR / 100);
    // A second add of the same line sums into it.
    const again = await addMany(jar, { lines: [{ sku: P.available, quantity: 2 }] });
    expect(again.body.cart?.cartItems.find((item) => item.sku === P.available)?.quantity).toBe(5);
  });

  test('a line over the quantity limit is refused alone; the other lines of the request stay', async () => {
    const jar = await customerJar(ctx.db, C.normal.email);
    await addMany(jar, { lines: [{ sku: P.limited, quantity: MAX_QUANTITY }] });
    const { body } = await addMany(jar, {
      lines: [
        { sku: P.limited, quantity: 1 },
        { sku: P.markedInStock, quantity: 2 },
      ],
    });
    expect(body.refused).toEqual([{ sku: P.limited, code: 'INVALID_QUANTITY' }]);
    expect(body.added).toEqual([{ sku: P.markedInStock, quantity: 2 }]);
    expect(body.cart?.cartItems.find((item) => item.sku === P.limited)?.quantity).toBe(MAX_QUANTITY);
  });

  test('never takes a price, and refuses bad bodies as a whole: unknown fields, bad quantities, too many lines', async () => {
    const jar = await customerJar(ctx.db, C.normal.email);
    const priced = await addMany(jar, { lines: [{ sku: P.available, quantity: 1, price: 0.01 }] });
    expect(priced.status).toBe(400);
    expect((await addMany(jar, { lines: [{ sku: P.available, quantity: 1 }], total: 1 })).status).toBe(400);
    expect((await addMany(jar, { lines: [{ sku: P.available, quantity: 0 }] })).status).toBe(400);
    expect((await addMany(jar, { lines: [] })).status).toBe(400);
    expect(
      (
        await addMany(jar, {
          lines: Array.from({ length: MAX_BULK_LINES + 1 }, () => ({ sku: P.available, quantity: 1 })),
        })
      ).status,
    ).toBe(400);
    expect((await resolve(jar, { lines: [{ ref: P.available, quantity: 1, price: 1 }] })).status).toBe(400);
  });

  test('a guest whose lines are all refused gets no cart', async () => {
    const jar = new CookieJar();
    const { status, body } = await addMany(jar, { lines: [{ sku: P.notAvailable, quantity: 1 }] });
    expect(status).toBe(200);
    expect(body.cart).toBeNull();
    expect(jar.values.has(CART_COOKIE)).toBe(false);
  });

  test("the preview names each line by item number or sku, with the customer's price and stock, and adds nothing", async () => {
    const jar = await customerJar(ctx.db, C.acme.email);
    const itemnum = await itemnumOf(P.available);
    const cartLines = async () =>
      (
        (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM cart_items ci JOIN carts c ON c.id = ci.cart_id
      JOIN customers cu ON cu.id = c.customer_id WHERE cu.email = ${C.acme.email}`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    const before = await cartLines();
    const { status, body } = await resolve(jar, {
      lines: [
        { ref: itemnum.toUpperCase(), quantity: 2 },
        { ref: P.markedInStock.toLowerCase(), quantity: 1 },
        { ref: '99999-99', quantity: 1 },
        { ref: P.notAvailable, quantity: 1 },
        { ref: P.colourVariantParent, quantity: 1 },
      ],
      locale: 'en',
    });
    expect(status).toBe(200);
    const [byItemnum, bySku, unknown, gone, parent] = body.lines;
    expect(byItemnum).toMatchObject({
      ref: itemnum.toUpperCase(),
      quantity: 2,
      error: null,
      item: { sku: P.available, itemnum },
    });
    // Priced for the customer's own list, once for all lines.
    const acmeList = (
      (await ctx.db.execute(
        sql`SELECT price_list_id AS id FROM customers WHERE email = ${C.acme.email}`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    expect(asked.at(-1)).toEqual({
      skus: [P.available, P.markedInStock, P.notAvailable, P.colourVariantParent],
      priceListId: acmeList,
      pricesVisible: true,
    });
    expect(byItemnum!.item!.priceInfo).toEqual({ regular: 1, special: null, currency: 'EUR' });
    expect(byItemnum!.item!.name.length).toBeGreaterThan(0);
    expect(bySku).toMatchObject({ error: null, item: { sku: P.markedInStock } });
    expect(unknown).toEqual({ ref: '99999-99', quantity: 1, item: null, error: 'PRODUCT_NOT_FOUND' });
    expect(gone).toMatchObject({ error: 'PRODUCT_NOT_AVAILABLE', item: { sku: P.notAvailable } });
    expect(parent).toMatchObject({ error: 'PRODUCT_NOT_PURCHASABLE', item: { sku: P.colourVariantParent } });
    expect(await cartLines()).toBe(before);
  });

  test("the buy box's and My Items' plain forms are the JSON calls' own state changes: same lines, same codes", async () => {
    const deps = testCartDeps(() => ctx.db, { guestPrices: true, now: undefined });
    const { submitCartForm } = cartForms(deps);
    const add = (jar: CookieJar, body: unknown) =>
      callHandler<{ cart?: { cartItems: { sku: string; quantity: number }[] }; code?: string }>(
        cartRoutes(deps).add,
        jar,
        '/api/cart/add',
        body,
      );
    const jar = new CookieJar();
    const post = (fields: string) => {
      const url = new URL('http://localhost/cart/add');
      const request = new Request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: fields,
      });
      return submitCartForm(
        new URLSearchParams(fields),
        { request, url, cookies: jar.forRequest(), clientAddress: '127.0.0.1' },
        'en',
      );
    };
    expect(await post(`sku=${P.available}&quantity=2&return=%2Fp`)).toEqual({ ok: true, refused: [] });
    // The JSON add finds the form's line in the same cart (the guest's cookie) and adds to it.
    const added = await add(jar, { sku: P.available, quantity: 1 });
    expect(added.body.cart!.cartItems.find((line) => line.sku === P.available)?.quantity).toBe(3);
    for (const [fields, body] of [
      ['sku=' + P.available + '&quantity=0', { sku: P.available, quantity: 0 }],
      ['quantity=1', { sku: '', quantity: 1 }],
      ['sku=NO-SUCH-SKU&quantity=1', { sku: 'NO-SUCH-SKU', quantity: 1 }],
    ] as const) {
      const form = await post(fields);
      expect(form.ok).toBe(false);
      expect(!form.ok && form.error.code).toBe((await add(jar, body)).body.code);
    }
    expect(await post(`only=${P.available}&quantity-${P.available}=1`)).toEqual({ ok: true, refused: [] });
    expect(
      await post(
        `selected=1&sku=${P.notAvailable}&quantity-${P.notAvailable}=1&sku=${P.available}&quantity-${P.available}=1`,
      ),
    ).toEqual({ ok: true, refused: [{ sku: P.notAvailable, code: 'PRODUCT_NOT_AVAILABLE' }] });
    expect(await post('selected=1')).toMatchObject({
      ok: false,
      myItems: true,
      noneChosen: true,
      error: { code: 'VALIDATION_FAILED', status: 400 },
    });
    expect(await post(`only=${P.available}&quantity-${P.available}=many`)).toMatchObject({
      ok: false,
      myItems: true,
      noneChosen: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });
});
