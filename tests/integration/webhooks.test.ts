// Outbound webhooks (src/lib/server/webhooks, docs/webhooks.md) on PGlite and PostgreSQL, with a real
// receiver on loopback: an order's event is in the outbox exactly when its transaction committed, it
// reaches the receiver signed so that the standardwebhooks package verifies it, a failing receiver
// gets retries on the schedule until it recovers or the delivery is dead, and a redelivery sends the
// same event id again. The retry clock is the test's, so nothing waits for minutes.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createWebhook, redeliver, webhookDeliveries } from '#lib/server/admin/webhooks.ts';
import { expireUnpaidOrders } from '#lib/server/orders/expiry.ts';
import { recordEvent, startDeliveryWorker } from '#lib/server/webhooks/index.ts';
import { deliverDue } from '#lib/server/webhooks/delivery.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';

const CLI = { kind: 'cli' } as const;
/** Retry delays of these tests: 1 s, 2 s, 4 s (three retries, four attempts), no jitter. */
const DELAYS = [1_000, 2_000, 4_000];
const NO_JITTER = () => 0.5;

interface DeliveryState {
  status: string;
  attempts: number;
  /** As the driver gives it: a Date or a string. */
  next: Date | string;
  code: number | null;
  error: string | null;
}

forEachDatabase('webhooks', (ctx) => {
  const h = orderSuite(ctx);
  let receiver: WebhookReceiver;
  let secret: string;
  let endpointId: number;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver?.stop());

  beforeEach(async () => {
    await ctx.db.execute(sql`DELETE FROM webhook_endpoints`);
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const endpoint = await createWebhook(ctx.db, CLI, { url: receiver.url, eventTypes: [] });
    secret = endpoint.secret;
    endpointId = endpoint.id;
  });

  async function placeOrder(): Promise<{ id: string; transactionnum: string; email: string }> {
    const jar = new CookieJar();
    const cart = await readyCart(h, jar);
    return (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
  }

  const eventsOf = (orderId: string) =>
    rows<{ id: string; type: string }>(
      ctx.db,
      sql`SELECT id, type FROM outbox_events WHERE payload->'data'->>'id' = ${orderId} ORDER BY created_at, type`,
    );
  const deliveryOf = async (eventId: string) =>
    (
      await rows<DeliveryState>(
        ctx.db,
        sql`SELECT status, attempts, next_attempt_at AS next, last_status_code AS code, last_error AS error
          FROM webhook_deliveries WHERE event_id = ${eventId}`,
      )
    )[0]!;

  test('an order is delivered right after its commit, signed so that standardwebhooks verifies it', async () => {
    const passes: number[] = [];
    // Polling once an hour: only the commit's notification can bring this delivery out in time.
    const worker = await startDeliveryWorker(ctx.database, {
      pollMs: 3_600_000,
      onPass: (r) => passes.push(r.delivered),
    });
    let order: { id: string; transactionnum: string };
    try {
      await worker.idle();
      order = await placeOrder();
      const deadline = Date.now() + 10_000;
      while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await worker.stop();
    }
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    const envelope = receiver.verify(delivery!, secret) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(envelope.type).toBe('order.created');
    expect(envelope.data).toMatchObject({ id: order.id, number: order.transactionnum });
    expect(envelope.data).toMatchObject({
      status: 'pending',
      paymentStatus: 'open',
      currency: 'EUR',
      customerNumber: null,
    });
    const [event] = await eventsOf(envelope.data.id as string);
    expect(delivery!.id).toBe(event!.id);
    expect(delivery!.id).toMatch(/^evt_[a-z2-7]{26}$/);
    expect(() => receiver.verify({ ...delivery!, body: delivery!.body.replace('EUR', 'USD') }, secret)).toThrow();
    expect(await deliveryOf(event!.id)).toMatchObject({ status: 'delivered', attempts: 1, code: 200 });
  });

  test('a receiver that fails gets retries on the schedule, with the same event id, until it answers 2xx', async () => {
    const order = await placeOrder();
    const [event] = await eventsOf(order.id);
    let failures = 2;
    receiver.answer = () => (failures-- > 0 ? 500 : 204);
    const t0 = Date.now();
    const at = (ms: number) => ({ now: () => new Date(t0 + ms), delays: DELAYS, random: NO_JITTER });

    expect(await deliverDue(ctx.db, at(0))).toEqual({ delivered: 0, failed: 1, dead: 0 });
    expect(await deliveryOf(event!.id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      code: 500,
      error: 'receiver says 500',
    });
    expect(new Date((await deliveryOf(event!.id)).next).getTime()).toBe(t0 + 1_000);
    // Not due before its time.
    expect(await deliverDue(ctx.db, at(999))).toEqual({ delivered: 0, failed: 0, dead: 0 });
    expect(await deliverDue(ctx.db, at(1_000))).toEqual({ delivered: 0, failed: 1, dead: 0 });
    expect(new Date((await deliveryOf(event!.id)).next).getTime()).toBe(t0 + 1_000 + 2_000);
    expect(await deliverDue(ctx.db, at(3_000))).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect(await deliveryOf(event!.id)).toMatchObject({ status: 'delivered', attempts: 3, code: 204, error: null });
    expect(receiver.received.map((r) => r.id)).toEqual([event!.id, event!.id, event!.id]);
  });

  test('after the last attempt a delivery is dead; redeliver sends the same event again', async () => {
    const order = await placeOrder();
    const [event] = await eventsOf(order.id);
    receiver.answer = () => 503;
    const t0 = Date.now();
    let elapsed = 0;
    for (const delay of [0, ...DELAYS]) {
      elapsed += delay;
      await deliverDue(ctx.db, { now: () => new Date(t0 + elapsed), delays: DELAYS, random: NO_JITTER });
    }
    expect(await deliveryOf(event!.id)).toMatchObject({ status: 'dead', attempts: 4, code: 503 });
    // Dead is dead: later passes leave it alone.
    expect(await deliverDue(ctx.db, { now: () => new Date(t0 + 86_400_000), delays: DELAYS })).toEqual({
      delivered: 0,
      failed: 0,
      dead: 0,
    });
    expect(receiver.received).toHaveLength(4);

    const [logged] = await webhookDeliveries(ctx.db, endpointId);
    expect(logged).toMatchObject({ eventId: event!.id, eventType: 'order.created', status: 'dead', attempts: 4 });
    await expect(redeliver(ctx.db, CLI, logged!.id)).resolves.toMatchObject({ status: 'pending', attempts: 0 });
    await expect(redeliver(ctx.db, CLI, logged!.id)).rejects.toMatchObject({ code: 'DELIVERY_PENDING' });
    receiver.answer = () => 200;
    expect(await deliverDue(ctx.db, { now: () => new Date(Date.now() + 1_000) })).toEqual({
      delivered: 1,
      failed: 0,
      dead: 0,
    });
    expect(receiver.received.at(-1)!.id).toBe(event!.id);
    receiver.verify(receiver.received.at(-1)!, secret);
    // A delivered one can be sent again too (the receiver lost it).
    await expect(redeliver(ctx.db, CLI, logged!.id)).resolves.toMatchObject({ status: 'pending' });
  });

  describe('the outbox row exists exactly when the change committed', () => {
    test('an event recorded in a transaction that rolls back is gone, and so is its delivery', async () => {
      const before = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM outbox_events`);
      let recorded = '';
      await expect(
        ctx.db.transaction(async (tx) => {
          recorded = await recordEvent(tx, 'customer.created', {
            id: 'x',
            customerNumber: '1',
            email: 'a@b.c',
            company: null,
          });
          throw new Error('the change failed after the event was written');
        }),
      ).rejects.toThrow('the change failed');
      expect(recorded).not.toBe('');
      expect(await rows(ctx.db, sql`SELECT id FROM outbox_events WHERE id = ${recorded}`)).toEqual([]);
      expect(await rows(ctx.db, sql`SELECT id FROM webhook_deliveries WHERE event_id = ${recorded}`)).toEqual([]);
      expect(await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM outbox_events`)).toEqual(before);
    });

    test('an order whose commit fails (after its event was written) leaves no event', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const count = () => rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM outbox_events`);
      const before = await count();
      // A deferred trigger fails the order's transaction at COMMIT, the last moment, after everything was written.
      await ctx.db.execute(sql`CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$`);
      await ctx.db.execute(sql`CREATE CONSTRAINT TRIGGER refuse_commit AFTER INSERT ON orders
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_commit()`);
      try {
        const refused = await api(h, jar, 'orders', 'create', orderRequest(cart));
        expect(refused.status).toBe(500);
      } finally {
        await ctx.db.execute(sql`DROP TRIGGER refuse_commit ON orders`);
        await ctx.db.execute(sql`DROP FUNCTION refuse_commit()`);
      }
      expect(await rows(ctx.db, sql`SELECT id FROM orders WHERE cart_id = ${cart.id}`)).toEqual([]);
      expect(await count()).toEqual(before);
      // The same cart orders fine afterwards, with its one event.
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['order.created']);
    });

    test('one order.created per order; an expired order adds order.cancelled', async () => {
      const order = await placeOrder();
      expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['order.created']);
      await ctx.db.execute(sql`UPDATE orders SET created_at = now() - interval '2 days' WHERE id = ${order.id}`);
      await expireUnpaidOrders(ctx.database, 3_600_000, async () => undefined);
      expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['order.created', 'order.cancelled']);
    });
  });

  test('an endpoint gets only the types it subscribed to; a disabled one waits', async () => {
    await ctx.db.execute(sql`DELETE FROM webhook_endpoints`);
    await createWebhook(ctx.db, CLI, { url: receiver.url, eventTypes: ['customer.created'] });
    const order = await placeOrder();
    const [event] = await eventsOf(order.id);
    expect(await rows(ctx.db, sql`SELECT id FROM webhook_deliveries WHERE event_id = ${event!.id}`)).toEqual([]);
  });
});
