// Scheduled reorders (issue 37, item 5) on both databases, through the real endpoints and the real
// runner: a buyer makes a past order recurring, changes, pauses, resumes and ends it; another company's
// schedule is 404 and a colleague's is not theirs to see. The runner, driven by the `now` it is given,
// places a due schedule's order through the checkout (prices of the day, stock held, the buyer's limit
// and approval), leaves out and reports the lines that cannot be ordered, moves the next date on by the
// interval, and runs each due date once: also when two runners pass at once (on PostgreSQL each on a
// pool of its own, like two instances of the shop), and again after a run that failed mid-way.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, expect, test } from 'vitest';
import type { APIRoute } from 'astro';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import {
  CUSTOMER_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  callHandler,
  newCompanyUser,
  testShopper,
} from '../helpers/cart-harness.ts';
import { api, orderRequest, orderSuite, readyCart, setStock, stockOf } from '../helpers/order-harness.ts';
import type { Db } from '#lib/server/db/client.ts';
import type { Order } from '#lib/checkout/contract.ts';
import type { Schedule } from '#lib/scheduled-reorders/contract.ts';
import { addDays, dayOf } from '#lib/scheduled-reorders/rules.ts';
import { scheduledReorderRoutes } from '#lib/server/scheduled-reorders/handlers.ts';
import { scheduledReorderRunner, type RunnerDeps } from '#lib/server/scheduled-reorders/runner.ts';
import type { ReorderReminder, ReorderReport } from '#lib/server/mail/index.ts';

process.env.LOG_LEVEL = 'silent';

const P = DEMO_FIXTURES.products;
const DAY_MS = 86_400_000;

forEachDatabase('scheduled reorders', (ctx) => {
  const h = orderSuite(ctx);
  /** Today as the endpoints see it: a fixed clock, so dates in the tests never straddle midnight. */
  const clock = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 9 * 3_600_000);
  const today = dayOf(clock);
  /** Noon UTC of a calendar day: the runner's `now`. */
  const at = (day: string) => new Date(`${day}T12:00:00Z`);

  const sent = {
    reminders: [] as ReorderReminder[],
    reports: [] as ReorderReport[],
    confirmations: [] as Order[],
    approvals: [] as { order: Order; to: string[] }[],
  };
  /** Fails the next `n` reads of the site features: a run that breaks after its claim. */
  let failures = 0;
  const runnerOn = (db: () => Db) =>
    scheduledReorderRunner({
      db: async () => db(),
      features: async () => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('the process died (test)');
        }
        return h.state.features;
      },
      payments: () => h.state.payments,
      orderLimits: () => h.state.limits,
      shopCurrency: () => 'EUR',
      sendConfirmation: async (order) => void sent.confirmations.push(order),
      sendApprovalRequest: async (order, approvers) =>
        void sent.approvals.push({ order, to: approvers.map((a) => a.email) }),
      sendReminder: async (reminder) => void sent.reminders.push(reminder),
      sendReport: async (report) => void sent.reports.push(report),
    } satisfies RunnerDeps);
  const runner = runnerOn(() => ctx.db);

  const routes = scheduledReorderRoutes({
    db: async () => ctx.db,
    shopper: (cookies) => testShopper(ctx.db, cookies),
    payments: () => h.state.payments,
    now: () => clock,
  });
  type Answer = {
    status: number;
    body: { schedule?: Schedule; schedules?: Schedule[]; code?: string } & Record<string, unknown>;
  };
  const call = (route: APIRoute, jar: CookieJar, op: string, body: unknown, query = '') =>
    callHandler<Answer['body']>(route, jar, `/api/account/reorders/${op}`, body, { query });
  const create = (jar: CookieJar, orderId: string, timing: Record<string, unknown> = {}) =>
    call(routes.create, jar, 'create', { orderId, intervalWeeks: 2, nextDate: addDays(today, 3), ...timing });
  const listOf = async (jar: CookieJar) => (await call(routes.list, jar, '', {}, '?locale=en')).body.schedules!;
  const expectCode = (answer: Answer, status: number, code: string) =>
    expect([answer.status, answer.body.code], JSON.stringify(answer.body)).toEqual([status, code]);

  interface Company {
    id: string;
    adminEmail: string;
    /** The buyer's e-mail address. */
    buyerEmail: string;
    jar: Record<'admin' | 'buyer' | 'buyer2' | 'viewer', CookieJar>;
    userId: Record<'admin' | 'buyer' | 'buyer2' | 'viewer', string>;
  }

  /** A new company with its admin (the primary user), two buyers and a viewer, each signed in. */
  async function company(): Promise<Company> {
    const tag = randomUUID().slice(0, 8);
    const adminEmail = `admin@${tag}.example`;
    const [customer] = await rows<{ id: string }>(
      ctx.db,
      sql`INSERT INTO customers (email, customernum, first_name, last_name, company)
          VALUES (${adminEmail}, ${`S${tag}`}, 'Ada', 'Admin', ${`Co ${tag}`}) RETURNING id`,
    );
    const admin = new CookieJar();
    admin.values.set(CUSTOMER_COOKIE, customer!.id);
    const [buyer, buyer2, viewer] = [
      await newCompanyUser(ctx.db, adminEmail, 'buyer'),
      await newCompanyUser(ctx.db, adminEmail, 'buyer'),
      await newCompanyUser(ctx.db, adminEmail, 'viewer'),
    ];
    const [email] = await rows<{ email: string }>(ctx.db, sql`SELECT email FROM customer_users WHERE id = ${buyer.id}`);
    return {
      id: customer!.id,
      adminEmail,
      buyerEmail: email!.email,
      jar: { admin, buyer: buyer.jar, buyer2: buyer2.jar, viewer: viewer.jar },
      userId: { admin: customer!.id, buyer: buyer.id, buyer2: buyer2.id, viewer: viewer.id },
    };
  }

  /** A past order of the jar's user: `lines` (sku, quantity), on invoice. */
  async function pastOrder(
    jar: CookieJar,
    lines: { sku: string; quantity: number }[] = [{ sku: P.available, quantity: 2 }],
  ) {
    const [first, ...more] = lines;
    let cart = await readyCart(h, jar, first);
    for (const line of more) {
      const added = await api(h, jar, 'cart', 'add', line);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      cart = added.body.cart!;
    }
    const answer = await api(h, jar, 'orders', 'create', orderRequest(cart));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.order!;
  }

  /** A buyer's schedule made from a new past order of theirs. */
  async function scheduled(
    c: Company,
    timing: Record<string, unknown> = {},
    lines?: { sku: string; quantity: number }[],
  ) {
    const order = await pastOrder(c.jar.buyer, lines);
    const answer = await create(c.jar.buyer, order.id, timing);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { order, schedule: answer.body.schedule! };
  }

  const runsOf = (scheduleId: string) =>
    rows<{ dueDate: string; outcome: string; orderId: string | null }>(
      ctx.db,
      sql`SELECT due_date::text AS "dueDate", outcome, order_id AS "orderId" FROM scheduled_reorder_runs
          WHERE schedule_id = ${scheduleId} ORDER BY due_date`,
    );
  const ordersOf = (userId: string) =>
    rows<{ id: string; status: string; cartInfo: Order['cartInfo'] }>(
      ctx.db,
      sql`SELECT id, status, cart_info AS "cartInfo" FROM orders WHERE user_id = ${userId} ORDER BY created_at`,
    );
  const scheduleRow = async (id: string) =>
    (
      await rows<{ nextDate: string; status: string }>(
        ctx.db,
        sql`SELECT next_date::text AS "nextDate", status FROM scheduled_reorders WHERE id = ${id}`,
      )
    )[0];

  beforeAll(async () => {
    await setStock(ctx.db, P.available, 100_000, 100);
  });
  // Each test's schedules are its own: a later test's runner passes (at later dates) must not run them.
  afterEach(async () => {
    await ctx.db.execute(sql`DELETE FROM scheduled_reorders`);
  });

  test('a buyer makes a past order recurring, changes, pauses, resumes and ends it', async () => {
    const c = await company();
    const order = await pastOrder(c.jar.buyer, [
      { sku: P.available, quantity: 2 },
      { sku: P.markedInStock, quantity: 3 },
    ]);
    const made = await create(c.jar.buyer, order.id, { intervalWeeks: 3, nextDate: addDays(today, 5) });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const schedule = made.body.schedule!;
    expect(schedule).toMatchObject({
      intervalWeeks: 3,
      nextDate: addDays(today, 5),
      endDate: null,
      status: 'active',
      sourceOrderId: order.id,
      sourceOrderNumber: order.transactionnum,
      lastRun: null,
    });
    expect(schedule.lines.map((l) => [l.sku, l.quantity, l.source])).toEqual([
      [P.available, 2, 'order'],
      [P.markedInStock, 3, 'order'],
    ]);
    expect((await listOf(c.jar.buyer)).map((s) => s.id)).toEqual([schedule.id]);

    const changed = await call(routes.change, c.jar.buyer, 'change', {
      id: schedule.id,
      intervalWeeks: 1,
      nextDate: addDays(today, 1),
      endDate: addDays(today, 60),
    });
    expect(changed.body.schedule).toMatchObject({
      intervalWeeks: 1,
      nextDate: addDays(today, 1),
      endDate: addDays(today, 60),
    });

    // Timing the server refuses, field by field.
    for (const [body, path] of [
      [{ intervalWeeks: 0, nextDate: addDays(today, 1) }, 'intervalWeeks'],
      [{ intervalWeeks: 53, nextDate: addDays(today, 1) }, 'intervalWeeks'],
      [{ intervalWeeks: 2, nextDate: addDays(today, -1) }, 'nextDate'],
      [{ intervalWeeks: 2, nextDate: '2026-02-30' }, 'nextDate'],
      [{ intervalWeeks: 2, nextDate: addDays(today, 401) }, 'nextDate'],
      [{ intervalWeeks: 2, nextDate: addDays(today, 9), endDate: addDays(today, 8) }, 'endDate'],
    ] as const) {
      const refused = await call(routes.change, c.jar.buyer, 'change', { id: schedule.id, ...body });
      expectCode(refused, 400, 'VALIDATION_FAILED');
      expect((refused.body.details as { path: string }[]).map((d) => d.path)).toContain(path);
    }

    const paused = await call(routes.pause, c.jar.buyer, 'pause', { id: schedule.id });
    expect(paused.body.schedule!.status).toBe('paused');
    // Paused past its date, it resumes on its rhythm from today on.
    await ctx.db.execute(
      sql`UPDATE scheduled_reorders SET next_date = ${addDays(today, -3)} WHERE id = ${schedule.id}`,
    );
    const resumed = await call(routes.resume, c.jar.buyer, 'resume', { id: schedule.id });
    expect(resumed.body.schedule).toMatchObject({ status: 'active', nextDate: addDays(today, 4) });

    const ended = await call(routes.end, c.jar.buyer, 'end', { id: schedule.id });
    expect(ended.body).toEqual({ ended: { id: schedule.id } });
    expect(await listOf(c.jar.buyer)).toEqual([]);
    expectCode(await call(routes.pause, c.jar.buyer, 'pause', { id: schedule.id }), 404, 'SCHEDULED_REORDER_NOT_FOUND');
  });

  test("another company's schedule is 404; a colleague sees only their own, the admin all; a viewer may not change", async () => {
    const c = await company();
    const other = await company();
    const { schedule } = await scheduled(c);
    for (const op of ['pause', 'resume', 'end'] as const)
      expectCode(await call(routes[op], other.jar.admin, op, { id: schedule.id }), 404, 'SCHEDULED_REORDER_NOT_FOUND');
    expectCode(
      await call(routes.change, other.jar.buyer, 'change', {
        id: schedule.id,
        intervalWeeks: 1,
        nextDate: addDays(today, 2),
      }),
      404,
      'SCHEDULED_REORDER_NOT_FOUND',
    );
    expect(await listOf(other.jar.admin)).toEqual([]);
    // A colleague neither sees nor changes it; the company's admin sees and may change it.
    expect(await listOf(c.jar.buyer2)).toEqual([]);
    expectCode(
      await call(routes.pause, c.jar.buyer2, 'pause', { id: schedule.id }),
      404,
      'SCHEDULED_REORDER_NOT_FOUND',
    );
    expect((await listOf(c.jar.admin)).map((s) => s.id)).toEqual([schedule.id]);
    expect((await call(routes.pause, c.jar.admin, 'pause', { id: schedule.id })).status).toBe(200);
    // A viewer's role may not order, so may not schedule orders either.
    expectCode(await call(routes.resume, c.jar.viewer, 'resume', { id: schedule.id }), 403, 'PERMISSION_DENIED');
    expect((await scheduleRow(schedule.id))!.status).toBe('paused');
    // Nobody makes a schedule of another company's order, nor of a colleague's they cannot see.
    const foreign = await pastOrder(other.jar.buyer);
    expectCode(await create(c.jar.admin, foreign.id), 404, 'ORDER_NOT_FOUND');
    const colleagues = await pastOrder(c.jar.buyer);
    expectCode(await create(c.jar.buyer2, colleagues.id), 404, 'ORDER_NOT_FOUND');
  });

  test('without invoice in the shop no schedule is made', async () => {
    const c = await company();
    const order = await pastOrder(c.jar.buyer);
    h.state.payments = { invoice: false, stripe: true, stripeSofort: false, paypal: false };
    expectCode(await create(c.jar.buyer, order.id), 409, 'SCHEDULED_REORDER_NO_INVOICE');
    expect(await listOf(c.jar.buyer)).toEqual([]);
  });

  test('a due schedule places one order at the prices of the day, confirmed on invoice; the next date moves on', async () => {
    const c = await company();
    const { order: source, schedule } = await scheduled(c, { intervalWeeks: 2, nextDate: addDays(today, 3) }, [
      { sku: P.available, quantity: 3 },
    ]);
    const due = schedule.nextDate;
    // Not due yet: nothing happens.
    expect((await runner(at(addDays(due, -2)))).runs).toEqual([]);
    // Prices doubled since the source order: the new order is priced by the server now.
    const product = sql`(SELECT id FROM products WHERE sku = ${P.available})`;
    await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents * 2, special_cents = special_cents * 2
      WHERE product_id = ${product}`);
    await ctx.db.execute(sql`UPDATE price_tiers SET cents = cents * 2 WHERE product_id = ${product}`);
    const stockBefore = await stockOf(ctx.db, P.available);

    const pass = await runner(at(due));
    expect(pass.runs.map((r) => [r.scheduleId, r.outcome])).toEqual([[schedule.id, 'placed']]);
    const placed = (await ordersOf(c.userId.buyer)).filter((o) => o.id !== source.id);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.status).toBe('confirmed');
    const [line] = placed[0]!.cartInfo.cartItems;
    expect([line!.sku, line!.quantity]).toEqual([P.available, 3]);
    expect(line!.rowTotal).toBeCloseTo(2 * source.cartInfo.cartItems[0]!.rowTotal!, 2);
    expect((await stockOf(ctx.db, P.available)).effective).toBe(stockBefore.effective - 3);
    expect(await runsOf(schedule.id)).toEqual([{ dueDate: due, outcome: 'placed', orderId: placed[0]!.id }]);
    expect(await scheduleRow(schedule.id)).toEqual({ nextDate: addDays(due, 14), status: 'active' });
    expect(sent.confirmations.filter((o) => o.id === placed[0]!.id)).toHaveLength(1);
    // The buyer is told once what was ordered.
    const reports = sent.reports.filter((r) => r.order?.id === placed[0]!.id);
    expect(reports).toEqual([expect.objectContaining({ outcome: 'placed', leftOut: [], refusal: null })]);
    expect(reports[0]!.to.email).toBe(c.buyerEmail);
    // The buyer's own cart is theirs again: the runner's cart went into the order.
    const [user] = await rows<{ active: string | null }>(
      ctx.db,
      sql`SELECT active_cart_id AS active FROM customer_users WHERE id = ${c.userId.buyer}`,
    );
    expect(user!.active).toBeNull();

    // The same day again, and a later pass: one order, one report.
    await runner(at(due));
    await runner(at(addDays(due, 1)));
    expect(await ordersOf(c.userId.buyer)).toHaveLength(2);
    expect(sent.reports.filter((r) => r.order?.id === placed[0]!.id)).toHaveLength(1);
    const seen = (await listOf(c.jar.buyer))[0]!;
    expect(seen.lastRun).toMatchObject({ dueDate: due, outcome: 'placed', orderNumber: expect.any(String) });
    await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents / 2, special_cents = special_cents / 2
      WHERE product_id = ${product}`);
    await ctx.db.execute(sql`UPDATE price_tiers SET cents = cents / 2 WHERE product_id = ${product}`);
  });

  test('lines out of stock or gone are left out and reported; with none left nothing is ordered', async () => {
    const c = await company();
    const { schedule } = await scheduled(c, {}, [
      { sku: P.available, quantity: 1 },
      { sku: P.limited, quantity: 1 },
      { sku: P.specialPrice, quantity: 1 },
    ]);
    await setStock(ctx.db, P.limited, 0, 0);
    await ctx.db.execute(sql`UPDATE products SET is_active = false WHERE sku = ${P.specialPrice}`);
    try {
      const [run] = (await runner(at(schedule.nextDate))).runs;
      expect(run!.outcome).toBe('placed');
      expect(run!.leftOut.map((l) => [l.sku, l.reason])).toEqual([
        [P.limited, 'out-of-stock'],
        [P.specialPrice, expect.stringMatching(/^(gone|not-orderable)$/)],
      ]);
      expect(run!.order!.cartInfo.cartItems.map((i) => i.sku)).toEqual([P.available]);
      const report = sent.reports.find((r) => r.order?.id === run!.order!.id)!;
      expect(report.leftOut.map((l) => l.sku)).toEqual([P.limited, P.specialPrice]);

      // Next time the one orderable line is gone too: no order, the buyer is told why.
      await setStock(ctx.db, P.available, 0, 0);
      const next = (await scheduleRow(schedule.id))!.nextDate;
      const before = (await ordersOf(c.userId.buyer)).length;
      const [nothing] = (await runner(at(next))).runs;
      expect(nothing).toMatchObject({ outcome: 'nothing_orderable', order: null });
      expect(nothing!.leftOut).toHaveLength(3);
      expect(await ordersOf(c.userId.buyer)).toHaveLength(before);
      expect(sent.reports.filter((r) => r.to.email === c.buyerEmail).at(-1)).toMatchObject({
        outcome: 'nothing_orderable',
        order: null,
      });
      expect((await scheduleRow(schedule.id))!.nextDate).toBe(addDays(next, 14));
    } finally {
      await setStock(ctx.db, P.limited, 2, 5);
      await setStock(ctx.db, P.available, 100_000, 100);
      await ctx.db.execute(sql`UPDATE products SET is_active = true WHERE sku = ${P.specialPrice}`);
    }
  });

  test("an order over the buyer's limit waits for approval, as at checkout; the approvers are asked", async () => {
    const c = await company();
    const { schedule } = await scheduled(c);
    await ctx.db.execute(sql`UPDATE customer_users SET order_limit_cents = 1 WHERE id = ${c.userId.buyer}`);
    const [run] = (await runner(at(schedule.nextDate))).runs;
    expect(run!.outcome).toBe('awaiting_approval');
    expect(run!.order!.status).toBe('awaiting_approval');
    expect(run!.order!.approvalReasons).toEqual(['orderLimit']);
    const asked = sent.approvals.find((a) => a.order.id === run!.order!.id)!;
    expect(asked.to).toContain(c.adminEmail);
    expect(sent.confirmations.some((o) => o.id === run!.order!.id)).toBe(false);
    expect(sent.reports.find((r) => r.order?.id === run!.order!.id)).toMatchObject({ outcome: 'awaiting_approval' });
  });

  test("a credit limit the order would pass refuses the run with the checkout's code; nothing is ordered", async () => {
    const c = await company();
    const { schedule } = await scheduled(c);
    await ctx.db.execute(sql`UPDATE customers SET credit_limit_cents = 1 WHERE id = ${c.id}`);
    const before = (await ordersOf(c.userId.buyer)).length;
    const [run] = (await runner(at(schedule.nextDate))).runs;
    expect(run).toMatchObject({ outcome: 'refused', refusal: 'CREDIT_LIMIT_EXCEEDED', order: null });
    expect(await ordersOf(c.userId.buyer)).toHaveLength(before);
    expect(await runsOf(schedule.id)).toEqual([{ dueDate: schedule.nextDate, outcome: 'refused', orderId: null }]);
  });

  test('two runners at once place one order per due date', async () => {
    const c = await company();
    const { schedule } = await scheduled(c);
    // On PostgreSQL a second pool: another instance of the shop on the same database.
    const second = await ctx.open({ poolSize: 4 });
    const other = runnerOn(() => second.db);
    const before = (await ordersOf(c.userId.buyer)).length;
    const passes = await Promise.all([runner(at(schedule.nextDate)), other(at(schedule.nextDate))]);
    const ran = passes.flatMap((p) => p.runs).filter((r) => r.scheduleId === schedule.id);
    expect(ran).toHaveLength(1);
    expect(await ordersOf(c.userId.buyer)).toHaveLength(before + 1);
    expect(await runsOf(schedule.id)).toHaveLength(1);
    expect((await scheduleRow(schedule.id))!.nextDate).toBe(addDays(schedule.nextDate, 14));
  });

  test('a run that fails after its claim leaves nothing behind, and the next pass runs the date', async () => {
    const c = await company();
    const { schedule } = await scheduled(c);
    const before = (await ordersOf(c.userId.buyer)).length;
    failures = 1;
    expect((await runner(at(schedule.nextDate))).runs).toEqual([]);
    expect(await runsOf(schedule.id)).toEqual([]);
    expect((await scheduleRow(schedule.id))!.nextDate).toBe(schedule.nextDate);
    const [run] = (await runner(at(schedule.nextDate))).runs;
    expect(run!.outcome).toBe('placed');
    expect(await ordersOf(c.userId.buyer)).toHaveLength(before + 1);
  });

  test('the reminder goes once, the day before the due date', async () => {
    const c = await company();
    const { schedule } = await scheduled(c, { nextDate: addDays(today, 6) });
    const count = () =>
      sent.reminders.filter((r) => r.dueDate === schedule.nextDate && r.to.email === c.buyerEmail).length;
    await runner(at(addDays(schedule.nextDate, -2)));
    expect(count()).toBe(0);
    await runner(at(addDays(schedule.nextDate, -1)));
    await runner(at(addDays(schedule.nextDate, -1)));
    expect(count()).toBe(1);
    const reminder = sent.reminders.find((r) => r.to.email === c.buyerEmail)!;
    expect(reminder.lines).toEqual([expect.objectContaining({ sku: P.available, quantity: 2 })]);
  });

  test('a paused schedule does not run; the end date ends it', async () => {
    const c = await company();
    const { schedule: paused } = await scheduled(c);
    await call(routes.pause, c.jar.buyer, 'pause', { id: paused.id });
    const before = (await ordersOf(c.userId.buyer)).length;
    const pass = await runner(at(addDays(paused.nextDate, 1)));
    expect(pass.runs.filter((r) => r.scheduleId === paused.id)).toEqual([]);
    expect(await ordersOf(c.userId.buyer)).toHaveLength(before);

    const { schedule: ending } = await scheduled(c, {
      intervalWeeks: 1,
      nextDate: addDays(today, 2),
      endDate: addDays(today, 10),
    });
    await runner(at(ending.nextDate));
    expect(await scheduleRow(ending.id)).toEqual({ nextDate: addDays(today, 9), status: 'active' });
    await runner(at(addDays(today, 9)));
    // The date after would be past the end: it has ended, and runs no more.
    expect(await scheduleRow(ending.id)).toEqual({ nextDate: addDays(today, 16), status: 'ended' });
    const afterEnd = (await ordersOf(c.userId.buyer)).length;
    await runner(at(addDays(today, 16)));
    expect(await ordersOf(c.userId.buyer)).toHaveLength(afterEnd);
    expect(await runsOf(ending.id)).toHaveLength(2);
    expect((await listOf(c.jar.buyer)).find((s) => s.id === ending.id)!.status).toBe('ended');
  });
});
