// The stock drain of issue 28, automated: guest invoice orders cost their sender nothing until they are
// paid and take stock when they are placed, so a script placed two orders of about 10 M€ and emptied
// most of the shop's stock. With the shipped caps (src/lib/server/orders/limits.ts) an order's value and
// pieces are bounded, one address and one e-mail hold at most three open unpaid orders, an unpaid order
// gives its stock back when its hold time ends (orders/expiry.ts), and a real shopper can still order.
// On PGlite and PostgreSQL; the parallel cases only race on PostgreSQL (PGlite runs one transaction at a time).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { parseEnv } from '#lib/server/env.ts';
import { logger } from '#lib/server/log.ts';
import { rows } from '../helpers/raw-rows.ts';
import { orderLimitsFromEnv, type OrderLimits } from '#lib/server/orders/limits.ts';
import { EXPIRY_LOCK_KEY } from '#lib/server/orders/expiry.ts';
import { applyAttemptReport } from '#lib/server/orders/lifecycle.ts';
import { useTemporaryDataDir } from '../helpers/accounts.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  api,
  billingAddress,
  countOf,
  ok,
  orderHarness,
  tally,
  orderRequest,
  orderSuite,
  readyCartVia,
  setStock,
  stockOf,
  type ApiAnswer,
  type OrderHarness,
  type ReadyOptions,
} from '../helpers/order-harness.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
/** The caps a shop gets without setting anything. */
const SHIPPED: OrderLimits = orderLimitsFromEnv(parseEnv({}));
const ATTACKER = '203.0.113.66';
const SHOPPER = '198.51.100.7';
/** 20 × 188.99 € + shipping: just under the guest value cap of 5,000 €. */
const UNDER_VALUE_CAP = 20;

const email = () => `drain-${randomUUID().slice(0, 8)}@example.com`;

useTemporaryDataDir();

forEachDatabase('stock drain', (ctx) => {
  const h = orderSuite(ctx);
  /** The same handlers on a second pool of 20 connections (PostgreSQL), for orders that really race. */
  let ph: OrderHarness;

  beforeAll(async () => {
    const pool = await ctx.open({ poolSize: 20 });
    ph = orderHarness(() => pool.db);
  });
  beforeEach(async () => {
    h.state.limits = SHIPPED;
    ph.state.limits = SHIPPED;
    // Every test starts with nothing open: earlier tests' orders are paid and out of the count.
    await ctx.db.execute(
      sql`UPDATE orders SET payment_status = 'paid', status = 'confirmed' WHERE status <> 'cancelled' AND payment_status <> 'paid'`,
    );
    await setStock(ctx.db, P.available, 250, 100);
  });

  /** A browser at an address with a cart ready to order (its own e-mail unless one is given). */
  async function browser(ip: string, options: ReadyOptions & { email?: string } = {}, harness: OrderHarness = h) {
    const jar = new CookieJar();
    const send = (domain: 'cart' | 'checkout' | 'orders', op: string, body: unknown) =>
      api(harness, jar, domain, op, body, { clientAddress: ip });
    const cart = await readyCartVia(send, {
      quantity: UNDER_VALUE_CAP,
      billing: billingAddress({ email: options.email ?? email() }),
      ...options,
    });
    return { jar, cart, send };
  }

  /** One guest order as a script places it: a fresh browser, a cart, the order. */
  async function guestOrder(
    ip: string,
    { pay, ...options }: ReadyOptions & { email?: string; pay?: string } = {},
  ): Promise<ApiAnswer> {
    const { cart, send } = await browser(ip, options);
    return send('orders', 'create', orderRequest(cart, { paymentMethodCode: pay ?? 'invoice' }));
  }

  describe('caps on guest orders', () => {
    test('one address, a new e-mail per order: the whole stock is refused by value, then three orders and no more', async () => {
      // The attack: the whole stock in one order on invoice.
      const all = await guestOrder(ATTACKER, { quantity: 350 });
      expect([all.status, all.body.code]).toEqual([409, 'ORDER_VALUE_LIMIT']);
      expect(all.body.details).toEqual({ maxTotal: 5000, currency: 'EUR' });
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250, external: 100 });

      // Then as much as the value cap lets through, over and over, with a fresh e-mail each time.
      const answers: ApiAnswer[] = [];
      for (let i = 0; i < 12; i++) answers.push(await guestOrder(ATTACKER));
      expect(tally(answers)).toEqual({ 200: 3, '429 TOO_MANY_OPEN_ORDERS': 9 });
      const refused = answers.at(-1)!.body.details as { maxOpenOrders: number; retryAfter: number };
      expect(refused.maxOpenOrders).toBe(3);
      expect(refused.retryAfter).toBeGreaterThan(23 * 3600);
      expect(refused.retryAfter).toBeLessThanOrEqual(24 * 3600);
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250 - 3 * UNDER_VALUE_CAP, external: 100 });

      // A real shopper at another address orders as ever.
      expect((await guestOrder(SHOPPER, { quantity: 2 })).status).toBe(200);
    });

    test('one e-mail from a new address per order: three orders and no more', async () => {
      const shared = email();
      const answers: ApiAnswer[] = [];
      for (let i = 0; i < 8; i++) answers.push(await guestOrder(`192.0.2.${10 + i}`, { email: shared.toUpperCase() }));
      expect(tally(answers)).toEqual({ 200: 3, '429 TOO_MANY_OPEN_ORDERS': 5 });
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250 - 3 * UNDER_VALUE_CAP, external: 100 });
      expect((await guestOrder(SHOPPER, { quantity: 1 })).status).toBe(200);
    });

    test('a new address of the same IPv6 /64 is the same client', async () => {
      const answers: ApiAnswer[] = [];
      for (let i = 1; i <= 4; i++) answers.push(await guestOrder(`2001:db8:1:2::${i}`, { quantity: 1 }));
      expect(tally(answers)).toEqual({ 200: 3, '429 TOO_MANY_OPEN_ORDERS': 1 });
    });

    test('an order over the value cap or the piece cap is refused and takes nothing', async () => {
      const { cart, send } = await browser(SHOPPER, { quantity: 30 });
      const over = await send('orders', 'create', orderRequest(cart));
      expect([over.status, over.body.code]).toEqual([409, 'ORDER_VALUE_LIMIT']);
      expect(await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM orders WHERE cart_id = ${cart.id}`)).toBe(0);
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250, external: 100 });

      // 501 bits at 4.99 € stay under the value cap, but not under 500 pieces.
      const bits = P.accessories[1];
      await setStock(ctx.db, bits, 1000, 0);
      const many = await guestOrder(SHOPPER, { sku: bits, quantity: 501 });
      expect([many.status, many.body.code, many.body.details]).toEqual([
        409,
        'ORDER_QUANTITY_LIMIT',
        { maxPieces: 500 },
      ]);
      expect(await stockOf(ctx.db, bits)).toEqual({ effective: 1000, external: 0 });
      expect((await guestOrder(SHOPPER, { sku: bits, quantity: 500 })).status).toBe(200);
    });

    test('parallel orders from one address cannot all pass the open-order cap', async () => {
      const ready = [];
      for (let i = 0; i < 8; i++) ready.push(await browser(ATTACKER, { quantity: 1 }, ph));
      const answers = await Promise.all(ready.map(({ cart, send }) => send('orders', 'create', orderRequest(cart))));
      expect(tally(answers)).toEqual({ 200: 3, '429 TOO_MANY_OPEN_ORDERS': 5 });
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 247, external: 100 });
    });

    test('parallel orders with one e-mail from many addresses cannot all pass either', async () => {
      const shared = email();
      const ready = [];
      for (let i = 0; i < 8; i++) ready.push(await browser(`192.0.2.${100 + i}`, { quantity: 1, email: shared }, ph));
      const answers = await Promise.all(ready.map(({ cart, send }) => send('orders', 'create', orderRequest(cart))));
      expect(tally(answers)).toEqual({ 200: 3, '429 TOO_MANY_OPEN_ORDERS': 5 });
    });

    test('a paid or cancelled order no longer counts as open, nor does one older than the hold time', async () => {
      const shared = email();
      const placed = [];
      for (let i = 0; i < 3; i++)
        placed.push((await ok(guestOrder(ATTACKER, { quantity: 1, email: shared }))).order!.id);
      expect((await guestOrder(ATTACKER, { quantity: 1 })).body.code).toBe('TOO_MANY_OPEN_ORDERS');
      await ctx.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE id = ${placed[0]!}`);
      expect((await guestOrder(ATTACKER, { quantity: 1 })).status).toBe(200);
      await ctx.db.execute(sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${placed[1]!}`);
      expect((await guestOrder(ATTACKER, { quantity: 1 })).status).toBe(200);
    });
  });

  describe("a customer's own limits", () => {
    beforeEach(async () => {
      await ctx.db.execute(sql`UPDATE customers SET max_order_total_cents = NULL, max_open_orders = NULL
        WHERE email = ${C.normal.email}`);
      await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${C.normal.email}`);
    });

    async function customerOrder(quantity: number): Promise<ApiAnswer> {
      await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${C.normal.email}`);
      const jar = await customerJar(ctx.db, C.normal.email);
      const send = (domain: 'cart' | 'checkout' | 'orders', op: string, body: unknown) =>
        api(h, jar, domain, op, body, { clientAddress: ATTACKER });
      const cart = await readyCartVia(send, { quantity });
      return send('orders', 'create', orderRequest(cart));
    }

    test('a signed-in customer has the higher customer defaults, and no guest cap of its address', async () => {
      // 100 × 188.99 € is over a guest's 5,000 € but within a customer's 50,000 €, from an address with three open guest orders.
      for (let i = 0; i < 3; i++) await ok(guestOrder(ATTACKER, { quantity: 1 }));
      expect((await customerOrder(100)).status).toBe(200);
      expect((await customerOrder(300)).body.code).toBe('ORDER_VALUE_LIMIT');
    });

    test("the customer's own value and open-order limits replace the defaults; null is the default again", async () => {
      await ctx.db.execute(
        sql`UPDATE customers SET max_order_total_cents = 100000, max_open_orders = 2 WHERE email = ${C.normal.email}`,
      );
      const over = await customerOrder(10);
      expect([over.status, over.body.code, over.body.details]).toEqual([
        409,
        'ORDER_VALUE_LIMIT',
        { maxTotal: 1000, currency: 'EUR' },
      ]);
      expect((await customerOrder(4)).status).toBe(200);
      expect((await customerOrder(4)).status).toBe(200);
      expect((await customerOrder(1)).body.code).toBe('TOO_MANY_OPEN_ORDERS');
      // A larger own limit lets more through than the default would.
      await ctx.db.execute(
        sql`UPDATE customers SET max_order_total_cents = 10000000, max_open_orders = NULL WHERE email = ${C.normal.email}`,
      );
      expect((await customerOrder(300)).status).toBe(200);
      expect((await customerOrder(1)).status).toBe(200);
    });
  });

  describe('unpaid orders expire', () => {
    const coupon = DEMO_FIXTURES.coupons.percent;
    const redemptions = async () =>
      Number(
        (await rows<{ n: number }>(ctx.db, sql`SELECT redemptions AS n FROM coupons WHERE code = ${coupon}`))[0]!.n,
      );
    const statusOf = async (id: string) =>
      (
        await rows<{ status: string; paymentStatus: string }>(
          ctx.db,
          sql`SELECT status, payment_status AS "paymentStatus" FROM orders WHERE id = ${id}`,
        )
      )[0];
    const age = (id: string, hours: number) =>
      ctx.db.execute(sql`UPDATE orders SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`);

    /** Pays an order as the provider's report does (lifecycle.ts), through a payment attempt of its own. */
    async function pay(orderId: string) {
      const [order] = await rows<{ cents: number; currency: string }>(
        ctx.db,
        sql`SELECT grand_total_cents AS cents, currency FROM orders WHERE id = ${orderId}`,
      );
      const ref = `pi_${randomUUID()}`;
      await ctx.db
        .execute(sql`INSERT INTO payments (order_id, provider, method_code, provider_ref, amount_cents, currency, status)
        VALUES (${orderId}, 'stripe', 'stripe', ${ref}, ${order!.cents}, ${order!.currency}, 'created')`);
      return applyAttemptReport(ctx.db, {
        provider: 'stripe',
        providerRef: ref,
        status: 'succeeded',
        amountCents: Number(order!.cents),
        currency: order!.currency,
        orderId,
      });
    }

    beforeEach(() => {
      h.state.payments = ALL_PAYMENTS;
    });
    afterEach(() => {
      vi.restoreAllMocks();
    });

    test('an abandoned online payment past the hold time is cancelled: exact stock and the coupon back, the buyer mailed; others untouched', async () => {
      // 4 pieces of a product with 2 on hand and 5 at the supplier: 2 + 2 taken, and exactly that must come back.
      await setStock(ctx.db, P.limited, 2, 5);
      const usedBefore = await redemptions();
      const abandoned = (await ok(guestOrder(SHOPPER, { sku: P.limited, quantity: 4, coupon, pay: 'stripe' }))).order!;
      expect(await stockOf(ctx.db, P.limited)).toEqual({ effective: 0, external: 3 });
      expect(await redemptions()).toBe(usedBefore + 1);

      const paid = (await ok(guestOrder(SHOPPER, { quantity: 1, pay: 'stripe' }))).order!;
      expect((await pay(paid.id)).order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      // An invoice order the shopper confirmed: a real order, bounded by the caps, not by the hold time.
      const invoiceBuyer = await browser(SHOPPER, { quantity: 1 });
      const invoice = (await ok(invoiceBuyer.send('orders', 'create', orderRequest(invoiceBuyer.cart)))).order!;
      expect((await ok(invoiceBuyer.send('orders', 'confirm', { id: invoice.id }))).order!.status).toBe('confirmed');
      const young = (await ok(guestOrder(SHOPPER, { quantity: 1, pay: 'paypal' }))).order!;
      for (const id of [abandoned.id, paid.id, invoice.id]) await age(id, 25);
      await age(young.id, 23);
      const stockBefore = await stockOf(ctx.db, P.available);
      const mailsBefore = h.state.cancellations.length;

      expect(await h.expireOrders(ctx.database)).toEqual({ ran: true, cancelled: 1, errors: 0 });

      expect(await statusOf(abandoned.id)).toEqual({ status: 'cancelled', paymentStatus: 'open' });
      expect(await stockOf(ctx.db, P.limited)).toEqual({ effective: 2, external: 5 });
      expect(await redemptions()).toBe(usedBefore);
      expect(
        await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM order_stock_holds WHERE order_id = ${abandoned.id}`),
      ).toBe(0);
      const mails = h.state.cancellations.slice(mailsBefore);
      expect(mails.map((m) => [m.order.id, m.order.status, m.locale])).toEqual([[abandoned.id, 'cancelled', 'de']]);
      expect(mails[0]!.access).toEqual(expect.any(String));

      expect(await statusOf(paid.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      expect(await statusOf(invoice.id)).toEqual({ status: 'confirmed', paymentStatus: 'open' });
      expect(await statusOf(young.id)).toEqual({ status: 'pending', paymentStatus: 'open' });
      expect(await stockOf(ctx.db, P.available)).toEqual(stockBefore);

      // Idempotent: the next run finds nothing to do.
      expect(await h.expireOrders(ctx.database)).toEqual({ ran: true, cancelled: 0, errors: 0 });
      expect(h.state.cancellations.length).toBe(mailsBefore + 1);
    });

    test('an invoice order never confirmed expires too; a cancelled order cannot be confirmed or paid afterwards', async () => {
      const { jar, cart, send } = await browser(SHOPPER, { quantity: 3 });
      const order = (await ok(send('orders', 'create', orderRequest(cart)))).order!;
      await age(order.id, 25);
      expect((await h.expireOrders(ctx.database)).cancelled).toBe(1);
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250, external: 100 });
      const confirm = await api(h, jar, 'orders', 'confirm', { id: order.id });
      expect([confirm.status, confirm.body.code]).toEqual([409, 'ORDER_CANCELLED']);
      const method = await api(h, jar, 'orders', 'paymentMethod', { orderId: order.id, paymentMethod: 'stripe' });
      expect([method.status, method.body.code]).toEqual([409, 'ORDER_CANCELLED']);
    });

    test('a payment that arrives after the order expired is kept on the order and logged at error level, never confirmed', async () => {
      const errors = vi.spyOn(logger, 'error');
      const order = (await ok(guestOrder(SHOPPER, { quantity: 2, pay: 'stripe' }))).order!;
      await age(order.id, 25);
      await h.expireOrders(ctx.database);
      const late = await pay(order.id);
      expect(late.becameConfirmed).toBe(false);
      expect(await statusOf(order.id)).toEqual({ status: 'cancelled', paymentStatus: 'paid' });
      expect(
        await countOf(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM payments WHERE order_id = ${order.id} AND status = 'succeeded'`,
        ),
      ).toBe(1);
      expect(errors).toHaveBeenCalledWith(
        expect.objectContaining({ orderId: order.id }),
        expect.stringContaining('cancelled order'),
      );
      // The stock went back once and stays back.
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250, external: 100 });
    });

    test('one instance at a time: while another holds the job, a run does nothing; then it does the work once', async () => {
      const order = (await ok(guestOrder(SHOPPER, { quantity: 2, pay: 'paypal' }))).order!;
      await age(order.id, 25);
      if (ctx.kind === 'postgres') {
        const other = await ctx.open({ poolSize: 2 });
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${EXPIRY_LOCK_KEY}::bigint)`);
          expect(await h.expireOrders(ctx.database)).toEqual({ ran: false, cancelled: 0, errors: 0 });
        });
        expect(await statusOf(order.id)).toEqual({ status: 'pending', paymentStatus: 'open' });
      }
      expect(await h.expireOrders(ctx.database)).toEqual({ ran: true, cancelled: 1, errors: 0 });
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250, external: 100 });
    });

    test('payments racing the expiry: every order ends either paid with its stock, or cancelled with its stock back', async () => {
      const placed = [];
      for (let i = 0; i < 8; i++)
        placed.push((await ok(guestOrder(`192.0.2.${200 + i}`, { quantity: 5, pay: 'stripe' }))).order!);
      for (const order of placed) await age(order.id, 25);
      const second = await ctx.open({ poolSize: 10 });
      await Promise.all([
        h.expireOrders(ctx.database),
        ...placed.filter((_, i) => i % 2 === 0).map((order) => pay(order.id).catch(() => null)),
        ph.expireOrders(second),
      ]);
      let taken = 0;
      for (const order of placed) {
        const state = await statusOf(order.id);
        const holds = await countOf(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM order_stock_holds WHERE order_id = ${order.id}`,
        );
        if (state!.status === 'cancelled') {
          expect(holds).toBe(0);
        } else {
          expect(state).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
          expect(holds).toBe(1);
          taken += 5;
        }
      }
      expect(await stockOf(ctx.db, P.available)).toEqual({ effective: 250 - taken, external: 100 });
      // Whatever won, each cancelled order was mailed once.
      const cancelled = new Set(h.state.cancellations.concat(ph.state.cancellations).map((m) => m.order.id));
      for (const order of placed) {
        if ((await statusOf(order.id))!.status === 'cancelled') expect(cancelled.has(order.id)).toBe(true);
      }
    });
  });
});
