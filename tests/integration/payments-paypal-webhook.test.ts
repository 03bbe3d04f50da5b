// PayPal's webhook (POST /api/payments/paypal/webhook) and the payment recovery job, through the real
// handlers and the real PayPal client against the loopback fake, on PGlite and PostgreSQL: a delivery
// counts only when PayPal's verify API confirms the signature the fake made; each event applies once;
// webhook, shopper's return and recovery job racing capture once and mail once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  api,
  countOf,
  fakeGateways,
  ok,
  orderRequest,
  orderState,
  orderSuite,
  readyCart,
  servePaymentWebhook,
} from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { paypalGateway } from '#lib/server/payments/paypal.ts';
import { RECOVERY_LOCK_KEY } from '#lib/server/orders/recovery.ts';
import type { PaymentGateways } from '#lib/server/orders/payments.ts';
import {
  startFakePayPal,
  type FakePayPal,
  type FakeWebhookEvent,
  type PayPalDeliverOptions,
} from '../fakes/paypal-server.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import type { Listening } from '../fakes/http.ts';

/** This suite's own ports (PayPal, Stripe) per database, so it never meets another suite's fakes. */
const PORTS = { pglite: [4460, 4461], postgres: [4462, 4463] } as const;
const MINUTE = 60_000;

forEachDatabase('PayPal webhook and payment recovery', (ctx) => {
  const h = orderSuite(ctx);
  let paypal: FakePayPal;
  let stripe: FakeStripe;
  let webhook: Listening & { endpoint: string };
  let withWebhooks: PaymentGateways;

  beforeAll(async () => {
    const [paypalPort, stripePort] = PORTS[ctx.kind];
    [paypal, stripe, webhook] = await Promise.all([
      startFakePayPal({ port: paypalPort }),
      startFakeStripe({ port: stripePort, autoDeliver: false }),
      servePaymentWebhook(h, 'paypal'),
    ]);
    // Events are only recorded; each test delivers them when and how often it wants.
    paypal.setWebhook(webhook.endpoint, { autoDeliver: false });
    withWebhooks = {
      ...fakeGateways(stripe, paypal),
      paypal: paypalGateway({
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        apiBase: paypal.url,
        webhookId: paypal.webhookId,
      }),
    };
  });

  afterAll(async () => {
    await Promise.all([paypal?.stop(), stripe?.stop(), webhook?.stop()]);
  });

  beforeEach(() => {
    h.state.payments = ALL_PAYMENTS;
    h.state.gateways = withWebhooks;
    paypal.setCaptureOutcome('COMPLETED');
  });

  const jar = new CookieJar();
  const mailsFor = (orderId: string) => h.state.mails.filter((m) => m.order.id === orderId).length;
  const payments = (orderId: string) =>
    rows<{ status: string; failure: string | null }>(
      ctx.db,
      sql`
    SELECT status, failure_message AS failure FROM payments WHERE order_id = ${orderId} ORDER BY created_at, id`,
    );
  const orderRow = async (orderId: string) =>
    (
      await rows<{ status: string; paymentStatus: string }>(
        ctx.db,
        sql`
    SELECT status, payment_status AS "paymentStatus" FROM orders WHERE id = ${orderId}`,
      )
    )[0];
  /** Every capture call the shop made for a PayPal order, and the events of captures that really happened. */
  const captureCalls = (reference: string) =>
    paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${reference}/capture`);
  const captureEvents = (reference: string) =>
    paypal.events.filter(
      (e) =>
        e.resource_type === 'capture' &&
        (e.resource.supplementary_data as { related_ids: { order_id: string } }).related_ids.order_id === reference,
    );
  const eventRows = (eventId: string) =>
    countOf(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE provider = 'paypal' AND event_id = ${eventId}`,
    );
  /** The buyer approves on PayPal; the event PayPal then sends. */
  const approve = (reference: string): FakeWebhookEvent => {
    paypal.approve(reference);
    return paypal.events.findLast((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED' && e.resource.id === reference)!;
  };
  /** Moves an attempt's start into the past, as if the shopper had left that long ago. */
  const age = (reference: string, ms: number) =>
    ctx.db.execute(sql`
    UPDATE payments SET created_at = created_at - ${`${ms / 1000} seconds`}::interval WHERE provider_ref = ${reference}`);

  /** A placed order and the provider reference of the payment the browser was sent off to make. */
  async function orderPaidWith(method: 'paypal' | 'stripe') {
    const cart = await readyCart(h, jar);
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: method })))).order!;
    const action = (await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: method })))
      .payment!;
    const reference =
      method === 'paypal'
        ? new URL(action.url!).searchParams.get('token')!
        : action.clientSecret!.split('_secret_')[0]!;
    return { order, reference };
  }

  const complete = (orderId: string, reference: string) =>
    api(h, jar, 'orders', 'completePayment', { orderId, provider: 'paypal', reference });

  describe('webhook', () => {
    test("a verified CHECKOUT.ORDER.APPROVED captures and confirms the order; the capture's own event and the late return change nothing", async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const [delivery] = await paypal.deliver(approve(reference));
      expect([delivery!.status, JSON.parse(delivery!.body)]).toEqual([200, { received: true }]);
      expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      expect(await payments(order.id)).toEqual([{ status: 'succeeded', failure: null }]);
      expect(mailsFor(order.id)).toBe(1);

      const completed = captureEvents(reference);
      expect(completed.map((e) => e.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED']);
      expect((await paypal.deliver(completed[0]!))[0]!.status).toBe(200);
      expect((await ok(complete(order.id, reference))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(captureCalls(reference)).toHaveLength(1);
      expect(mailsFor(order.id)).toBe(1);
    });

    test('forged, altered, misaddressed or incomplete deliveries → 400 INVALID_SIGNATURE and nothing changes', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const event = approve(reference);
      const before = await orderState(ctx.db, order.id);
      const requestsBefore = paypal.requests.length;
      const forgeries: PayPalDeliverOptions[] = [
        { headers: { 'paypal-transmission-sig': Buffer.from('x'.repeat(256)).toString('base64') } },
        { tamper: (payload: string) => payload.replace(event.id, 'WH-FORGED000000000-000000000000000') },
        { tamper: (payload: string) => payload.replace('"status":"APPROVED"', '"status":"COMPLETED"') },
        { webhookId: 'ANOTHERSHOPS00001' },
        { headers: { 'paypal-cert-url': 'https://attacker.example/cert.pem' } },
        { headers: { 'paypal-transmission-id': null } },
        { headers: { 'paypal-auth-algo': null, 'paypal-transmission-sig': null } },
      ];
      for (const forgery of forgeries) {
        const [delivery] = await paypal.deliver(event, forgery);
        expect([delivery!.status, JSON.parse(delivery!.body).code], JSON.stringify(forgery)).toEqual([
          400,
          'INVALID_SIGNATURE',
        ]);
      }
      expect(await orderState(ctx.db, order.id)).toEqual(before);
      expect(await eventRows(event.id)).toBe(0);
      // Nothing but verification was asked of PayPal: no order read, no capture.
      expect(
        paypal.requests
          .slice(requestsBefore)
          .every((r) => r.path === '/v1/notifications/verify-webhook-signature' || r.path === '/v1/oauth2/token'),
      ).toBe(true);
      expect(captureCalls(reference)).toHaveLength(0);
      expect(mailsFor(order.id)).toBe(0);
      // The genuine delivery of the same event is applied.
      expect((await paypal.deliver(event))[0]!.status).toBe(200);
      expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    });

    test.each([false, true])(
      'the same event delivered 5 times (concurrently: %s) is applied once',
      async (concurrent) => {
        const { order, reference } = await orderPaidWith('paypal');
        const event = approve(reference);
        const deliveries = await paypal.deliver(event, { times: 5, concurrent });
        expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
        expect(await eventRows(event.id)).toBe(1);
        expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
        expect(captureEvents(reference)).toHaveLength(1);
        expect(mailsFor(order.id)).toBe(1);
        // A replay a day later reads nothing from PayPal and captures nothing.
        const calls = paypal.requests.length;
        expect((await paypal.deliver(event))[0]!.status).toBe(200);
        expect(paypal.requests.slice(calls).map((r) => r.path)).toEqual(['/v1/notifications/verify-webhook-signature']);
      },
    );

    test("webhook and the shopper's return racing: one capture, one confirmation mail", async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const event = approve(reference);
      const [returned, deliveries] = await Promise.all([
        complete(order.id, reference),
        paypal.deliver(event, { times: 2, concurrent: true }),
      ]);
      expect([returned.status, ...deliveries.map((d) => d.status)]).toEqual([200, 200, 200]);
      expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      // Every capture call carried the attempt's one request id, and PayPal captured once.
      expect(new Set(captureCalls(reference).map((r) => r.requestId)).size).toBe(1);
      expect(captureEvents(reference)).toHaveLength(1);
      expect(mailsFor(order.id)).toBe(1);
      expect((await payments(order.id)).map((p) => p.status)).toEqual(['succeeded']);
    });

    test('a pending capture: PAYMENT.CAPTURE.COMPLETED later marks it paid, PAYMENT.CAPTURE.DENIED marks it failed', async () => {
      paypal.setCaptureOutcome('PENDING');
      const cleared = await orderPaidWith('paypal');
      const denied = await orderPaidWith('paypal');
      for (const { reference } of [cleared, denied]) await paypal.deliver(approve(reference));
      expect(await orderRow(cleared.order.id)).toEqual({ status: 'confirmed', paymentStatus: 'awaiting' });
      // The capture's own PENDING event is not one the shop acts on: acknowledged, nothing read.
      const calls = paypal.requests.length;
      expect((await paypal.deliver(captureEvents(cleared.reference)[0]!))[0]!.status).toBe(200);
      expect(paypal.requests.slice(calls).map((r) => r.path)).toEqual(['/v1/notifications/verify-webhook-signature']);

      await paypal.deliver(paypal.settleCapture(cleared.reference, 'COMPLETED'));
      await paypal.deliver(paypal.settleCapture(denied.reference, 'DECLINED'));
      expect(await orderRow(cleared.order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      expect(await orderRow(denied.order.id)).toEqual({ status: 'confirmed', paymentStatus: 'failed' });
      expect(await payments(denied.order.id)).toEqual([{ status: 'failed', failure: 'PayPal: DECLINED' }]);
      expect([mailsFor(cleared.order.id), mailsFor(denied.order.id)]).toEqual([1, 1]);
    });

    test('an event about a PayPal order the shop never made is acknowledged and captures nothing', async () => {
      const foreign = await withWebhooks.paypal!.createOrder({
        orderId: 'not-a-shop-order',
        transactionnum: 'X-1',
        amountCents: 1234,
        currency: 'EUR',
        returnUrl: 'https://elsewhere.example/ok',
        cancelUrl: 'https://elsewhere.example/cancel',
        locale: 'de-DE',
        requestId: 'foreign-1',
      });
      const [delivery] = await paypal.deliver(approve(foreign.id));
      expect(delivery!.status).toBe(200);
      expect(captureCalls(foreign.id)).toHaveLength(0);
    });

    test('PayPal unable to verify → 503 and nothing recorded; its redelivery is applied', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const event = approve(reference);
      paypal.failNext(1, 503);
      const [refused] = await paypal.deliver(event);
      expect([refused!.status, JSON.parse(refused!.body).code]).toEqual([503, 'PAYMENT_PROVIDER_UNAVAILABLE']);
      expect(await eventRows(event.id)).toBe(0);
      expect(await orderRow(order.id)).toEqual({ status: 'pending', paymentStatus: 'open' });
      expect((await paypal.deliver(event))[0]!.status).toBe(200);
      expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
    });

    test('without a webhook ID the endpoint answers 404 PAYMENT_NOT_CONFIGURED and asks PayPal nothing', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const event = approve(reference);
      h.state.gateways = fakeGateways(stripe, paypal);
      const calls = paypal.requests.length;
      const [delivery] = await paypal.deliver(event);
      expect([delivery!.status, JSON.parse(delivery!.body)]).toEqual([
        404,
        {
          code: 'PAYMENT_NOT_CONFIGURED',
          message: 'PayPal webhooks are not configured.',
          status: 404,
        },
      ]);
      expect(paypal.requests.length).toBe(calls);
      expect(await orderRow(order.id)).toEqual({ status: 'pending', paymentStatus: 'open' });
    });
  });

  describe('recovery job', () => {
    test('captures an approved order whose shopper never returned, marks a captured-but-unrecorded one paid; a second run does nothing', async () => {
      const approved = await orderPaidWith('paypal');
      approve(approved.reference); // the buyer approved; no webhook, the tab closed before the return
      const lost = await orderPaidWith('paypal');
      approve(lost.reference);
      // The shop's capture reached PayPal but the process died before recording it.
      const [attempt] = await rows<{ id: string }>(
        ctx.db,
        sql`SELECT id FROM payments WHERE provider_ref = ${lost.reference}`,
      );
      await withWebhooks.paypal!.captureOrder(lost.reference, `capture-${attempt!.id}`);

      // Young attempts are still in the shopper's hands.
      const early = await h.recoverPayments(ctx.database);
      expect(captureCalls(approved.reference)).toHaveLength(0);
      expect(early.ran).toBe(true);

      await age(approved.reference, 15 * MINUTE);
      await age(lost.reference, 15 * MINUTE);
      const first = await h.recoverPayments(ctx.database);
      expect(first).toMatchObject({ ran: true, captured: 1, settled: 2, errors: 0 });
      for (const { order } of [approved, lost]) {
        expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
        expect(await payments(order.id)).toEqual([{ status: 'succeeded', failure: null }]);
        expect(mailsFor(order.id)).toBe(1);
      }
      expect(captureEvents(approved.reference)).toHaveLength(1);
      expect(captureEvents(lost.reference)).toHaveLength(1);

      const before = [await orderState(ctx.db, approved.order.id), await orderState(ctx.db, lost.order.id)];
      const calls = paypal.requests.length;
      const second = await h.recoverPayments(ctx.database);
      expect(second).toMatchObject({ captured: 0, settled: 0, abandoned: 0 });
      expect([await orderState(ctx.db, approved.order.id), await orderState(ctx.db, lost.order.id)]).toEqual(before);
      expect(
        paypal.requests
          .slice(calls)
          .some((r) => r.path.includes(approved.reference) || r.path.includes(lost.reference)),
      ).toBe(false);
      expect(mailsFor(approved.order.id) + mailsFor(lost.order.id)).toBe(2);
    });

    test('settles a never approved attempt as failed after the approval window, and the shopper can pay again', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      await age(reference, 15 * MINUTE);
      await h.recoverPayments(ctx.database);
      // Not approved yet, but the window is open: left alone.
      expect(await payments(order.id)).toEqual([{ status: 'created', failure: null }]);

      await age(reference, 4 * 60 * MINUTE);
      const run = await h.recoverPayments(ctx.database);
      expect(run.abandoned).toBeGreaterThanOrEqual(1);
      expect(await payments(order.id)).toEqual([{ status: 'failed', failure: 'PayPal: not approved in time' }]);
      expect(await orderRow(order.id)).toEqual({ status: 'pending', paymentStatus: 'failed' });
      expect(captureCalls(reference)).toHaveLength(0);
      expect((await h.recoverPayments(ctx.database)).abandoned).toBe(0);

      const again = (
        await ok(
          api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'paypal', flow: 'pay' }),
        )
      ).payment!;
      const second = new URL(again.url!).searchParams.get('token')!;
      paypal.approve(second);
      expect((await ok(complete(order.id, second))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(mailsFor(order.id)).toBe(1);
    });

    test('an approval for an order that was paid another way in the meantime is not captured', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      approve(reference);
      await ctx.db.execute(sql`UPDATE orders SET payment_status = 'paid' WHERE id = ${order.id}`);
      await age(reference, 4 * 60 * MINUTE);
      await h.recoverPayments(ctx.database);
      expect(captureCalls(reference)).toHaveLength(0);
      expect(await payments(order.id)).toEqual([{ status: 'failed', failure: 'PayPal: not approved in time' }]);
      expect((await orderRow(order.id))!.paymentStatus).toBe('paid');
    });

    test('a Stripe payment that succeeded without webhook or return is marked paid and confirmed once', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      expect((await stripe.confirmAsBrowser(reference, { card: '4242424242424242' })).status).toBe(200);
      await age(reference, 15 * MINUTE);
      expect((await h.recoverPayments(ctx.database)).settled).toBeGreaterThanOrEqual(1);
      expect(await orderRow(order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      await h.recoverPayments(ctx.database);
      expect(mailsFor(order.id)).toBe(1);
    });

    test.skipIf(ctx.kind !== 'postgres')(
      'two runs at once (two instances) capture once; a run finding the job held does nothing',
      async () => {
        const { order, reference } = await orderPaidWith('paypal');
        approve(reference);
        await age(reference, 15 * MINUTE);
        const other = await ctx.open({ poolSize: 4 });
        const runs = await Promise.all([h.recoverPayments(ctx.database), h.recoverPayments(other)]);
        expect(runs.reduce((sum, r) => sum + r.captured, 0)).toBe(1);
        expect(captureEvents(reference)).toHaveLength(1);
        expect(mailsFor(order.id)).toBe(1);

        const waiting = await orderPaidWith('paypal');
        approve(waiting.reference);
        await age(waiting.reference, 15 * MINUTE);
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${RECOVERY_LOCK_KEY}::bigint)`);
          expect(await h.recoverPayments(ctx.database)).toMatchObject({ ran: false, checked: 0 });
        });
        expect(captureCalls(waiting.reference)).toHaveLength(0);
        expect((await h.recoverPayments(ctx.database)).captured).toBe(1);
        expect(await orderRow(waiting.order.id)).toEqual({ status: 'confirmed', paymentStatus: 'paid' });
      },
    );
  });
});
