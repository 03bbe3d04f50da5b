// Which payment methods a shop offers (src/lib/checkout/payment-methods.ts).
import { describe, expect, test } from 'vitest';
import { offeredPaymentMethods, offeredPayments, providerOf } from '#lib/checkout/payment-methods.ts';

const none = { invoice: false, stripe: false, stripeSofort: false, paypal: false };

describe('offeredPaymentMethods', () => {
  test('only what is configured', () => {
    expect(offeredPaymentMethods(none)).toEqual([]);
    expect(offeredPaymentMethods({ ...none, invoice: true })).toEqual(['invoice']);
    expect(offeredPaymentMethods({ ...none, stripe: true })).toEqual(['stripe', 'stripe-debit']);
    expect(offeredPaymentMethods({ ...none, paypal: true })).toEqual(['paypal']);
    expect(offeredPaymentMethods({ invoice: true, stripe: true, stripeSofort: false, paypal: true })).toEqual([
      'invoice',
      'stripe',
      'stripe-debit',
      'paypal',
    ]);
  });

  test('Sofort (retired by Stripe in 2025) only with Stripe and its own switch', () => {
    expect(offeredPaymentMethods({ ...none, stripeSofort: true })).toEqual([]);
    expect(offeredPaymentMethods({ ...none, stripe: true, stripeSofort: true })).toEqual([
      'stripe',
      'stripe-debit',
      'stripe-sofort',
    ]);
  });
});

describe('offeredPayments', () => {
  test('preselects paypal when offered, else the first offered, else none', () => {
    expect(offeredPayments({ invoice: true, stripe: true, stripeSofort: false, paypal: true }).defaultMethod).toBe(
      'paypal',
    );
    expect(offeredPayments({ invoice: true, stripe: true, stripeSofort: false, paypal: false })).toEqual({
      methods: ['invoice', 'stripe', 'stripe-debit'],
      defaultMethod: 'invoice',
    });
    expect(offeredPayments({ invoice: false, stripe: true, stripeSofort: false, paypal: false }).defaultMethod).toBe(
      'stripe',
    );
    expect(offeredPayments({ invoice: false, stripe: false, stripeSofort: false, paypal: false })).toEqual({
      methods: [],
      defaultMethod: null,
    });
  });
});

describe('providerOf', () => {
  test('maps every method code to its provider', () => {
    expect(['invoice', 'stripe', 'stripe-debit', 'stripe-sofort', 'paypal'].map((c) => providerOf(c as never))).toEqual(
      ['invoice', 'stripe', 'stripe', 'stripe', 'paypal'],
    );
  });
});
