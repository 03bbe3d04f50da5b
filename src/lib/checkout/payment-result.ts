// What the payment result page (/order-payment/{order}/{status}) tells the shopper. The status in the
// address is only where the provider sent the shopper back; the order's own state has the last word,
// so an unpaid order never reads "payment received".
import type { Order } from './contract.ts';

const PAYMENT_RESULT_STATUSES = ['paid', 'awaiting', 'failed', 'cancelled'] as const;
export type PaymentResultStatus = (typeof PAYMENT_RESULT_STATUSES)[number];

export type PaymentResult = 'paid' | 'awaiting' | 'open' | 'failed' | 'cancelled' | 'invoice' | 'order-cancelled';

export type PaymentResultOrder = Pick<Order, 'status' | 'paymentStatus' | 'paymentMethodCode'>;

export function isPaymentResultStatus(value: string | undefined): value is PaymentResultStatus {
  return (PAYMENT_RESULT_STATUSES as readonly string[]).includes(value ?? '');
}

export function paymentResult(returned: PaymentResultStatus, order: PaymentResultOrder): PaymentResult {
  if (order.paymentStatus === 'paid') return 'paid';
  if (order.status === 'cancelled') return 'order-cancelled';
  if (order.paymentStatus === 'failed') return 'failed';
  // The shopper left the provider's page: say so, whatever the order waits for.
  if (returned === 'cancelled' || returned === 'failed') return returned;
  if (order.paymentMethodCode === 'invoice') return 'invoice';
  return order.paymentStatus === 'awaiting' ? 'awaiting' : 'open';
}

/** Results after which the shopper may pay again. */
export function canRetry(result: PaymentResult): boolean {
  return result === 'failed' || result === 'cancelled' || result === 'open';
}
