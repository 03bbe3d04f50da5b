// What happens to an order after it exists: confirmation (pending → confirmed) and the
// outcome of a payment attempt, whichever tells us first (the browser coming back, or the provider's
// webhook). Both lock the rows they change, so racing callers queue and the second one is a no-op.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows, timestamp } from '../db/index.ts';
import {
  mayConfirm,
  nextAttemptStatus,
  orderPaymentStatusAfter,
  type PaymentAttemptStatus,
} from '#lib/orders/state.ts';
import { logger } from '../log.ts';
import {
  orderAwaitingApproval,
  orderCancelled,
  orderNotFound,
  paymentMismatch,
  paymentNotFound,
  paymentRequired,
} from './errors.ts';
import { findOrder, type OrderRow } from './queries.ts';
import { recordOrderChange } from '../webhooks/index.ts';

const OrderIdRow = z.object({ id: z.string() });

export interface ConfirmResult {
  order: OrderRow;
  /** True only for the call that moved the order to confirmed: that one sends the email. */
  becameConfirmed: boolean;
}

/** pending → confirmed when the payment allows it; an already confirmed order is answered unchanged. */
export async function confirmOrder(db: Db, orderId: string): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { lock: true });
    if (!order) throw orderNotFound();
    if (order.status === 'confirmed') return { order, becameConfirmed: false };
    if (order.status === 'cancelled') throw orderCancelled();
    if (order.status === 'awaiting_approval') throw orderAwaitingApproval();
    if (!mayConfirm(order)) throw paymentRequired();
    await tx.execute(sql`
      UPDATE orders SET status = 'confirmed', confirmed = true, last_modified = now() WHERE id = ${orderId}`);
    return { order: (await findOrder(tx, orderId))!, becameConfirmed: true };
  });
}

export interface AttemptReport {
  provider: 'stripe' | 'paypal';
  providerRef: string;
  status: PaymentAttemptStatus;
  /** What the provider says it charged, to be matched against the order. */
  amountCents: number | null;
  currency: string | null;
  /** The shop order id the provider has on record (Stripe metadata / PayPal custom_id). */
  orderId: string | null;
  failureMessage?: string | null;
  /** When the provider wrote the report, for webhook events (which can be redelivered days late). */
  eventCreated?: Date | undefined;
}

/** Provider clocks and ours differ a little; an event older than the last change by more is a late redelivery. */
const LATE_EVENT_MS = 60_000;

const AttemptStatus = z.enum(['created', 'awaiting', 'succeeded', 'failed']) satisfies z.ZodType<PaymentAttemptStatus>;

const PaymentRow = z.object({
  id: z.string(),
  orderId: z.string(),
  status: AttemptStatus,
  amountCents: z.number(),
  currency: z.string(),
  updatedAt: timestamp,
});

const OtherAttemptRow = z.object({ status: AttemptStatus });

/**
 * Applies a provider's report on one payment attempt, once: the attempt row is locked, moves only
 * forward (src/lib/orders/state.ts), and a report whose amount, currency or order id does not match
 * the order changes nothing. A pending order whose payment went through (or, for SEPA, is under way)
 * is confirmed in the same transaction, so the shopper's order never depends on the browser returning.
 */
export async function applyAttemptReport(
  db: Db,
  report: AttemptReport,
  expectedOrderId?: string,
): Promise<ConfirmResult> {
  return db.transaction(async (tx) => {
    const [payment] = await rows(
      tx,
      PaymentRow,
      sql`
      SELECT id, order_id AS "orderId", status, amount_cents AS "amountCents", currency, updated_at AS "updatedAt" FROM payments
      WHERE provider = ${report.provider} AND provider_ref = ${report.providerRef} FOR UPDATE`,
    );
    if (!payment || (expectedOrderId !== undefined && payment.orderId !== expectedOrderId)) throw paymentNotFound();
    const order = await findOrder(tx, payment.orderId, { lock: true });
    if (!order) throw orderNotFound();
    const matches =
      report.orderId === order.id &&
      report.amountCents === order.grandTotalCents &&
      report.amountCents === payment.amountCents &&
      report.currency === order.currency;
    if (!matches) {
      logger.error(
        { provider: report.provider, providerRef: report.providerRef, orderId: order.id },
        'payment does not match its order; not applied',
      );
      throw paymentMismatch();
    }
    const next = nextAttemptStatus(payment.status, report.status);
    // failed → awaiting is a new try on the same intent, or a 'processing' event Stripe redelivered late
    // (the shop was down when it was first sent) after the debit already failed: only the first counts.
    const lateRedelivery =
      payment.status === 'failed' &&
      next === 'awaiting' &&
      report.eventCreated !== undefined &&
      report.eventCreated.getTime() < payment.updatedAt.getTime() - LATE_EVENT_MS;
    if (next === null || lateRedelivery) return { order, becameConfirmed: false };
    await tx.execute(sql`
      UPDATE payments SET status = ${next}, failure_message = ${next === 'failed' ? (report.failureMessage ?? null) : null},
        updated_at = now() WHERE id = ${payment.id}`);
    const others = await rows(
      tx,
      OtherAttemptRow,
      sql`
      SELECT status FROM payments WHERE order_id = ${order.id} AND id <> ${payment.id}`,
    );
    const paymentStatus = orderPaymentStatusAfter(
      order.paymentStatus,
      next,
      others.map((o) => o.status),
    );
    if (order.status === 'cancelled' && (next === 'succeeded' || next === 'awaiting')) {
      // Money for an order that is cancelled (its unpaid hold expired, its stock went back): the payment
      // is kept and the order shows it, never confirmed behind anybody's back; a person refunds it or
      // restores the order.
      logger.error(
        {
          provider: report.provider,
          providerRef: report.providerRef,
          orderId: order.id,
          transactionnum: order.transactionnum,
          amountCents: report.amountCents,
          currency: report.currency,
          attempt: next,
        },
        'payment for a cancelled order: kept, needs a refund or the order restored',
      );
    }
    const confirmNow = mayConfirm({ ...order, paymentStatus });
    await tx.execute(sql`
      UPDATE orders SET payment_status = ${paymentStatus}, last_modified = now(),
        status = ${confirmNow ? 'confirmed' : order.status}, confirmed = ${confirmNow || order.confirmed}
      WHERE id = ${order.id}`);
    const after = (await findOrder(tx, order.id))!;
    // Paid (order.paid) or not: the outbox has the change exactly when this commits.
    await recordOrderChange(tx, order, after);
    return { order: after, becameConfirmed: confirmNow };
  });
}

/**
 * Marks the confirmation email as sent and reports whether this caller should send it. The guarded
 * UPDATE lets exactly one of racing callers through, and a restart never sends it twice.
 */
export async function claimConfirmationMail(db: Db, orderId: string): Promise<boolean> {
  const claimed = await rows(
    db,
    OrderIdRow,
    sql`
    UPDATE orders SET confirmation_sent_at = now() WHERE id = ${orderId} AND confirmation_sent_at IS NULL RETURNING id`,
  );
  return claimed.length > 0;
}

/** Gives the claim back when sending failed, so a later confirmation attempt can try again. */
export async function releaseConfirmationMail(db: Db, orderId: string): Promise<void> {
  await db.execute(sql`UPDATE orders SET confirmation_sent_at = NULL WHERE id = ${orderId}`);
}
