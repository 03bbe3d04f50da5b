// What the providers say of a payment attempt, applied to its order: when the browser comes back,
// when a PayPal approval was left uncaptured, from the recovery job, and from Stripe's webhooks.
// Apart from payments.ts, which starts attempts: everything here asks the provider, never the client.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import { rows } from '../db/index.ts';
import { paypalAttemptStatus, stripeAttemptStatus } from '#lib/orders/state.ts';
import type { PayPalGateway, PayPalOrder, StripeGateway, StripeIntent, StripeWebhookEvent } from '../payments/index.ts';
import { orderNotFound, paymentMethodUnavailable, paymentNotFound } from './errors.ts';
import { applyAttemptReport, type AttemptReport, type ConfirmResult } from './lifecycle.ts';
import { findOrder } from './queries.ts';

const OpenAttemptRow = z.object({ id: z.string(), providerRef: z.string() });
const AttemptStatusRow = z.object({ id: z.string(), status: z.string() });
const EventIdRow = z.object({ eventId: z.string() });

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

/**
 * A PayPal attempt the buyer approved but whose capture never ran (the tab closed on the way back from
 * PayPal): capturing it now takes the money the buyer agreed to, instead of asking them to pay twice.
 */
export async function captureApprovedPayPal(
  db: Db,
  paypal: PayPalGateway,
  orderId: string,
): Promise<ConfirmResult | null> {
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

/**
 * The browser is back from the provider: ask the provider (never the query string) what happened and
 * apply it. PayPal money moves only on capture, which we do here with the attempt's own request id,
 * so a reload or a second tab captures once.
 */
export async function completePayment(
  db: Db,
  gateways: { stripe: StripeGateway | null; paypal: PayPalGateway | null },
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
