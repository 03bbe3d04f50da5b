// Forward-only payment states and when an order may be confirmed (src/lib/orders/state.ts).
import { describe, expect, test } from 'vitest';
import {
  mayConfirm,
  nextAttemptStatus,
  orderPaymentStatusAfter,
  paypalAttemptStatus,
  stripeAttemptStatus,
  type PaymentAttemptStatus,
} from '#lib/orders/state.ts';

const ALL: PaymentAttemptStatus[] = ['created', 'awaiting', 'succeeded', 'failed'];

describe('nextAttemptStatus', () => {
  test('moves forward: created → awaiting → succeeded, created → failed', () => {
    expect(nextAttemptStatus('created', 'awaiting')).toBe('awaiting');
    expect(nextAttemptStatus('created', 'succeeded')).toBe('succeeded');
    expect(nextAttemptStatus('created', 'failed')).toBe('failed');
    expect(nextAttemptStatus('awaiting', 'succeeded')).toBe('succeeded');
  });

  test('a failed attempt may still succeed or go back to awaiting (a retried card, a new SEPA mandate)', () => {
    expect(nextAttemptStatus('failed', 'succeeded')).toBe('succeeded');
    expect(nextAttemptStatus('failed', 'awaiting')).toBe('awaiting');
    expect(nextAttemptStatus('failed', 'created')).toBeNull();
  });

  test('nothing leaves succeeded, and a repeated report changes nothing', () => {
    for (const incoming of ALL) expect(nextAttemptStatus('succeeded', incoming)).toBeNull();
    for (const s of ALL) expect(nextAttemptStatus(s, s)).toBeNull();
  });

  test('a late report never moves backwards (processing after succeeded, created after awaiting)', () => {
    expect(nextAttemptStatus('awaiting', 'created')).toBeNull();
    expect(nextAttemptStatus('succeeded', 'awaiting')).toBeNull();
  });

  test('a SEPA debit under way can still fail (the bank returned it)', () => {
    expect(nextAttemptStatus('awaiting', 'failed')).toBe('failed');
  });

  test('applying any sequence of reports in any order ends in succeeded once it was reported', () => {
    // Every permutation of a delivery sequence containing 'succeeded' ends there.
    const reports: PaymentAttemptStatus[] = ['awaiting', 'failed', 'succeeded', 'awaiting', 'created'];
    const permutations = (xs: PaymentAttemptStatus[]): PaymentAttemptStatus[][] =>
      xs.length <= 1
        ? [xs]
        : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    for (const order of permutations(reports)) {
      const end = order.reduce<PaymentAttemptStatus>((s, r) => nextAttemptStatus(s, r) ?? s, 'created');
      expect(end, order.join(',')).toBe('succeeded');
    }
  });
});

describe('orderPaymentStatusAfter', () => {
  test('paid stays paid whatever an attempt reports', () => {
    for (const a of ALL) expect(orderPaymentStatusAfter('paid', a)).toBe('paid');
  });

  test('succeeded pays, awaiting awaits, failed fails unless another payment is under way', () => {
    expect(orderPaymentStatusAfter('open', 'succeeded')).toBe('paid');
    expect(orderPaymentStatusAfter('open', 'awaiting')).toBe('awaiting');
    expect(orderPaymentStatusAfter('open', 'failed')).toBe('failed');
    expect(orderPaymentStatusAfter('failed', 'created')).toBe('failed');
    // The awaiting debit itself failed: the order is no longer awaiting money.
    expect(orderPaymentStatusAfter('awaiting', 'failed', [])).toBe('failed');
    expect(orderPaymentStatusAfter('awaiting', 'failed', ['failed', 'created'])).toBe('failed');
    // A card try failed while a SEPA debit of the same order is still under way.
    expect(orderPaymentStatusAfter('awaiting', 'failed', ['awaiting'])).toBe('awaiting');
  });
});

describe('mayConfirm', () => {
  const order = (
    status: 'pending' | 'confirmed' | 'cancelled',
    paymentStatus: 'open' | 'awaiting' | 'paid' | 'failed',
    code: 'invoice' | 'stripe' | 'stripe-debit' | 'paypal',
  ) => ({ status, paymentStatus, paymentMethodCode: code });

  test('invoice confirms at once; a provider payment once paid or, for SEPA, awaiting', () => {
    expect(mayConfirm(order('pending', 'open', 'invoice'))).toBe(true);
    expect(mayConfirm(order('pending', 'open', 'stripe'))).toBe(false);
    expect(mayConfirm(order('pending', 'failed', 'paypal'))).toBe(false);
    expect(mayConfirm(order('pending', 'paid', 'paypal'))).toBe(true);
    expect(mayConfirm(order('pending', 'awaiting', 'stripe-debit'))).toBe(true);
  });

  test('only a pending order is confirmed', () => {
    expect(mayConfirm(order('confirmed', 'paid', 'invoice'))).toBe(false);
    expect(mayConfirm(order('cancelled', 'paid', 'invoice'))).toBe(false);
  });
});

describe('provider statuses', () => {
  test('Stripe: succeeded, processing → awaiting, canceled → failed, requires_payment_method only with an error', () => {
    expect(stripeAttemptStatus('succeeded', false)).toBe('succeeded');
    expect(stripeAttemptStatus('processing', false)).toBe('awaiting');
    expect(stripeAttemptStatus('canceled', false)).toBe('failed');
    expect(stripeAttemptStatus('requires_payment_method', true)).toBe('failed');
    expect(stripeAttemptStatus('requires_payment_method', false)).toBeNull();
    expect(stripeAttemptStatus('requires_action', false)).toBeNull();
  });

  test('PayPal: money only with a COMPLETED capture; a PENDING capture awaits; an approved order is not paid', () => {
    expect(paypalAttemptStatus('COMPLETED', 'COMPLETED')).toBe('succeeded');
    expect(paypalAttemptStatus('COMPLETED', 'PENDING')).toBe('awaiting');
    expect(paypalAttemptStatus('COMPLETED', 'DECLINED')).toBe('failed');
    expect(paypalAttemptStatus('VOIDED', null)).toBe('failed');
    expect(paypalAttemptStatus('APPROVED', null)).toBeNull();
    expect(paypalAttemptStatus('CREATED', null)).toBeNull();
  });
});
