import { describe, expect, test } from 'vitest';
import { canRetry, paymentResult } from '#lib/checkout/payment-result.ts';
import { legacyRedirect } from '#lib/site/legacy-routes.ts';
import { escapeMalformedUrl } from '#lib/site/malformed-url.ts';
import { statusText } from '#lib/site/error-pages.ts';
import { formatQuantity } from '#lib/i18n/format.ts';

describe('paymentResult', () => {
  const order = { status: 'pending', paymentStatus: 'open', paymentMethodCode: 'invoice' } as const;

  test('says "paid" only for a paid order, whatever the address says', () => {
    expect(paymentResult('paid', order)).toBe('invoice');
    expect(paymentResult('paid', { ...order, paymentMethodCode: 'paypal' })).toBe('open');
    expect(paymentResult('paid', { ...order, paymentMethodCode: 'stripe', paymentStatus: 'awaiting' })).toBe(
      'awaiting',
    );
    expect(paymentResult('failed', { ...order, paymentStatus: 'paid' })).toBe('paid');
  });

  test('reports failures, cancellations and cancelled orders, and offers a retry where one can pay', () => {
    expect(paymentResult('cancelled', { ...order, paymentMethodCode: 'paypal' })).toBe('cancelled');
    expect(paymentResult('paid', { ...order, paymentStatus: 'failed' })).toBe('failed');
    expect(paymentResult('paid', { ...order, status: 'cancelled' })).toBe('order-cancelled');
    expect(canRetry('open')).toBe(true);
    expect(canRetry('invoice')).toBe(false);
    expect(canRetry('order-cancelled')).toBe(false);
  });
});

describe('legacyRedirect', () => {
  test('maps PascalCase routes to their canonical path, keeping the locale prefix', () => {
    expect(legacyRedirect('/Checkout')).toBe('/checkout');
    expect(legacyRedirect('/en/MyAccount/OrderHistory')).toBe('/en/my-account/order-history');
    expect(legacyRedirect('/fr/SearchDetails')).toBe('/fr/search-details');
    expect(legacyRedirect('/Checkout/ThankYou/0a1b')).toBe('/checkout/thank-you/0a1b');
    expect(legacyRedirect('/CmsPage/agb')).toBe('/i/agb');
    expect(legacyRedirect('/it/Home')).toBe('/it');
    // The processing step under both of its old names.
    expect(legacyRedirect('/ProcessingOrder')).toBe('/checkout/checkout-processing');
    expect(legacyRedirect('/en/CheckoutProcessing')).toBe('/en/checkout/checkout-processing');
    expect(legacyRedirect('/Checkout/CheckoutProcessing')).toBe('/checkout/checkout-processing');
  });

  test('leaves canonical and unknown paths alone', () => {
    expect(legacyRedirect('/checkout')).toBeNull();
    expect(legacyRedirect('/en/my-account')).toBeNull();
    expect(legacyRedirect('/Kontakt')).toBeNull();
  });
});

describe('escapeMalformedUrl', () => {
  test('escapes a stray percent sign and leaves valid addresses alone', () => {
    expect(escapeMalformedUrl('/%ZZ')).toBe('/%25ZZ');
    expect(escapeMalformedUrl('/en/%ZZ?term=a')).toBe('/en/%25ZZ?term=a');
    expect(escapeMalformedUrl('/c/b%C3%BCro')).toBeNull();
  });
});

describe('statusText', () => {
  test('gives the reason phrase of an error status', () => {
    expect(statusText(404)).toBe('Not Found');
    expect(statusText(400)).toBe('Bad Request');
    expect(statusText(599)).toBe('Internal Server Error');
  });
});

describe('formatQuantity', () => {
  test("writes measured values the locale's way", () => {
    expect(formatQuantity('de-DE', '2.47', 'kg')).toBe('2,47 kg');
    expect(formatQuantity('en-GB', '2.47', 'kg')).toBe('2.47 kg');
    expect(formatQuantity('fr-FR', '2.47', 'kg')).toBe('2,47\u202fkg');
    expect(formatQuantity('de-DE', '1200', 'mm')).toBe('1.200 mm');
  });

  test('keeps units Intl does not know and values that are not numbers', () => {
    expect(formatQuantity('de-DE', '18', 'V')).toBe('18 V');
    expect(formatQuantity('de-DE', '10.8', 'V')).toBe('10,8 V');
    expect(formatQuantity('de-DE', 'M8', 'mm')).toBe('M8 mm');
  });
});
