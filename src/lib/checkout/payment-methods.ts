// Which payment methods a shop offers: only what is configured. Invoice
// needs nothing; Stripe card and SEPA need Stripe keys; Sofort additionally an explicit switch,
// because Stripe retired Sofort in 2025 and new accounts cannot use it; PayPal needs its credentials.
import { DEFAULT_PAYMENT_METHOD, type PaymentMethodCode } from './contract.ts';

export interface PaymentConfiguration {
  invoice: boolean;
  stripe: boolean;
  stripeSofort: boolean;
  paypal: boolean;
}

export function offeredPaymentMethods(config: PaymentConfiguration): PaymentMethodCode[] {
  const offered: PaymentMethodCode[] = [];
  if (config.invoice) offered.push('invoice');
  if (config.stripe) offered.push('stripe', 'stripe-debit');
  if (config.stripe && config.stripeSofort) offered.push('stripe-sofort');
  if (config.paypal) offered.push('paypal');
  return offered;
}

/** Paypal by default when offered, otherwise the first offered method. */
function defaultPaymentMethod(offered: readonly PaymentMethodCode[]): PaymentMethodCode | null {
  return offered.includes(DEFAULT_PAYMENT_METHOD) ? DEFAULT_PAYMENT_METHOD : (offered[0] ?? null);
}

/** What a page offers to pay with, as the payment pages hand it to their islands. */
export interface OfferedPayments {
  methods: PaymentMethodCode[];
  defaultMethod: PaymentMethodCode | null;
}

export function offeredPayments(config: PaymentConfiguration): OfferedPayments {
  const methods = offeredPaymentMethods(config);
  return { methods, defaultMethod: defaultPaymentMethod(methods) };
}

/** The provider behind a method code. */
export function providerOf(code: PaymentMethodCode): 'invoice' | 'stripe' | 'paypal' {
  if (code === 'invoice') return 'invoice';
  return code === 'paypal' ? 'paypal' : 'stripe';
}
