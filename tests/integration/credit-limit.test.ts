// Payment on account (issue 36, item 3), on both databases: a company's credit limit against its open
// balance (its unpaid, uncancelled invoice orders). An invoice order beyond the limit is refused naming
// limit and balance and takes nothing; other payment methods and companies without a limit pass; the
// ERP's "paid" report and a cancellation lower the balance; two users of one company ordering at once
// never pass the limit together; the order history shows the figures to the company's admin only.
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import {
  CUSTOMER_COOKIE,
  type CookieJar,
  DEMO_FIXTURES,
  customerJar,
  newCompanyUser,
} from '../helpers/cart-harness.ts';
import { api, orderRequest, orderSuite, readyCart, stockOf, tally } from '../helpers/order-harness.ts';
import { applyStatusEvent } from '#lib/server/orders/status/apply.ts';
import { creditStanding } from '#lib/server/orders/credit.ts';
import { creditAllows, creditSummary } from '#lib/orders/credit.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
/** One piece of the available product at acme's price, with standard shipping and VAT: what one order costs. */
const ONE_PIECE = 1;

describe('the credit rule', () => {
  const standing = { limitCents: 10_000, balanceCents: 7_500, currency: 'EUR' };
  test('an order that reaches the limit exactly passes; one cent more does not', () => {
    expect(creditAllows(standing, 2_500)).toBe(true);
    expect(creditAllows(standing, 2_501)).toBe(false);
    expect(creditAllows({ ...standing, limitCents: null }, 10 ** 9)).toBe(true);
  });
  test('what is available never goes below 0, and is null without a limit', () => {
    const cents = (value: number) => String(value);
    expect(creditSummary(standing, cents)?.available).toBe('2500');
    expect(creditSummary({ ...standing, balanceCents: 12_000 }, cents)?.available).toBe('0');
    expect(creditSummary({ ...standing, limitCents: null }, cents)?.available).toBeNull();
  });
  test('the summary says nothing for a company without a limit that owes nothing', () => {
    const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;
    expect(creditSummary({ limitCents: null, balanceCents: 0, currency: 'EUR' }, euros)).toBeNull();
    expect(creditSummary({ limitCents: null, balanceCents: 500, currency: 'EUR' }, euros)).toEqual({
      limit: null,
      balance: '5.00 €',
      available: null,
    });
    expect(creditSummary(standing, euros)).toEqual({ limit: '100.00 €', balance: '75.00 €', available: '25.00 €' });
  });
});

forEachDatabase('credit limit', (ctx) => {
  const h = orderSuite(ctx);
  let acme: CookieJar;
  let acmeId = '';

  const setLimit = (cents: number | null) =>
    ctx.db.execute(sql`UPDATE customers SET credit_limit_cents = ${cents} WHERE id = ${acmeId}`);
  const balance = async () => (await creditStanding(ctx.db, acmeId))!.balanceCents;

  async function order(jar: CookieJar, quantity = ONE_PIECE, paymentMethodCode = 'invoice') {
    const cart = await readyCart(h, jar, { sku: P.available, quantity });
    return { cart, answer: await api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode })) };
  }

  beforeAll(async () => {
    acme = await customerJar(ctx.db, C.acme.email);
    acmeId = acme.values.get(CUSTOMER_COOKIE)!;
  });
  beforeEach(async () => {
    // Every test starts owing nothing: earlier tests' invoice orders are settled.
    await ctx.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE customer_id = ${acmeId}`);
    await setLimit(null);
  });

  test('an invoice order beyond the limit is refused, naming limit and balance, and takes nothing', async () => {
    const first = await order(acme);
    expect(first.answer.status, JSON.stringify(first.answer.body)).toBe(200);
    const owed = await balance();
    expect(owed).toBe(Math.round(first.answer.body.order!.cartInfo.totals!.grandTotalIncTax * 100));
    // Room for less than one more such order.
    await setLimit(owed + Math.floor(owed / 2));
    const stockBefore = await stockOf(ctx.db, P.available);
    const refused = await order(acme);
    expect(refused.answer.status).toBe(409);
    expect(refused.answer.body.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(refused.answer.body.details).toEqual({
      creditLimit: (owed + Math.floor(owed / 2)) / 100,
      openBalance: owed / 100,
      orderTotal: owed / 100,
      currency: 'EUR',
    });
    expect(refused.answer.body.message).toContain('credit limit');
    expect(await stockOf(ctx.db, P.available)).toEqual(stockBefore);
    expect(await balance()).toBe(owed);
    // Nothing is lost: the cart stays open, to be paid another way or ordered once the balance is paid.
    const [cart] = await rows<{ status: string }>(ctx.db, sql`SELECT status FROM carts WHERE id = ${refused.cart.id}`);
    expect(cart?.status).toBe('active');
    await setLimit(null);
    expect((await api(h, acme, 'orders', 'create', orderRequest(refused.cart))).status).toBe(200);
  });

  test('reaching the limit exactly is allowed; a company without a limit is never refused', async () => {
    const first = await order(acme);
    const owed = await balance();
    await setLimit(owed * 2);
    expect((await order(acme)).answer.status).toBe(200);
    expect(await balance()).toBe(owed * 2);
    expect((await order(acme)).answer.body.code).toBe('CREDIT_LIMIT_EXCEEDED');
    await setLimit(null);
    expect((await order(acme)).answer.status).toBe(200);
    expect(first.answer.status).toBe(200);
  });

  test("the ERP's paid report and a cancellation lower the balance; paid twice or for a card order is refused", async () => {
    const a = (await order(acme)).answer.body.order!;
    const b = (await order(acme)).answer.body.order!;
    const both = await balance();
    await applyStatusEvent(ctx.db, a.id, { type: 'paid' });
    expect(await balance()).toBe(both / 2);
    await expect(applyStatusEvent(ctx.db, a.id, { type: 'paid' })).rejects.toMatchObject({
      code: 'ORDER_ALREADY_PAID',
    });
    await applyStatusEvent(ctx.db, b.id, { type: 'cancelled' });
    expect(await balance()).toBe(0);
    const [event] = await rows<{ type: string }>(
      ctx.db,
      sql`SELECT type FROM outbox_events WHERE type = 'order.paid' AND payload->'data'->>'id' = ${a.id}`,
    );
    expect(event?.type).toBe('order.paid');
    const [card] = await rows<{ id: string }>(
      ctx.db,
      sql`UPDATE orders SET payment_method_code = 'stripe', payment_status = 'open' WHERE id = ${b.id} AND status = 'cancelled' RETURNING id`,
    );
    await ctx.db.execute(sql`UPDATE orders SET status = 'pending' WHERE id = ${card!.id}`);
    await expect(applyStatusEvent(ctx.db, card!.id, { type: 'paid' })).rejects.toMatchObject({
      code: 'NOT_ON_INVOICE',
    });
  });

  test('an invoice order in another currency than the limit is refused', async () => {
    await setLimit(1_000_000);
    const ready = await readyCart(h, acme, { sku: P.available, quantity: ONE_PIECE });
    // The shopper switched the shop to pounds; the company's limit is kept in euros.
    await ctx.db.execute(sql`UPDATE carts SET currency = 'GBP', version = version + 1 WHERE id = ${ready.id}`);
    const cart = (await api(h, acme, 'cart', 'get', { cartId: ready.id })).body.cart!;
    expect(cart.currency).toBe('GBP');
    const refused = await api(h, acme, 'orders', 'create', orderRequest(cart));
    expect(refused.body.code).toBe('CREDIT_CURRENCY');
    expect(refused.body.details).toEqual({ currency: 'EUR' });
    // The cart goes, so the next test starts from an empty one.
    const deleted = await api(h, acme, 'cart', 'delete', { cartId: cart.id, version: cart.version });
    expect(deleted.status).toBe(200);
  });

  test('two users ordering on invoice at once never pass the limit together', async () => {
    const probe = (await order(acme)).answer.body.order!;
    const one = await balance();
    expect(one).toBeGreaterThan(0);
    await ctx.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE id = ${probe.id}`);
    // Room for two of the four orders below.
    await setLimit(one * 2);
    const buyers = [acme];
    for (let i = 0; i < 3; i++) buyers.push((await newCompanyUser(ctx.db, C.acme.email, 'buyer')).jar);
    const carts = [];
    for (const jar of buyers)
      carts.push({ jar, cart: await readyCart(h, jar, { sku: P.available, quantity: ONE_PIECE }) });
    const answers = await Promise.all(
      carts.map(({ jar, cart }) => api(h, jar, 'orders', 'create', orderRequest(cart))),
    );
    expect(tally(answers)).toEqual({ '200': 2, '409 CREDIT_LIMIT_EXCEEDED': 2 });
    expect(await balance()).toBe(one * 2);
  });
});
