// Which payment methods a shop offers (src/lib/checkout/payment-methods.ts).
import { describe, expect, test } from 'vitest';
import { defaultPaymentMethod, offeredPaymentMethods, providerOf } from '#lib/checkout/payment-methods.ts';

const none = { invoice: false, stripe: false, stripeSofort: false, paypal: false };

describe('offeredPaymentMethods', () => {
  test('only what is configured', () => {
    expect(offeredPaymentMethods(none)).toEqual([]);
    expect(offeredPaymentMethods({ ...none, invoice: true })).toEqual(['invoice']);
    expect(offeredPaymentMethods({ ...none, stripe: true })).toEqual(['stripe', 'stripe-debit']);
    expect(offeredPaymentMethods({ ...none, paypal: true })).toEqual(['paypal']);
    expect(offeredPaymentMethods({ invoice: true, stripe: true, stripeSofort: false, paypal: true }))
      .toEqual(['invoice', 'stripe', 'stripe-debit', 'paypal']);
  });

  test('Sofort (retired by Stripe in 2025) only with Stripe and its own switch', () => {
    expect(offeredPaymentMethods({ ...none, stripeSofort: true })).toEqual([]);
    expect(offeredPaymentMethods({ ...none, stripe: true, stripeSofort: true })).toEqual(['stripe', 'stripe-debit', 'stripe-sofort']);
  });
});

describe('defaultPaymentMethod', () => {
  test('paypal when offered, else the first offered, else none', () => {
    expect(defaultPaymentMethod(['invoice', 'stripe', 'paypal'])).toBe('paypal');
    expect(defaultPaymentMethod(['stripe', 'invoice'])).toBe('stripe');
    expect(defaultPaymentMethod([])).toBeNull();
  });
});

describe('providerOf', () => {
  test('maps every method code to its provider', () => {
    expect(['invoice', 'stripe', 'stripe-debit', 'stripe-sofort', 'paypal'].map((c) => providerOf(c as never)))
      .toEqual(['invoice', 'stripe', 'stripe', 'stripe', 'paypal']);
  });
});
