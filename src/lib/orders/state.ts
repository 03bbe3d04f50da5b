// Order and payment state rules without I/O: an order goes pending → confirmed (see docs/checkout.md).
//
// A payment only moves forward: created → awaiting → succeeded, or → failed (also from awaiting: a
// returned SEPA debit). A failed attempt may still succeed (Stripe lets a shopper retry a declined
// card on the same intent), but nothing leaves succeeded. Provider events can arrive late, twice or
// out of order; a step backwards is ignored, which is what makes applying them in any order safe.
import type { Order, PaymentMethodCode } from '../checkout/contract.ts';

export type PaymentAttemptStatus = 'created' | 'awaiting' | 'succeeded' | 'failed';

const RANK: Record<PaymentAttemptStatus, number> = { created: 0, awaiting: 1, failed: 1, succeeded: 2 };

/** The attempt's status after the provider reported `incoming`, or null when nothing changes. */
export function nextAttemptStatus(
  current: PaymentAttemptStatus,
  incoming: PaymentAttemptStatus,
): PaymentAttemptStatus | null {
  if (current === incoming || current === 'succeeded') return null;
  if (current === 'failed') return incoming === 'succeeded' || incoming === 'awaiting' ? incoming : null;
  // A SEPA debit under way (awaiting) can still fail when the bank returns it.
  if (current === 'awaiting' && incoming === 'failed') return 'failed';
  return RANK[incoming] > RANK[current] ? incoming : null;
}

/**
 * What the order's payment status becomes when one of its attempts reached `attempt`, given the
 * statuses of its other attempts: a failed attempt leaves the order awaiting only while another
 * payment is still under way.
 */
export function orderPaymentStatusAfter(
  current: Order['paymentStatus'],
  attempt: PaymentAttemptStatus,
  otherAttempts: readonly PaymentAttemptStatus[] = [],
): Order['paymentStatus'] {
  if (current === 'paid') return 'paid';
  if (attempt === 'succeeded') return 'paid';
  if (attempt === 'awaiting') return 'awaiting';
  if (attempt === 'failed') return otherAttempts.includes('awaiting') ? 'awaiting' : 'failed';
  return current;
}

/**
 * Whether a pending order may become confirmed: on invoice at once (the invoice is the payment
 * promise); otherwise once the provider took the money or, for SEPA, accepted the mandate (awaiting).
 */
export function mayConfirm(order: {
  status: Order['status'];
  paymentStatus: Order['paymentStatus'];
  paymentMethodCode: PaymentMethodCode;
}): boolean {
  if (order.status !== 'pending') return false;
  if (order.paymentStatus === 'paid') return true;
  if (order.paymentMethodCode === 'invoice') return true;
  return order.paymentStatus === 'awaiting';
}

/**
 * Stripe PaymentIntent status → attempt status; null while the shopper still has to act. A new intent
 * also reads requires_payment_method: only with a last payment error does it mean a failed try.
 */
export function stripeAttemptStatus(intentStatus: string, hasError: boolean): PaymentAttemptStatus | null {
  switch (intentStatus) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'awaiting';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      return hasError ? 'failed' : null;
    default:
      return null;
  }
}

/** PayPal order (after capture) → attempt status. A PENDING capture is not money yet. */
export function paypalAttemptStatus(orderStatus: string, captureStatus: string | null): PaymentAttemptStatus | null {
  if (orderStatus === 'COMPLETED') {
    if (captureStatus === 'COMPLETED') return 'succeeded';
    if (captureStatus === 'PENDING') return 'awaiting';
    return 'failed';
  }
  if (orderStatus === 'VOIDED') return 'failed';
  return null;
}
