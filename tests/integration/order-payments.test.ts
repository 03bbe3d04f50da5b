// Paying orders (src/lib/server/orders/payments.ts) through the real Stripe and PayPal gateways against
// the loopback fakes, on PGlite and PostgreSQL: the browser's return and Stripe's signed webhooks are
// applied once, in any order, racing each other; forged, stale or mismatching reports change nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  NO_GATEWAYS,
  api,
  countOf,
  fakeGateways,
  ok,
  orderRequest,
  orderState,
  orderSuite,
  readyCart,
  serveStripeWebhook,
} from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { startFakeStripe, type FakeEvent, type FakeStripe } from '../fakes/stripe-server.ts';
import { startFakePayPal, type FakePayPal } from '../fakes/paypal-server.ts';
import type { Listening } from '../fakes/http.ts';

const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
const IBAN_OK = 'DE89370400440532013000';

forEachDatabase('order payments', (ctx) => {
  const h = orderSuite(ctx);
  let stripe: FakeStripe;
  let paypal: FakePayPal;
  let webhook: Listening & { endpoint: string };

  beforeAll(async () => {
    [stripe, paypal, webhook] = await Promise.all([
      startFakeStripe({ autoDeliver: false }),
      startFakePayPal(),
      serveStripeWebhook(h),
    ]);
    // Events are only recorded; each test delivers them when and how often it wants.
    stripe.setWebhook(webhook.endpoint, { autoDeliver: false });
    h.state.gateways = fakeGateways(stripe, paypal);
  });

  afterAll(async () => {
    await Promise.all([stripe?.stop(), paypal?.stop(), webhook?.stop()]);
  });

  beforeEach(() => {
    h.state.payments = ALL_PAYMENTS;
  });

  const jar = new CookieJar();
  const mailsFor = (orderId: string) => h.state.mails.filter((m) => m.order.id === orderId).length;
  const payment = (orderId: string) =>
    rows<{ status: string; failure: string | null; ref: string }>(
      ctx.db,
      sql`
    SELECT status, failure_message AS failure, provider_ref AS ref FROM payments WHERE order_id = ${orderId} ORDER BY created_at, id`,
    );

  /** A placed order and the payment the browser was told to make. */
  async function orderPaidWith(method: 'stripe' | 'stripe-debit' | 'paypal') {
    const cart = await readyCart(h, jar);
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: method })))).order!;
    const started = await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: method }));
    const action = started.payment!;
    const reference =
      action.action === 'stripe'
        ? action.clientSecret!.split('_secret_')[0]!
        : new URL(action.url!).searchParams.get('token')!;
    return { order, action, reference };
  }

  const complete = (orderId: string, provider: 'stripe' | 'paypal', reference: string) =>
    api(h, jar, 'orders', 'completePayment', { orderId, provider, reference });

  /** The last event the fake Stripe recorded for an intent. */
  const lastEvent = (intentId: string, type?: FakeEvent['type']): FakeEvent =>
    stripe.events.filter((e) => e.data.object.id === intentId && (!type || e.type === type)).at(-1)!;

  const eventRows = (eventId: string) =>
    countOf(
      ctx.db,
      sql`SELECT count(*)::int AS n FROM webhook_events WHERE provider = 'stripe' AND event_id = ${eventId}`,
    );

  describe('Stripe card', () => {
    test('create payment hands the browser a client secret; the paid intent confirms the order once', async () => {
      const { order, action, reference } = await orderPaidWith('stripe');
      expect(action).toMatchObject({
        action: 'stripe',
        method: 'card',
        publishableKey: stripe.publishableKey,
        jsUrl: stripe.jsUrl,
      });
      expect(action.returnUrl).toBe(`http://shop.test/checkout/checkout-processing?order=${order.id}&provider=stripe`);
      // The intent is for the order's own total, in its currency, and names the order.
      const intent = stripe.intents.get(reference)!;
      const [row] = await rows<{ cents: number }>(
        ctx.db,
        sql`SELECT grand_total_cents AS cents FROM orders WHERE id = ${order.id}`,
      );
      expect([intent.amount, intent.currency, intent.metadata.order_id]).toEqual([Number(row!.cents), 'eur', order.id]);

      const early = await api(h, jar, 'orders', 'confirm', { id: order.id });
      expect([early.status, early.body.code]).toEqual([409, 'PAYMENT_REQUIRED']);
      const nothingYet = await ok(complete(order.id, 'stripe', reference));
      expect(nothingYet.order).toMatchObject({ status: 'pending', paymentStatus: 'open' });

      expect((await stripe.confirmAsBrowser(reference, { card: CARD_OK })).status).toBe(200);
      const done = await ok(complete(order.id, 'stripe', reference));
      expect(done.order).toMatchObject({ status: 'confirmed', confirmed: true, paymentStatus: 'paid' });
      await ok(complete(order.id, 'stripe', reference));
      await ok(api(h, jar, 'orders', 'confirm', { id: order.id }));
      expect(mailsFor(order.id)).toBe(1);
      // The ERP hears of it once each: created, then paid, however often the payment is reported.
      const events = await rows<{ type: string }>(
        ctx.db,
        sql`SELECT type FROM outbox_events WHERE payload->'data'->>'id' = ${order.id} ORDER BY created_at, type`,
      );
      expect(events.map((e) => e.type)).toEqual(['order.created', 'order.paid']);
      expect(await payment(order.id)).toEqual([{ status: 'succeeded', failure: null, ref: reference }]);
      // Paid is paid: starting another payment changes nothing, paying again from /pay is refused.
      expect(
        (await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'stripe' }))).payment,
      ).toEqual({ action: 'none' });
      const again = await api(h, jar, 'orders', 'createPayment', {
        orderId: order.id,
        paymentMethodCode: 'paypal',
        flow: 'pay',
      });
      expect([again.status, again.body.code]).toEqual([409, 'ORDER_ALREADY_PAID']);
    });

    test('a declined card leaves the order pending and failed; the retry reuses the intent and succeeds', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      expect((await stripe.confirmAsBrowser(reference, { card: CARD_DECLINED })).status).toBe(402);
      const failed = await ok(complete(order.id, 'stripe', reference));
      expect(failed.order).toMatchObject({ status: 'pending', paymentStatus: 'failed' });
      expect(await payment(order.id)).toEqual([
        { status: 'failed', failure: 'Your card was declined.', ref: reference },
      ]);
      const retry = (
        await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'stripe' }))
      ).payment!;
      expect(retry.clientSecret!.startsWith(`${reference}_secret_`)).toBe(true);
      expect((await stripe.confirmAsBrowser(reference, { card: CARD_OK })).status).toBe(200);
      const paid = await ok(complete(order.id, 'stripe', reference));
      expect(paid.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(mailsFor(order.id)).toBe(1);
    });

    test('an intent whose amount does not match the order → 409 PAYMENT_MISMATCH, nothing applied, by browser or webhook', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      stripe.intents.get(reference)!.amount -= 100;
      await stripe.confirmAsBrowser(reference, { card: CARD_OK });
      const before = await orderState(ctx.db, order.id);
      const refused = await complete(order.id, 'stripe', reference);
      expect([refused.status, refused.body.code]).toEqual([409, 'PAYMENT_MISMATCH']);
      const [delivery] = await stripe.deliver(lastEvent(reference, 'payment_intent.succeeded'));
      // Acknowledged, so Stripe stops retrying, but not applied.
      expect(delivery!.status).toBe(200);
      expect(await orderState(ctx.db, order.id)).toEqual(before);
      expect(mailsFor(order.id)).toBe(0);
    });

    test('an intent of another order cannot pay this one', async () => {
      const first = await orderPaidWith('stripe');
      const second = await orderPaidWith('stripe');
      await stripe.confirmAsBrowser(second.reference, { card: CARD_OK });
      const before = await orderState(ctx.db, first.order.id);
      const borrowed = await complete(first.order.id, 'stripe', second.reference);
      expect([borrowed.status, borrowed.body.code]).toEqual([404, 'PAYMENT_NOT_FOUND']);
      expect(await orderState(ctx.db, first.order.id)).toEqual(before);
    });

    test("the browser's return racing the webhook applies the payment once", async () => {
      const { order, reference } = await orderPaidWith('stripe');
      await stripe.confirmAsBrowser(reference, { card: CARD_OK });
      const [returned, deliveries] = await Promise.all([
        complete(order.id, 'stripe', reference),
        stripe.deliver(lastEvent(reference, 'payment_intent.succeeded'), { times: 3, concurrent: true }),
      ]);
      expect(returned.status).toBe(200);
      expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(mailsFor(order.id)).toBe(1);
      expect((await payment(order.id)).map((p) => p.status)).toEqual(['succeeded']);
    });
  });

  describe('Stripe webhook', () => {
    test.each([false, true])(
      'the same payment_intent.succeeded delivered 5 times (concurrently: %s) is applied once',
      async (concurrent) => {
        const { order, reference } = await orderPaidWith('stripe');
        await stripe.confirmAsBrowser(reference, { card: CARD_OK });
        const event = lastEvent(reference, 'payment_intent.succeeded');
        const deliveries = await stripe.deliver(event, { times: 5, concurrent });
        expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200, 200]);
        expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
          status: 'confirmed',
          paymentStatus: 'paid',
        });
        expect(mailsFor(order.id)).toBe(1);
        expect(await eventRows(event.id)).toBe(1);
      },
    );

    test('events out of order: succeeded, then a late processing, stays paid', async () => {
      const { order, reference } = await orderPaidWith('stripe-debit');
      await stripe.confirmAsBrowser(reference, { iban: IBAN_OK });
      const processing = lastEvent(reference, 'payment_intent.processing');
      const succeeded = await stripe.settle(reference, 'succeeded');
      await stripe.deliver([succeeded, processing]);
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect((await payment(order.id)).map((p) => p.status)).toEqual(['succeeded']);
      expect(mailsFor(order.id)).toBe(1);
    });

    test('bad signature, wrong secret, stale timestamp, tampered body, missing header → 400 INVALID_SIGNATURE, nothing changed', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      await stripe.confirmAsBrowser(reference, { card: CARD_OK });
      const event = lastEvent(reference, 'payment_intent.succeeded');
      const before = await orderState(ctx.db, order.id);
      const forgeries = [
        { signature: `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}` },
        { signature: 'garbage' },
        { secret: 'whsec_not_the_shops_secret' },
        { timestamp: Math.floor(Date.now() / 1000) - 301 },
        { timestamp: Math.floor(Date.now() / 1000) - 3600 },
        { tamper: (payload: string) => payload.replace('"status": "succeeded"', '"status": "succeeded" ') },
        { tamper: (payload: string) => payload.replace(event.id, 'evt_forged000000000000000000') },
        { signature: null },
      ];
      for (const forgery of forgeries) {
        const [delivery] = await stripe.deliver(event, forgery);
        expect([delivery!.status, JSON.parse(delivery!.body).code], JSON.stringify(forgery)).toEqual([
          400,
          'INVALID_SIGNATURE',
        ]);
      }
      expect(await orderState(ctx.db, order.id)).toEqual(before);
      expect(await eventRows(event.id)).toBe(0);
      expect(
        await countOf(
          ctx.db,
          sql`SELECT count(*)::int AS n FROM webhook_events WHERE event_id = 'evt_forged000000000000000000'`,
        ),
      ).toBe(0);
      expect(mailsFor(order.id)).toBe(0);
      // The same event, correctly signed and within the tolerance, is applied.
      const [genuine] = await stripe.deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 240 });
      expect(genuine!.status).toBe(200);
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order!.paymentStatus).toBe('paid');
    });

    test('a shop without Stripe answers its webhook 404 PAYMENT_NOT_CONFIGURED and applies nothing', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      await stripe.confirmAsBrowser(reference, { card: CARD_OK });
      const event = lastEvent(reference, 'payment_intent.succeeded');
      const before = await orderState(ctx.db, order.id);
      const configured = h.state.gateways;
      h.state.gateways = NO_GATEWAYS;
      try {
        const [delivery] = await stripe.deliver(event);
        expect([delivery!.status, JSON.parse(delivery!.body)]).toEqual([
          404,
          {
            code: 'PAYMENT_NOT_CONFIGURED',
            message: 'Stripe is not configured.',
            status: 404,
          },
        ]);
      } finally {
        h.state.gateways = configured;
      }
      expect(await orderState(ctx.db, order.id)).toEqual(before);
      expect(await eventRows(event.id)).toBe(0);
    });

    test('an event for an intent the shop never created is acknowledged and ignored', async () => {
      const { order, reference } = await orderPaidWith('stripe');
      await ctx.db.execute(sql`UPDATE payments SET provider_ref = 'pi_detached' WHERE provider_ref = ${reference}`);
      await stripe.confirmAsBrowser(reference, { card: CARD_OK });
      const [delivery] = await stripe.deliver(lastEvent(reference, 'payment_intent.succeeded'));
      expect(delivery!.status).toBe(200);
      await ctx.db.execute(sql`UPDATE payments SET provider_ref = ${reference} WHERE provider_ref = 'pi_detached'`);
      expect((await payment(order.id)).map((p) => p.status)).toEqual(['created']);
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order!.paymentStatus).toBe('open');
    });
  });

  describe('Stripe SEPA debit', () => {
    test('processing confirms the order awaiting payment; settling pays it; one mail', async () => {
      const { order, action, reference } = await orderPaidWith('stripe-debit');
      expect(action.method).toBe('sepa_debit');
      expect((await stripe.confirmAsBrowser(reference, { iban: IBAN_OK })).status).toBe(200);
      const processing = await ok(complete(order.id, 'stripe', reference));
      expect(processing.order).toMatchObject({ status: 'confirmed', paymentStatus: 'awaiting' });
      expect(mailsFor(order.id)).toBe(1);
      await stripe.deliver(await stripe.settle(reference));
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'paid',
      });
      expect(mailsFor(order.id)).toBe(1);
    });

    test('a debit the bank returns after processing marks the payment failed, not awaiting for ever', async () => {
      const { order, reference } = await orderPaidWith('stripe-debit');
      await stripe.confirmAsBrowser(reference, { iban: 'DE62370400440532013001' });
      await stripe.deliver(lastEvent(reference, 'payment_intent.processing'));
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'awaiting',
      });
      await stripe.deliver(await stripe.settle(reference));
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'failed',
      });
      expect(await payment(order.id)).toEqual([{ status: 'failed', failure: 'The payment failed.', ref: reference }]);
      // The shopper pays again by card (/pay/{order}); the order becomes paid.
      const retry = (
        await ok(
          api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'stripe', flow: 'pay' }),
        )
      ).payment!;
      const card = retry.clientSecret!.split('_secret_')[0]!;
      await stripe.confirmAsBrowser(card, { card: CARD_OK });
      expect((await ok(complete(order.id, 'stripe', card))).order).toMatchObject({ paymentStatus: 'paid' });
      expect(mailsFor(order.id)).toBe(1);
    });

    test('a processing event redelivered days late, after the debit failed, does not bring the payment back to awaiting', async () => {
      const { order, reference } = await orderPaidWith('stripe-debit');
      await stripe.confirmAsBrowser(reference, { iban: 'DE62370400440532013001' });
      // The shop was down when 'processing' was first sent; Stripe retries it after the failure went through.
      const processing = lastEvent(reference, 'payment_intent.processing');
      processing.created -= 3 * 24 * 3600;
      await stripe.deliver(await stripe.settle(reference));
      await stripe.deliver(processing);
      expect((await payment(order.id)).map((p) => p.status)).toEqual(['failed']);
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order!.paymentStatus).toBe('failed');
      // A genuine new try on the same intent (the shopper enters another IBAN) is under way again.
      await stripe.confirmAsBrowser(reference, { iban: IBAN_OK });
      await stripe.deliver(lastEvent(reference, 'payment_intent.processing'));
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({
        status: 'confirmed',
        paymentStatus: 'awaiting',
      });
    });

    test('a card try that fails while a SEPA debit of the order is under way leaves the order awaiting', async () => {
      const { order, reference } = await orderPaidWith('stripe-debit');
      await stripe.confirmAsBrowser(reference, { iban: IBAN_OK });
      await ok(complete(order.id, 'stripe', reference));
      const card = (
        await ok(
          api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'stripe', flow: 'pay' }),
        )
      ).payment!;
      const cardIntent = card.clientSecret!.split('_secret_')[0]!;
      await stripe.confirmAsBrowser(cardIntent, { card: CARD_DECLINED });
      expect((await ok(complete(order.id, 'stripe', cardIntent))).order).toMatchObject({ paymentStatus: 'awaiting' });
    });
  });

  describe('PayPal', () => {
    test('redirects to the approval page; after approval completing captures once and confirms the order', async () => {
      const { order, action, reference } = await orderPaidWith('paypal');
      expect(action.action).toBe('redirect');
      expect(action.url!.startsWith(`${paypal.url}/checkoutnow?token=`)).toBe(true);
      expect(paypal.approve(reference)).toContain(`order=${order.id}`);
      const [first, second] = await Promise.all([
        complete(order.id, 'paypal', reference),
        complete(order.id, 'paypal', reference),
      ]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await ok(complete(order.id, 'paypal', reference));
      expect(third.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      const captures = paypal.orders.get(reference)!.purchase_units[0]!.payments?.captures ?? [];
      expect(captures).toHaveLength(1);
      expect(captures[0]!.amount.value).toBe(third.order!.cartInfo.totals!.grandTotalIncTax.toFixed(2));
      expect(mailsFor(order.id)).toBe(1);
    });

    test('approved on PayPal but the tab closed before coming back: paying again captures that approval, once', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      paypal.approve(reference); // the buyer approved; the browser never reached the return URL
      const again = await ok(
        api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'paypal', flow: 'pay' }),
      );
      expect(again.payment).toEqual({ action: 'none' });
      expect(again.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect(mailsFor(order.id)).toBe(1);
      const captures = paypal.orders.get(reference)!.purchase_units[0]!.payments?.captures ?? [];
      expect(captures).toHaveLength(1);
      // Nothing left to pay: a further attempt is refused and creates no second PayPal order.
      const third = await api(h, jar, 'orders', 'createPayment', {
        orderId: order.id,
        paymentMethodCode: 'paypal',
        flow: 'pay',
      });
      expect([third.status, third.body.code]).toEqual([409, 'ORDER_ALREADY_PAID']);
      expect((await payment(order.id)).map((p) => p.status)).toEqual(['succeeded']);
    });

    test('a buyer who never approved (cancelled on PayPal) leaves the order unpaid and nothing captured', async () => {
      const { order, reference } = await orderPaidWith('paypal');
      const before = await orderState(ctx.db, order.id);
      const back = await ok(complete(order.id, 'paypal', reference));
      expect(back.order).toMatchObject({ status: 'pending', paymentStatus: 'open' });
      expect(await orderState(ctx.db, order.id)).toEqual(before);
      expect(paypal.orders.get(reference)!.purchase_units[0]!.payments).toBeUndefined();
      expect(paypal.requests.some((r) => r.path.endsWith(`/${reference}/capture`))).toBe(false);
    });
  });

  test('invoice needs no payment step; a method that is not configured is refused', async () => {
    const cart = await readyCart(h, jar);
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
    expect(
      (await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'invoice' }))).payment,
    ).toEqual({ action: 'none' });
    const sofort = await api(h, jar, 'orders', 'createPayment', {
      orderId: order.id,
      paymentMethodCode: 'stripe-sofort',
    });
    expect([sofort.status, sofort.body.code]).toEqual([400, 'PAYMENT_METHOD_UNAVAILABLE']);
    const forged = await api(h, jar, 'orders', 'createPayment', {
      orderId: order.id,
      paymentMethodCode: 'stripe',
      amount: 1,
    });
    expect([forged.status, forged.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
