// Paying an order: start an attempt with the chosen method, learn the outcome from the provider when
// the browser comes back, and apply Stripe's webhooks. The amount is always
// the order's own total; the client never names one.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { rows } from '../db/index.ts';
import { localePath } from '#lib/site/paths.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PaymentAction, PaymentMethodCode } from '#lib/checkout/contract.ts';
import { providerOf } from '#lib/checkout/payment-methods.ts';
import { paypalAttemptStatus, stripeAttemptStatus } from '#lib/orders/state.ts';
import type {
  PayPalGateway,
  PayPalOrder,
  StripeGateway,
  StripeIntent,
  StripeMethod,
  StripeWebhookEvent,
} from '../payments/index.ts';
import {
  orderAlreadyPaid,
  orderCancelled,
  orderNotFound,
  paymentMethodUnavailable,
  paymentNotFound,
} from './errors.ts';
import { applyAttemptReport, type AttemptReport, type ConfirmResult } from './lifecycle.ts';
import { findOrder, type OrderRow } from './queries.ts';

const IdRow = z.object({ id: z.string() });
const OpenAttemptRow = z.object({ id: z.string(), providerRef: z.string() });
const AttemptStatusRow = z.object({ id: z.string(), status: z.string() });
const EventIdRow = z.object({ eventId: z.string() });

export interface PaymentGateways {
  stripe: StripeGateway | null;
  paypal: PayPalGateway | null;
  stripePublishableKey: string | null;
  stripeJsUrl: string;
  siteUrl: string;
}

type PaymentFlow = 'checkout' | 'pay';

const STRIPE_METHODS: Partial<Record<PaymentMethodCode, StripeMethod>> = {
  stripe: 'card',
  'stripe-debit': 'sepa_debit',
  'stripe-sofort': 'sofort',
};

/** Where providers send the shopper back: the checkout's processing step, or /pay/{order}/{status}. */
function returnUrls(
  siteUrl: string,
  locale: Locale,
  orderId: string,
  flow: PaymentFlow,
  provider: 'stripe' | 'paypal',
) {
  const base = siteUrl.replace(/\/+$/, '');
  if (flow === 'pay') {
    return {
      success: `${base}${localePath(locale, `/pay/${orderId}/success`)}?provider=${provider}`,
      cancel: `${base}${localePath(locale, `/pay/${orderId}/cancel`)}?provider=${provider}`,
    };
  }
  const processing = `${base}${localePath(locale, '/checkout/checkout-processing')}?order=${orderId}&provider=${provider}`;
  return { success: processing, cancel: `${processing}&cancelled=1` };
}

function stripeReport(intent: StripeIntent): AttemptReport | null {
  const status = stripeAttemptStatus(intent.status, intent.lastError !== null);
  if (status === null) return null;
  return {
    provider: 'stripe',
    providerRef: intent.id,
    status,
    amountCents: intent.amountCents,
    currency: intent.currency,
    orderId: intent.orderId,
    failureMessage: intent.lastError,
  };
}

function paypalReport(order: PayPalOrder): AttemptReport | null {
  const status = paypalAttemptStatus(order.status, order.captureStatus);
  if (status === null) return null;
  return {
    provider: 'paypal',
    providerRef: order.id,
    status,
    amountCents: order.amountCents,
    currency: order.currency,
    orderId: order.orderId,
    failureMessage: status === 'failed' ? `PayPal: ${order.captureStatus ?? order.status}` : null,
  };
}

const AttemptRow = z.object({
  id: z.string(),
  providerRef: z.string().nullable(),
  status: z.string(),
  methodCode: z.string(),
  amountCents: z.number(),
});
type AttemptRow = z.infer<typeof AttemptRow>;

/** Opens an attempt row first, so its id can be the provider's idempotency key. */
async function openAttempt(
  db: Db,
  order: OrderRow,
  provider: 'stripe' | 'paypal',
  methodCode: PaymentMethodCode,
): Promise<string> {
  const [row] = await rows(
    db,
    IdRow,
    sql`
    INSERT INTO payments (order_id, provider, method_code, amount_cents, currency, status)
    VALUES (${order.id}, ${provider}, ${methodCode}, ${order.grandTotalCents}, ${order.currency}, 'created') RETURNING id`,
  );
  return row!.id;
}

/** A Stripe attempt of this order and method that the shopper can still complete, reused on retries. */
async function reusableStripeAttempt(
  db: Db,
  order: OrderRow,
  methodCode: PaymentMethodCode,
): Promise<AttemptRow | null> {
  const [row] = await rows(
    db,
    AttemptRow,
    sql`
    SELECT id, provider_ref AS "providerRef", status, method_code AS "methodCode", amount_cents AS "amountCents"
    FROM payments WHERE order_id = ${order.id} AND provider = 'stripe' AND method_code = ${methodCode}
      AND provider_ref IS NOT NULL AND status IN ('created', 'failed') AND amount_cents = ${order.grandTotalCents}
    ORDER BY created_at DESC LIMIT 1`,
  );
  return row ?? null;
}

export interface StartPaymentInput {
  orderId: string;
  methodCode: PaymentMethodCode;
  offeredMethods: readonly PaymentMethodCode[];
  flow: PaymentFlow;
  locale: Locale;
}

/** Starts (or resumes) paying an order with a method and says what the browser must do next. */
/**
 * A PayPal attempt the buyer approved but whose capture never ran (the tab closed on the way back from
 * PayPal): capturing it now takes the money the buyer agreed to, instead of asking them to pay twice.
 */
async function captureApprovedPayPal(db: Db, paypal: PayPalGateway, orderId: string): Promise<ConfirmResult | null> {
  const open = await rows(
    db,
    OpenAttemptRow,
    sql`
    SELECT id, provider_ref AS "providerRef" FROM payments
    WHERE order_id = ${orderId} AND provider = 'paypal' AND provider_ref IS NOT NULL AND status = 'created'
    ORDER BY created_at DESC LIMIT 3`,
  );
  for (const attempt of open) {
    if ((await paypal.getOrder(attempt.providerRef)).status !== 'APPROVED') continue;
    const report = paypalReport(await paypal.captureOrder(attempt.providerRef, `capture-${attempt.id}`));
    if (report) return applyAttemptReport(db, report, orderId);
  }
  return null;
}

export interface StartedPayment {
  order: OrderRow;
  action: PaymentAction;
  /** Set when starting found an approved PayPal payment and captured it: the order may be confirmed. */
  settled?: ConfirmResult;
}

export async function startPayment(
  db: Db,
  gateways: PaymentGateways,
  input: StartPaymentInput,
): Promise<StartedPayment> {
  let order = await findOrder(db, input.orderId);
  if (!order) throw orderNotFound();
  if (order.status === 'cancelled') throw orderCancelled();
  if (order.paymentStatus !== 'paid' && gateways.paypal) {
    const settled = await captureApprovedPayPal(db, gateways.paypal, order.id);
    if (settled?.order.paymentStatus === 'paid') return { order: settled.order, action: { action: 'none' }, settled };
  }
  if (order.paymentStatus === 'paid') {
    if (input.flow === 'pay') throw orderAlreadyPaid();
    return { order, action: { action: 'none' } };
  }
  if (!input.offeredMethods.includes(input.methodCode)) throw paymentMethodUnavailable();
  if (order.paymentMethodCode !== input.methodCode) order = await setPaymentMethod(db, order.id, input.methodCode);

  const provider = providerOf(input.methodCode);
  if (provider === 'invoice') return { order, action: { action: 'none' } };
  const urls = returnUrls(gateways.siteUrl, input.locale, order.id, input.flow, provider);

  if (provider === 'stripe') {
    const stripe = gateways.stripe;
    if (!stripe || !gateways.stripePublishableKey) throw paymentMethodUnavailable();
    const method = STRIPE_METHODS[input.methodCode]!;
    const reusable = await reusableStripeAttempt(db, order, input.methodCode);
    let intent = reusable?.providerRef ? await stripe.retrieveIntent(reusable.providerRef) : null;
    if (!intent || !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      const attemptId = await openAttempt(db, order, 'stripe', input.methodCode);
      intent = await stripe.createIntent({
        orderId: order.id,
        transactionnum: order.transactionnum,
        amountCents: order.grandTotalCents,
        currency: order.currency,
        method,
        email: order.email,
        idempotencyKey: `payment-${attemptId}`,
      });
      await db.execute(
        sql`UPDATE payments SET provider_ref = ${intent.id}, updated_at = now() WHERE id = ${attemptId}`,
      );
    }
    return {
      order,
      action: {
        action: 'stripe',
        publishableKey: gateways.stripePublishableKey,
        clientSecret: intent.clientSecret ?? '',
        jsUrl: gateways.stripeJsUrl,
        returnUrl: urls.success,
        method,
      },
    };
  }

  const paypal = gateways.paypal;
  if (!paypal) throw paymentMethodUnavailable();
  const attemptId = await openAttempt(db, order, 'paypal', input.methodCode);
  const created = await paypal.createOrder({
    orderId: order.id,
    transactionnum: order.transactionnum,
    amountCents: order.grandTotalCents,
    currency: order.currency,
    returnUrl: urls.success,
    cancelUrl: urls.cancel,
    locale: `${input.locale}-${input.locale === 'en' ? 'GB' : input.locale.toUpperCase()}`,
    requestId: `payment-${attemptId}`,
  });
  await db.execute(
    sql`UPDATE payments SET provider_ref = ${created.id}, status = 'created', updated_at = now() WHERE id = ${attemptId}`,
  );
  if (!created.approveUrl) throw paymentMethodUnavailable();
  return { order, action: { action: 'redirect', url: created.approveUrl } };
}

export async function setPaymentMethod(db: Db, orderId: string, methodCode: PaymentMethodCode): Promise<OrderRow> {
  const updated = await rows(
    db,
    IdRow,
    sql`
    UPDATE orders SET payment_method_code = ${methodCode}, last_modified = now()
    WHERE id = ${orderId} AND payment_status <> 'paid' AND status <> 'cancelled' RETURNING id`,
  );
  if (updated.length === 0) {
    const order = await findOrder(db, orderId);
    if (!order) throw orderNotFound();
    throw order.paymentStatus === 'paid' ? orderAlreadyPaid() : orderCancelled();
  }
  return (await findOrder(db, orderId))!;
}

/**
 * The browser is back from the provider: ask the provider (never the query string) what happened and
 * apply it. PayPal money moves only on capture, which we do here with the attempt's own request id,
 * so a reload or a second tab captures once.
 */
export async function completePayment(
  db: Db,
  gateways: PaymentGateways,
  input: { orderId: string; provider: 'stripe' | 'paypal'; reference: string },
): Promise<ConfirmResult> {
  const [attempt] = await rows(
    db,
    AttemptStatusRow,
    sql`
    SELECT id, status FROM payments WHERE order_id = ${input.orderId} AND provider = ${input.provider} AND provider_ref = ${input.reference}`,
  );
  if (!attempt) throw paymentNotFound();
  const known: OpenAttempt = { id: attempt.id, orderId: input.orderId, providerRef: input.reference };
  let result: ConfirmResult | null;
  if (input.provider === 'stripe') {
    if (!gateways.stripe) throw paymentMethodUnavailable();
    result = await settleStripeAttempt(db, gateways.stripe, known);
  } else {
    if (!gateways.paypal) throw paymentMethodUnavailable();
    result = (await settlePayPalAttempt(db, gateways.paypal, known)).result;
  }
  if (!result) {
    const order = await findOrder(db, input.orderId);
    if (!order) throw orderNotFound();
    return { order, becameConfirmed: false };
  }
  return result;
}

/** A payment attempt the provider knows by its reference. */
export const OpenAttempt = z.object({ id: z.string(), orderId: z.string(), providerRef: z.string() });
export type OpenAttempt = z.infer<typeof OpenAttempt>;

/** What Stripe says of one attempt, applied; null while the shopper still has to act. */
export async function settleStripeAttempt(
  db: Db,
  stripe: StripeGateway,
  attempt: OpenAttempt,
): Promise<ConfirmResult | null> {
  const report = stripeReport(await stripe.retrieveIntent(attempt.providerRef));
  return report ? applyAttemptReport(db, report, attempt.orderId) : null;
}

export interface PayPalSettlement {
  /** PayPal's order after this call (captured if it was approved and the shop order still wanted paying). */
  paypalOrder: PayPalOrder;
  /** Whether this call captured (or, after a lost answer, re-read the capture of) the approved order. */
  captured: boolean;
  /** The applied report; null while PayPal has taken no money (not approved, or approved but not captured). */
  result: ConfirmResult | null;
}

/**
 * What PayPal says of one attempt, applied. An approved order is captured under the attempt's own
 * request id, so the shopper's return, PayPal's webhook and the recovery job, racing or repeating,
 * capture it once between them. An approval for a shop order that is already paid (another attempt or
 * method got there first) or cancelled is left to lapse: capturing it would take the money twice.
 */
export async function settlePayPalAttempt(
  db: Db,
  paypal: PayPalGateway,
  attempt: OpenAttempt,
): Promise<PayPalSettlement> {
  let paypalOrder = await paypal.getOrder(attempt.providerRef);
  let captured = false;
  if (paypalOrder.status === 'APPROVED') {
    const order = await findOrder(db, attempt.orderId);
    if (order && order.paymentStatus !== 'paid' && order.status !== 'cancelled') {
      paypalOrder = await paypal.captureOrder(attempt.providerRef, `capture-${attempt.id}`);
      captured = true;
    }
  }
  const report = paypalReport(paypalOrder);
  return { paypalOrder, captured, result: report ? await applyAttemptReport(db, report, attempt.orderId) : null };
}

const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.processing',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
]);

/**
 * A verified Stripe event, applied once: the event id goes into webhook_events in the same transaction
 * as its effect, so a redelivery (Stripe retries for days) finds it there and changes nothing.
 * Returns the confirmation result when it changed an order, null for duplicates and other events.
 */
export async function applyStripeEvent(db: Db, event: StripeWebhookEvent): Promise<ConfirmResult | null> {
  return db.transaction(async (tx) => {
    const fresh = await rows(
      tx,
      EventIdRow,
      sql`
      INSERT INTO webhook_events (provider, event_id) VALUES ('stripe', ${event.id})
      ON CONFLICT DO NOTHING RETURNING event_id AS "eventId"`,
    );
    if (fresh.length === 0 || !INTENT_EVENTS.has(event.type) || !event.intent) return null;
    const report = stripeReport(event.intent);
    if (!report) return null;
    try {
      return await applyAttemptReport(tx, { ...report, eventCreated: new Date(event.created * 1000) });
    } catch (error) {
      // An intent we never created (another system on the same Stripe account) is not ours to apply, and
      // one that does not match its order is logged and refused; either way the event counts as handled,
      // so Stripe does not redeliver it for days. (The report ran in a savepoint: nothing else changed.)
      if (error instanceof ApiError && (error.code === 'PAYMENT_NOT_FOUND' || error.code === 'PAYMENT_MISMATCH'))
        return null;
      throw error;
    }
  });
}
