// Orders under real concurrency. On PostgreSQL the requests run on a pool of 20 connections, like an
// app instance under load, so the cart lock, the guarded stock and coupon UPDATEs and the unique
// idempotency key are what keeps the outcome right. PGlite runs one transaction at a time: the same
// assertions there only prove the sequential outcome.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import {
  api,
  billingAddress,
  countOf,
  ok,
  orderHarness,
  tally,
  orderRequest,
  orderSuite,
  readyBrowsers,
  readyCart,
  shippingAddress,
  setStock,
  stockOf,
  type OrderHarness,
} from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { activateRegistration } from '#lib/server/auth/registrations.ts';
import { claimGuestOrder } from '#lib/server/orders/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { outboxActivationToken, useTemporaryDataDir } from '../helpers/accounts.ts';

const P = DEMO_FIXTURES.products;

/** Another tab of the same browser: the same cookies, sent with a request that is already on its way. */
function tab(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [k, v] of jar.values) copy.values.set(k, v);
  return copy;
}

useTemporaryDataDir();

forEachDatabase('orders under concurrency', (ctx) => {
  const h = orderSuite(ctx);
  /** The same handlers on a second pool of 20 connections (PostgreSQL); PGlite: the suite's database. */
  let ph: OrderHarness;

  beforeAll(async () => {
    const pool = await ctx.open({ poolSize: 20 });
    ph = orderHarness(() => pool.db);
  });

  describe.each(['guest', 'customer'] as const)('20 parallel submits with one idempotency key (%s)', (who) => {
    test('make exactly one order, and every answer carries its id', async () => {
      let jar = new CookieJar();
      if (who === 'customer') {
        await ctx.db.execute(
          sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${DEMO_FIXTURES.customers.normal.email}`,
        );
        jar = await customerJar(ctx.db, DEMO_FIXTURES.customers.normal.email);
      }
      const cart = await readyCart(h, jar, { quantity: 3 });
      const stockBefore = await stockOf(ctx.db, P.available);
      const request = orderRequest(cart);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => api(ph, tab(jar), 'orders', 'create', request)),
      );
      expect(tally(answers)).toEqual({ 200: 20 });
      const ids = new Set(answers.map((a) => a.body.order!.id));
      expect(ids.size).toBe(1);
      expect(answers.filter((a) => a.body.created === true)).toHaveLength(1);
      expect(
        await countOf(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = ${request.idempotencyKey}`,
        ),
      ).toBe(1);
      expect(await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cart.id}`)).toBe(1);
      expect(await stockOf(ctx.db, P.available)).toEqual({
        effective: stockBefore.effective - 3,
        external: stockBefore.external,
      });
    });
  });

  test('stock 1 and 10 checkouts at once from 10 carts: one order, nine 409 OUT_OF_STOCK, stock 0 and never negative', async () => {
    await setStock(ctx.db, P.limited, 1, 0);
    const shoppers = await readyBrowsers(h, 10, { sku: P.limited, quantity: 1 });
    const answers = await Promise.all(
      shoppers.map(({ jar, cart }) => api(ph, jar, 'orders', 'create', orderRequest(cart))),
    );
    expect(tally(answers)).toEqual({ 200: 1, '409 OUT_OF_STOCK': 9 });
    expect(await stockOf(ctx.db, P.limited)).toEqual({ effective: 0, external: 0 });
    const cartIds = shoppers.map((s) => s.cart.id);
    expect(
      await countOf(
        ctx.db,
        sql`SELECT count(*)::int AS n FROM orders
      WHERE cart_id IN (${sql.join(
        cartIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      ),
    ).toBe(1);
    // The nine losers still have their carts, unchanged, to order something else.
    for (const [i, answer] of answers.entries()) {
      if (answer.status === 200) continue;
      const { jar, cart } = shoppers[i]!;
      expect((await ok(api(h, jar, 'cart', 'get', {}))).cart).toMatchObject({ id: cart.id, version: cart.version });
    }
  });

  test('stock shared by parallel orders is taken exactly: 12 orders of 2 from effective 10 + external 15', async () => {
    await setStock(ctx.db, P.limited, 10, 15);
    const shoppers = await readyBrowsers(h, 12, { sku: P.limited, quantity: 2 });
    const answers = await Promise.all(
      shoppers.map(({ jar, cart }) => api(ph, jar, 'orders', 'create', orderRequest(cart))),
    );
    expect(tally(answers)).toEqual({ 200: 12 });
    expect(await stockOf(ctx.db, P.limited)).toEqual({ effective: 0, external: 1 });
  });

  test('10 guests asking for accounts with their orders at once all get their order; activating at once, each their own customer number', async () => {
    // Different products, so the orders do not queue on one stock row and the accounts are created side by side.
    const skus = [P.available, P.markedInStock, P.onlyExternal, P.specialPrice, P.variants[0]];
    const emails = Array.from({ length: 10 }, (_, i) => `rush-${i}-${Date.now()}@example.com`);
    const shoppers = await readyBrowsers(h, 10, (i) => ({
      sku: skus[i % skus.length],
      billing: billingAddress({ email: emails[i] }),
    }));
    // Account requests are limited per IP, and every in-process request comes from the same one.
    const clearLimits = () => ctx.db.execute(sql`DELETE FROM login_attempts`);
    await clearLimits();
    for (const shopper of shoppers) {
      const { cart, jar } = shopper;
      shopper.cart = (
        await ok(
          api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: 'Sicher-Passw0rt' }),
        )
      ).cart!;
    }
    await clearLimits();
    const answers = await Promise.all(
      shoppers.map(({ jar, cart }) => api(ph, jar, 'orders', 'create', orderRequest(cart))),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
    expect(answers.every((a) => !a.body.order!.hasAccount)).toBe(true);
    await backgroundSettled();
    // Customer numbers are max + 1: accounts activated side by side must still get one each.
    const tokens = emails.map((email) => outboxActivationToken(email)!);
    const activations = await Promise.all(
      tokens.map((token) =>
        activateRegistration(ctx.db, { token, password: 'Sicher-Passw0rt', ip: '10.40.0.1' }, claimGuestOrder),
      ),
    );
    expect(activations.every((a) => a.ok)).toBe(true);
    const numbers = await rows<{ customernum: string }>(
      ctx.db,
      sql`
      SELECT customernum FROM customers WHERE email IN (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
    expect(new Set(numbers.map((n) => n.customernum)).size).toBe(10);
    const attached = await countOf(
      ctx.db,
      sql`
      SELECT count(*)::int AS n FROM orders o JOIN customers c ON c.id = o.customer_id
      WHERE o.id IN (${sql.join(
        answers.map((a) => sql`${a.body.order!.id}`),
        sql`, `,
      )})`,
    );
    expect(attached).toBe(10);
  });

  test('ordering in one tab while another tab changes the address: exactly one of them happens', async () => {
    const shoppers = await readyBrowsers(h, 8);
    const outcomes = await Promise.all(
      shoppers.map(async ({ jar, cart }) => {
        const [order, edit] = await Promise.all([
          api(ph, tab(jar), 'orders', 'create', orderRequest(cart)),
          api(ph, tab(jar), 'checkout', 'update', {
            version: cart.version,
            shippingAddress: shippingAddress({ city: 'Ulm' }),
          }),
        ]);
        return { cart, order, edit };
      }),
    );
    for (const { cart, order, edit } of outcomes) {
      expect(
        [order.status, edit.status].filter((s) => s === 200),
        JSON.stringify([order.body, edit.body]),
      ).toHaveLength(1);
      const placed = await rows<{ city: string }>(
        ctx.db,
        sql`
        SELECT cart_info->'shippingAddress'->>'city' AS city FROM orders WHERE cart_id = ${cart.id}`,
      );
      // The order, when placed, holds the address the shopper saw with its version, never the edit.
      expect(placed.map((p) => p.city)).toEqual(order.status === 200 ? ['Stuttgart'] : []);
    }
  });

  test('10 parallel confirms of one order confirm it once and send one mail', async () => {
    const jar = new CookieJar();
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(await readyCart(h, jar))))).order!;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => api(ph, tab(jar), 'orders', 'confirm', { id: order.id })),
    );
    expect(tally(answers)).toEqual({ 200: 10 });
    expect(answers.every((a) => a.body.order!.status === 'confirmed')).toBe(true);
    expect(ph.state.mails.filter((m) => m.order.id === order.id)).toHaveLength(1);
  });

  test('single-use coupon ONCE in 20 carts, 20 orders at once: one succeeds with it, 19 get 400 COUPON_EXHAUSTED', async () => {
    const code = DEMO_FIXTURES.coupons.singleUse;
    await ctx.db.execute(sql`UPDATE coupons SET redemptions = 0 WHERE code = ${code}`);
    const shoppers = await readyBrowsers(h, 20, { coupon: code });
    expect(shoppers.every(({ cart }) => cart.couponStatus === 'applied')).toBe(true);
    const stockBefore = await stockOf(ctx.db, P.available);
    const answers = await Promise.all(
      shoppers.map(({ jar, cart }) => api(ph, jar, 'orders', 'create', orderRequest(cart))),
    );
    expect(tally(answers)).toEqual({ 200: 1, '400 COUPON_EXHAUSTED': 19 });
    const winner = answers.find((a) => a.status === 200)!.body.order!;
    expect(winner.cartInfo.couponCode).toBe(code);
    expect(winner.cartInfo.totals!.coupon_amount).toBeGreaterThan(0);
    const [coupon] = await rows<{ n: number }>(ctx.db, sql`SELECT redemptions AS n FROM coupons WHERE code = ${code}`);
    expect(coupon!.n).toBe(1);
    // The losers' stock reservations were rolled back with their orders.
    expect(await stockOf(ctx.db, P.available)).toEqual({
      effective: stockBefore.effective - 1,
      external: stockBefore.external,
    });
  });
});
