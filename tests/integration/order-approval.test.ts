// Budgets and order approval (docs/accounts.md), on both databases: an order beyond a buyer's limit or a
// budget waits for approval with its stock held and nothing sent out; approving places it (outbound event,
// ERP export, confirmation), rejecting cancels it and gives its stock back, nobody deciding lets it expire.
// The races run on PostgreSQL with a pool of 20 connections: two buyers spending the last of the company's
// budget at once never both skip approval; two approvers approving at once make one decision.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import { CUSTOMER_COOKIE, CookieJar, DEMO_FIXTURES } from '../helpers/cart-harness.ts';
import {
  api,
  orderHarness,
  orderRequest,
  orderSuite,
  readyCart,
  stockOf,
  type ApiAnswer,
  type OrderHarness,
} from '../helpers/order-harness.ts';
import { exportOne } from '#lib/server/order-export/query.ts';
import type { Role } from '#lib/account/roles.ts';
import { orderApprovalReasons } from '#lib/server/orders/spend.ts';

const P = DEMO_FIXTURES.products;

forEachDatabase('order approval', (ctx) => {
  const h = orderSuite(ctx);
  /** The same handlers on a pool of 20 connections (PostgreSQL); PGlite: the suite's database. */
  let ph: OrderHarness;
  /** What one piece of P.available costs in an order, in cents (shipping included). */
  let oneOrderCents = 0;

  interface Company {
    id: string;
    jar: Record<'admin' | 'buyer' | 'buyer2' | 'approver' | 'approver2', CookieJar>;
    userId: Record<'admin' | 'buyer' | 'buyer2' | 'approver' | 'approver2', string>;
  }

  /** A new company with an admin (its primary user), two buyers and two approvers, each signed in. */
  async function company(): Promise<Company> {
    const tag = randomUUID().slice(0, 8);
    const [customer] = await rows<{ id: string }>(
      ctx.db,
      sql`INSERT INTO customers (email, customernum, first_name, last_name, company)
          VALUES (${`admin-${tag}@co.example`}, ${`A${tag}`}, 'Ada', 'Admin', ${`Co ${tag}`}) RETURNING id`,
    );
    const users: [keyof Company['jar'], Role][] = [
      ['buyer', 'buyer'],
      ['buyer2', 'buyer'],
      ['approver', 'approver'],
      ['approver2', 'approver'],
    ];
    const c: Company = {
      id: customer!.id,
      jar: {} as Company['jar'],
      userId: { admin: customer!.id } as Company['userId'],
    };
    for (const [key, role] of users) {
      const [user] = await rows<{ id: string }>(
        ctx.db,
        sql`INSERT INTO customer_users (customer_id, email, name, role)
            VALUES (${c.id}, ${`${key}-${tag}@co.example`}, ${`${key} ${tag}`}, ${role}) RETURNING id`,
      );
      c.userId[key] = user!.id;
    }
    for (const key of Object.keys(c.userId) as (keyof Company['jar'])[]) {
      const jar = new CookieJar();
      jar.values.set(CUSTOMER_COOKIE, c.userId[key]);
      c.jar[key] = jar;
    }
    return c;
  }

  async function place(harness: OrderHarness, jar: CookieJar, quantity = 1, method = 'invoice'): Promise<ApiAnswer> {
    const cart = await readyCart(harness, jar, { sku: P.available, quantity });
    return api(harness, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: method }));
  }

  async function placed(jar: CookieJar, quantity = 1): Promise<string> {
    const answer = await place(h, jar, quantity);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.order!.id;
  }

  const setLimit = (userId: string, cents: number | null) =>
    ctx.db.execute(sql`UPDATE customer_users SET order_limit_cents = ${cents} WHERE id = ${userId}`);

  const eventsOf = async (orderId: string) =>
    (
      await rows<{ type: string }>(
        ctx.db,
        sql`SELECT type FROM outbox_events WHERE payload->'data'->>'id' = ${orderId} ORDER BY type`,
      )
    ).map((e) => e.type);

  const decide = (jar: CookieJar, orderId: string, decision: 'approved' | 'rejected', comment = '') =>
    api(h, jar, 'orders', 'decide', { orderId, decision, comment });

  beforeAll(async () => {
    const pool = await ctx.open({ poolSize: 20 });
    ph = orderHarness(() => pool.db);
    await ctx.db.execute(
      sql`UPDATE stock SET effective_stock = 100000 WHERE product_id = (SELECT id FROM products WHERE sku = ${P.available})`,
    );
    const probe = await company();
    const order = await placed(probe.jar.buyer);
    [{ cents: oneOrderCents }] = (await rows<{ cents: number }>(
      ctx.db,
      sql`SELECT grand_total_cents AS cents FROM orders WHERE id = ${order}`,
    )) as [{ cents: number }];
    expect(oneOrderCents).toBeGreaterThan(0);
  });

  test("an order over the buyer's limit waits: stock held, approvers mailed, nothing sent out, nothing paid", async () => {
    const c = await company();
    await setLimit(c.userId.buyer, oneOrderCents - 1);
    const before = await stockOf(ctx.db, P.available);
    const answer = await place(h, c.jar.buyer);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const order = answer.body.order!;
    expect(order.status).toBe('awaiting_approval');
    expect((order as { approval: unknown }).approval).toMatchObject({ reasons: ['orderLimit'], decision: null });
    expect((await stockOf(ctx.db, P.available)).effective).toBe(before.effective - 1);
    expect(await eventsOf(order.id)).toEqual([]);
    expect(await exportOne(ctx.db, order.id)).toBeNull();
    const mail = h.state.approvalRequests.find((m) => m.order.id === order.id);
    // The admin and both approvers; never the buyer, who cannot approve.
    expect(mail!.to.map((to) => to.split('-')[0]).sort()).toEqual(['admin', 'approver', 'approver2']);
    const confirm = await api(h, c.jar.buyer, 'orders', 'confirm', { id: order.id });
    expect([confirm.status, confirm.body.code]).toEqual([409, 'ORDER_AWAITING_APPROVAL']);
    // Within the limit, the next order is placed at once.
    await setLimit(c.userId.buyer, null);
    expect((await place(h, c.jar.buyer)).body.order!.status).toBe('pending');
  });

  test('approved on invoice: confirmed, order.created in the outbox, in the ERP export, buyer mailed', async () => {
    const c = await company();
    await setLimit(c.userId.buyer, 0);
    const id = await placed(c.jar.buyer);
    const answer = await decide(c.jar.approver, id, 'approved', 'Fine for the site.');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = await rows<{ status: string; decision: string; by: string; comment: string }>(
      ctx.db,
      sql`SELECT status, approval_decision AS decision, approval_decided_by AS by, approval_comment AS comment FROM orders WHERE id = ${id}`,
    );
    expect(row).toEqual({
      status: 'confirmed',
      decision: 'approved',
      by: c.userId.approver,
      comment: 'Fine for the site.',
    });
    expect(await eventsOf(id)).toEqual(['order.created']);
    expect((await exportOne(ctx.db, id))?.order.id).toBe(id);
    const outcome = h.state.approvalOutcomes.find((m) => m.order.id === id);
    expect(outcome?.order.approval).toMatchObject({ decision: 'approved', comment: 'Fine for the site.' });
    expect(h.state.mails.some((m) => m.order.id === id)).toBe(true);
    // Decided once: a second decision finds nothing waiting.
    const again = await decide(c.jar.approver2, id, 'rejected', 'Too late.');
    expect([again.status, again.body.code]).toEqual([409, 'ORDER_NOT_AWAITING_APPROVAL']);
  });

  test('approved when paid online: pending, and the buyer goes on to pay it', async () => {
    h.state.payments = { invoice: true, stripe: false, stripeSofort: false, paypal: true };
    const c = await company();
    await setLimit(c.userId.buyer, 0);
    const answer = await place(h, c.jar.buyer, 1, 'paypal');
    const id = answer.body.order!.id;
    const pay = await api(h, c.jar.buyer, 'orders', 'createPayment', { orderId: id, paymentMethodCode: 'paypal' });
    expect([pay.status, pay.body.code]).toEqual([409, 'ORDER_AWAITING_APPROVAL']);
    expect((await decide(c.jar.approver, id, 'approved')).status).toBe(200);
    const [row] = await rows<{ status: string }>(ctx.db, sql`SELECT status FROM orders WHERE id = ${id}`);
    expect(row!.status).toBe('pending');
    expect(await eventsOf(id)).toEqual(['order.created']);
    expect(h.state.approvalOutcomes.find((m) => m.order.id === id)?.order.status).toBe('pending');
  });

  test('rejected: cancelled with the reason, stock given back, the buyer mailed why; a rejection needs a reason', async () => {
    const c = await company();
    await setLimit(c.userId.buyer, 0);
    const before = await stockOf(ctx.db, P.available);
    const id = await placed(c.jar.buyer, 3);
    expect((await stockOf(ctx.db, P.available)).effective).toBe(before.effective - 3);
    const bare = await decide(c.jar.approver, id, 'rejected');
    expect([bare.status, bare.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await decide(c.jar.approver, id, 'rejected', 'Order from the framework contract instead.')).status).toBe(
      200,
    );
    expect((await stockOf(ctx.db, P.available)).effective).toBe(before.effective);
    const [row] = await rows<{ status: string; decision: string }>(
      ctx.db,
      sql`SELECT status, approval_decision AS decision FROM orders WHERE id = ${id}`,
    );
    expect(row).toEqual({ status: 'cancelled', decision: 'rejected' });
    expect(await eventsOf(id)).toEqual([]);
    expect(await exportOne(ctx.db, id)).toBeNull();
    const outcome = h.state.approvalOutcomes.find((m) => m.order.id === id);
    expect(outcome?.order.approval).toMatchObject({
      decision: 'rejected',
      comment: 'Order from the framework contract instead.',
      decidedBy: expect.stringContaining('approver'),
    });
    // The buyer's order page says it too.
    const seen = await api(h, c.jar.buyer, 'orders', 'get', { id });
    expect(seen.body.order).toMatchObject({ status: 'cancelled', approval: { decision: 'rejected' } });
  });

  test('nobody decides: after the approval hold time the order is cancelled, its stock given back, the buyer mailed', async () => {
    const c = await company();
    await setLimit(c.userId.buyer, 0);
    const before = await stockOf(ctx.db, P.available);
    const id = await placed(c.jar.buyer, 2);
    await ctx.db.execute(sql`UPDATE orders SET created_at = now() - interval '71 hours' WHERE id = ${id}`);
    await h.expireOrders(ctx.database);
    expect((await rows<{ status: string }>(ctx.db, sql`SELECT status FROM orders WHERE id = ${id}`))[0]!.status).toBe(
      'awaiting_approval',
    );
    await ctx.db.execute(sql`UPDATE orders SET created_at = now() - interval '73 hours' WHERE id = ${id}`);
    await h.expireOrders(ctx.database);
    const [row] = await rows<{ status: string; decision: string }>(
      ctx.db,
      sql`SELECT status, approval_decision AS decision FROM orders WHERE id = ${id}`,
    );
    expect(row).toEqual({ status: 'cancelled', decision: 'expired' });
    expect((await stockOf(ctx.db, P.available)).effective).toBe(before.effective);
    expect(await eventsOf(id)).toEqual([]);
    expect(h.state.approvalOutcomes.find((m) => m.order.id === id)?.order.approval?.decision).toBe('expired');
  });

  test("another company's approver gets the 404 of a made-up id; a buyer may not decide", async () => {
    const c = await company();
    const other = await company();
    await setLimit(c.userId.buyer, 0);
    const id = await placed(c.jar.buyer);
    const foreign = await decide(other.jar.approver, id, 'approved');
    expect([foreign.status, foreign.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const byBuyer = await decide(c.jar.buyer2, id, 'approved');
    expect([byBuyer.status, byBuyer.body.code]).toEqual([403, 'PERMISSION_DENIED']);
  });

  test('an approver cannot decide on their own order while a colleague can; alone, they may', async () => {
    const c = await company();
    await setLimit(c.userId.admin, 0);
    const id = await placed(c.jar.admin);
    const own = await decide(c.jar.admin, id, 'approved');
    expect([own.status, own.body.code]).toEqual([403, 'SELF_APPROVAL']);
    await ctx.db.execute(
      sql`UPDATE customer_users SET status = 'disabled' WHERE customer_id = ${c.id} AND role = 'approver'`,
    );
    expect((await decide(c.jar.admin, id, 'approved')).status).toBe(200);
  });

  test("monthly budgets: the user's and the company's spend this month, waiting orders included, cancelled ones not", async () => {
    const c = await company();
    await ctx.db.execute(
      sql`UPDATE customer_users SET monthly_budget_cents = ${oneOrderCents * 2} WHERE id = ${c.userId.buyer}`,
    );
    expect((await place(h, c.jar.buyer)).body.order!.status).toBe('pending');
    expect((await place(h, c.jar.buyer)).body.order!.status).toBe('pending');
    const third = (await place(h, c.jar.buyer)).body.order!;
    expect([third.status, third.approval?.reasons]).toEqual(['awaiting_approval', ['userBudget']]);
    // Another buyer has no budget of their own; the company's budget counts everyone's, the waiting one too.
    await ctx.db.execute(sql`UPDATE customers SET monthly_budget_cents = ${oneOrderCents * 3} WHERE id = ${c.id}`);
    const fourth = (await place(h, c.jar.buyer2)).body.order!;
    expect([fourth.status, fourth.approval?.reasons]).toEqual(['awaiting_approval', ['companyBudget']]);
    // Rejected orders stop counting.
    expect((await decide(c.jar.approver, third.id, 'rejected', 'No.')).status).toBe(200);
    expect((await decide(c.jar.approver, fourth.id, 'rejected', 'No.')).status).toBe(200);
    expect((await place(h, c.jar.buyer2)).body.order!.status).toBe('pending');
  });

  test('budgets are set by a company admin only, with coded errors for bad amounts', async () => {
    const c = await company();
    const other = await company();
    const set = (jar: CookieJar, body: Record<string, unknown>) => api(h, jar, 'orders', 'budgets', body);
    const ok = await set(c.jar.admin, { userId: c.userId.buyer, orderLimit: '1.250,50', monthlyBudget: '' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [user] = await rows<{ limit: number; budget: number | null }>(
      ctx.db,
      sql`SELECT order_limit_cents AS "limit", monthly_budget_cents AS budget FROM customer_users WHERE id = ${c.userId.buyer}`,
    );
    expect(user).toEqual({ limit: 125050, budget: null });
    expect((await set(c.jar.admin, { monthlyBudget: '10000' })).status).toBe(200);
    const codes = async (body: Record<string, unknown>, jar = c.jar.admin) => {
      const a = await set(jar, body);
      return [a.status, a.body.code];
    };
    expect(await codes({ userId: c.userId.buyer, orderLimit: '-5', monthlyBudget: '' })).toEqual([
      400,
      'BUDGET_NEGATIVE',
    ]);
    expect(await codes({ userId: c.userId.buyer, orderLimit: 'abc', monthlyBudget: '' })).toEqual([
      400,
      'BUDGET_NOT_A_NUMBER',
    ]);
    expect(await codes({ monthlyBudget: '1e9' })).toEqual([400, 'BUDGET_NOT_A_NUMBER']);
    expect(await codes({ userId: other.userId.buyer, orderLimit: '5', monthlyBudget: '' })).toEqual([
      404,
      'BUDGET_USER_NOT_FOUND',
    ]);
    expect(await codes({ monthlyBudget: '5' }, c.jar.buyer)).toEqual([403, 'PERMISSION_DENIED']);
    expect(await codes({ monthlyBudget: '5' }, c.jar.approver)).toEqual([403, 'PERMISSION_DENIED']);
  });

  describe('races', () => {
    // A company has one active cart until carts are per user, so the two buyers' orders meet here at the
    // step that decides: each transaction asks the rule under the company's row lock and writes its order.
    test('two buyers spending the last of the company budget at once: never both skip approval', async () => {
      const pool = await ctx.open({ poolSize: 20 });
      for (let round = 0; round < 5; round++) {
        const c = await company();
        // Room for one of the two orders, not for both.
        await ctx.db.execute(
          sql`UPDATE customers SET monthly_budget_cents = ${Math.floor(oneOrderCents * 1.5)} WHERE id = ${c.id}`,
        );
        const order = (userId: string) =>
          pool.db.transaction(async (tx) => {
            const reasons = await orderApprovalReasons(tx, {
              customerId: c.id,
              userId,
              totalCents: oneOrderCents,
              currency: 'EUR',
            });
            // Holding the lock a moment longer lets the other transaction arrive while it is held.
            await tx.execute(sql`SELECT pg_sleep(0.05)`);
            await tx.execute(sql`
              INSERT INTO orders (transactionnum, customer_id, user_id, status, email, currency, grand_total_cents, cart_info)
              VALUES (nextval('order_number_seq')::text, ${c.id}, ${userId}, ${reasons.length > 0 ? 'awaiting_approval' : 'pending'},
                'race@co.example', 'EUR', ${oneOrderCents}, '{}'::jsonb)`);
            return reasons;
          });
        const outcomes = await Promise.all([order(c.userId.buyer), order(c.userId.buyer2)]);
        expect(outcomes.map((r) => r.join()).sort()).toEqual(['', 'companyBudget']);
      }
    });

    test('two approvers approving at once place one order', async () => {
      for (let round = 0; round < 5; round++) {
        const c = await company();
        await setLimit(c.userId.buyer, 0);
        const id = await placed(c.jar.buyer);
        const answers = await Promise.all(
          (['approver', 'approver2'] as const).map((who) =>
            api(ph, c.jar[who], 'orders', 'decide', { orderId: id, decision: 'approved', comment: '' }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(answers.find((a) => a.status === 409)!.body.code).toBe('ORDER_NOT_AWAITING_APPROVAL');
        expect(await eventsOf(id)).toEqual(['order.created']);
      }
    });
  });
});
