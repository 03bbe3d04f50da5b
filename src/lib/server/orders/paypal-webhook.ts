// PayPal's verified webhook events, applied once. Unlike Stripe's, PayPal's events do not settle a
// payment by themselves: an approval still has to be captured, which is a call to PayPal. So the event
// id is recorded first (a redelivery, even a concurrent one, then finds it and does nothing), the
// attempt is settled exactly as the shopper's return settles it (settlePayPalAttempt: ask PayPal,
// capture under the attempt's request id, apply), and an event whose effect failed is forgotten again
// so that PayPal's redelivery can apply it. If the process dies in between, the recovery job
// (recovery.ts) finds the approved attempt and captures it.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import type { PayPalGateway, PayPalWebhookEvent } from '../payments/index.ts';
import type { ConfirmResult } from './lifecycle.ts';
import { OpenAttempt, settlePayPalAttempt } from './payment-outcomes.ts';

const EventIdRow = z.object({ eventId: z.string() });

/**
 * The events that move a payment: the buyer approved (capture it, as the return would), a capture
 * completed (a pending one cleared) or was denied or declined. Every other event is acknowledged.
 */
const SETTLING_EVENTS = new Set([
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
]);

async function attemptFor(db: Db, paypalOrderId: string): Promise<OpenAttempt | null> {
  const [row] = await rows(
    db,
    OpenAttempt,
    sql`
    SELECT id, order_id AS "orderId", provider_ref AS "providerRef" FROM payments
    WHERE provider = 'paypal' AND provider_ref = ${paypalOrderId}`,
  );
  return row ?? null;
}

/** Returns the confirmation result when the event settled an attempt; null for duplicates, other events and orders that are not ours. */
export async function applyPayPalEvent(
  db: Db,
  paypal: PayPalGateway,
  event: PayPalWebhookEvent,
): Promise<ConfirmResult | null> {
  const fresh = await rows(
    db,
    EventIdRow,
    sql`
    INSERT INTO webhook_events (provider, event_id) VALUES ('paypal', ${event.id})
    ON CONFLICT DO NOTHING RETURNING event_id AS "eventId"`,
  );
  if (fresh.length === 0 || !SETTLING_EVENTS.has(event.type) || !event.paypalOrderId) return null;
  try {
    // A PayPal order the shop never created (another integration on the same account) is not ours.
    const attempt = await attemptFor(db, event.paypalOrderId);
    return attempt ? (await settlePayPalAttempt(db, paypal, attempt)).result : null;
  } catch (error) {
    // A payment that does not match its order is logged and refused for good: redelivering cannot fix it.
    if (error instanceof ApiError && (error.code === 'PAYMENT_NOT_FOUND' || error.code === 'PAYMENT_MISMATCH'))
      return null;
    await db.execute(sql`DELETE FROM webhook_events WHERE provider = 'paypal' AND event_id = ${event.id}`);
    throw error;
  }
}
