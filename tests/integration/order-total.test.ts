// A cart can never add up to more than an order row holds (grand_total_cents is a 32-bit integer:
// 2^31 − 1 cents), on PGlite and PostgreSQL. The review's attack: pieces of an expensive product until
// the order's total passes the integer range, which answered 500 and logged the whole cart, addresses
// and e-mail included. Now the cart refuses the piece that passes MAX_CART_NET_CENTS (adding, bulk
// adding, changing a quantity), an order whose prices rose past it since is refused before anything is
// written, both with the coded 409 CART_VALUE_LIMIT; and a failed query never puts its parameters
// (addresses, e-mails) or the values of a failing row into a log line. Log lines are read as pino
// writes them with the shop's own options.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { logger, logOptions } from '#lib/server/log.ts';
import { rows } from '../helpers/raw-rows.ts';
import { MAX_CART_NET_CENTS } from '#lib/cart/rules.ts';
import { useTemporaryDataDir } from '../helpers/accounts.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, callHandler, testCartDeps } from '../helpers/cart-harness.ts';
import { bulkCartRoutes } from '#lib/server/cart/bulk.ts';
import type { AddManyResult } from '#lib/cart/bulk-contract.ts';
import {
  api,
  billingAddress,
  countOf,
  ok,
  orderRequest,
  orderSuite,
  readyCart,
  setStock,
  shippingAddress,
} from '../helpers/order-harness.ts';

const SKU = DEMO_FIXTURES.products.available;
const INT_MAX = 2 ** 31 - 1;

useTemporaryDataDir();

/** Every line the shop's logger writes while a test runs, as pino serializes it with the shop's options. */
function capturedLog(): { text: () => string; lines: () => Record<string, unknown>[] } {
  const written: string[] = [];
  const sink = pino(
    logOptions,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        written.push(chunk.toString());
        done();
      },
    }),
  );
  for (const level of ['fatal', 'error', 'warn', 'info'] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: Parameters<typeof sink.error>) =>
      sink[level](...args)) as never);
  }
  return { text: () => written.join(''), lines: () => written.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

forEachDatabase('orders beyond what an order row holds', (ctx) => {
  const h = orderSuite(ctx);
  const bulk = bulkCartRoutes(testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }));
  const addMany = (jar: CookieJar, body: unknown) =>
    callHandler<AddManyResult & { code?: string }>(bulk.addMany, jar, '/api/cart/add-many', body);
  let log: ReturnType<typeof capturedLog>;
  let prices: { list: number; currency: string; regular: number; special: number | null }[];

  beforeEach(async () => {
    log = capturedLog();
    await setStock(ctx.db, SKU, 100_000, 0);
    prices = await rows(
      ctx.db,
      sql`SELECT price_list_id AS list, currency, regular_cents AS regular, special_cents AS special
      FROM prices WHERE product_id = (SELECT id FROM products WHERE sku = ${SKU})`,
    );
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const p of prices) {
      await ctx.db.execute(sql`UPDATE prices SET regular_cents = ${p.regular}, special_cents = ${p.special}
        WHERE product_id = (SELECT id FROM products WHERE sku = ${SKU}) AND price_list_id = ${p.list} AND currency = ${p.currency}`);
    }
  });

  /** Sets the product's price in every list and currency, as a price import would. */
  const priceAt = (cents: number) =>
    ctx.db.execute(sql`UPDATE prices SET regular_cents = ${cents}, special_cents = NULL
    WHERE product_id = (SELECT id FROM products WHERE sku = ${SKU})`);
  const lineQuantities = async (cartId: string) =>
    (
      await rows<{ q: number }>(
        ctx.db,
        sql`SELECT quantity AS q FROM cart_items WHERE cart_id = ${cartId} ORDER BY created_at`,
      )
    ).map((r) => Number(r.q));

  test("the cap keeps an order's total (goods, VAT and shipping) far inside the integer column", () => {
    expect(MAX_CART_NET_CENTS).toBe(1_000_000_000);
    expect(Math.ceil(MAX_CART_NET_CENTS * 1.19) + 100_000_00).toBeLessThan(INT_MAX);
  });

  test('adding, bulk adding and raising a quantity past the cap: 409 CART_VALUE_LIMIT, the cart as it was', async () => {
    const piece = MAX_CART_NET_CENTS / 10;
    await priceAt(piece);
    const jar = new CookieJar();
    const cart = (await ok(api(h, jar, 'cart', 'add', { sku: SKU, quantity: 10 }))).cart!;
    expect(cart.totals!.subtotal_excl_tax).toBe(MAX_CART_NET_CENTS / 100);

    const more = await api(h, jar, 'cart', 'add', { sku: SKU, quantity: 1 });
    expect([more.status, more.body.code, more.body.status]).toEqual([409, 'CART_VALUE_LIMIT', 409]);
    expect(more.body.message).toEqual(expect.any(String));
    const raised = await api(h, jar, 'cart', 'quantity', {
      lineId: cart.cartItems[0]!.id,
      quantity: 9999,
      version: cart.version,
    });
    expect([raised.status, raised.body.code]).toEqual([409, 'CART_VALUE_LIMIT']);
    const many = await addMany(jar, { lines: [{ sku: SKU, quantity: 5 }] });
    expect(many.status, JSON.stringify(many.body)).toBe(200);
    expect(many.body.refused).toEqual([{ sku: SKU, code: 'CART_VALUE_LIMIT' }]);
    expect(await lineQuantities(cart.id)).toEqual([10]);
    expect(log.lines()).toEqual([]);
  });

  test('an order whose prices rose past the cap since: 409 CART_VALUE_LIMIT, nothing written, no address or e-mail logged', async () => {
    const jar = new CookieJar();
    const billing = billingAddress({ street: 'Geheimweg 77', city: 'Privatstadt' });
    await readyCart(h, jar, { quantity: 9999, billing });
    // A price import makes each piece 2,500 €: 9,999 pieces are about 25 million, past 2^31 cents.
    await priceAt(250_000);
    const seen = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
    expect(seen.totals!.grandTotalIncTax * 100).toBeGreaterThan(INT_MAX);

    const orders = () => countOf(ctx.db, sql`SELECT count(*)::int AS n FROM orders`);
    const before = await orders();
    const refused = await api(h, jar, 'orders', 'create', orderRequest(seen));
    expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([409, 'CART_VALUE_LIMIT']);
    expect(await orders()).toBe(before);
    expect((await ok(api(h, jar, 'cart', 'get', {}))).cart!.id).toBe(seen.id);
    for (const secret of [billing.email!, 'Geheimweg', 'Privatstadt', shippingAddress().street])
      expect(log.text()).not.toContain(secret);
    expect(log.lines().filter((l) => Number(l.level) >= 40)).toEqual([]);
  });

  describe('a failed query is logged without its parameters or the failing row', () => {
    const email = 'very.private@example.com';
    const street = 'Verborgene Gasse 13';

    async function failure(query: Promise<unknown>): Promise<unknown> {
      const error = await query.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, 'the query was meant to fail').toBeDefined();
      return error;
    }

    test.each([
      [
        'a value out of the integer range',
        22003,
        () => sql`SELECT ${email}::text AS e, ${street}::text AS s, ${3_000_000_000}::int AS total`,
      ],
      [
        'a duplicate key',
        23505,
        () => sql`INSERT INTO customers (email, customernum, first_name, last_name)
        SELECT ${email}, 'DUP-' || n, ${street}, 'Twice' FROM generate_series(1, 2) AS n`,
      ],
      [
        'a NOT NULL column left empty',
        23502,
        () => sql`INSERT INTO addresses (customer_id, first_name, last_name, street, city, postal_code, country, email)
        VALUES (NULL, 'Ada', 'Adresse', ${street}, 'Stuttgart', '70173', 'DE', ${email})`,
      ],
    ])('%s (SQLSTATE %s)', async (_label, code, query) => {
      const error = await failure(ctx.db.execute(query()));
      logger.error({ err: error, method: 'POST', path: '/api/orders/create' }, 'endpoint failed');
      const [line] = log.lines();
      expect(line).toMatchObject({
        msg: 'endpoint failed',
        err: expect.objectContaining({ message: expect.any(String) }),
      });
      // What explains the failure stays: the statement and PostgreSQL's code.
      expect(log.text()).toContain(String(code));
      expect(log.text()).toMatch(/SELECT|INSERT/);
      expect(log.text()).not.toContain(email);
      expect(log.text()).not.toContain(street);
    });
  });
});
