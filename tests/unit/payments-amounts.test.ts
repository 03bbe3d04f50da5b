import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { assertPayableCents, centsToDecimal, decimalToCents, paymentCurrency } from '#lib/server/payments/amounts.ts';

const AmountError = expect.objectContaining({ name: 'AmountError' });

describe('centsToDecimal', () => {
  test('writes cents as the two-decimal string PayPal expects', () => {
    expect(centsToDecimal(1234, 'EUR')).toBe('12.34');
    expect(centsToDecimal(5, 'EUR')).toBe('0.05');
    expect(centsToDecimal(50, 'GBP')).toBe('0.50');
    expect(centsToDecimal(0, 'USD')).toBe('0.00');
    expect(centsToDecimal(100_000_00, 'EUR')).toBe('100000.00');
  });

  test('keeps amounts that a float would round wrongly', () => {
    // 0.29 * 100 is 28.999999999999996 as a float, 1.15 * 100 is 114.99999999999999.
    expect(centsToDecimal(29, 'EUR')).toBe('0.29');
    expect(centsToDecimal(115, 'EUR')).toBe('1.15');
    expect(centsToDecimal(Number.MAX_SAFE_INTEGER, 'EUR')).toBe('90071992547409.91');
  });

  test('refuses fractions of a cent, negatives and unsupported currencies', () => {
    for (const bad of [12.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(() => centsToDecimal(bad, 'EUR'), String(bad)).toThrow(AmountError);
    }
    expect(() => centsToDecimal(100, 'JPY')).toThrow(AmountError);
  });
});

describe('decimalToCents', () => {
  test('reads PayPal decimal strings exactly', () => {
    expect(decimalToCents('12.34', 'EUR')).toBe(1234);
    expect(decimalToCents('0.29', 'EUR')).toBe(29);
    expect(decimalToCents('1.15', 'USD')).toBe(115);
    expect(decimalToCents('12.3', 'EUR')).toBe(1230);
    expect(decimalToCents('12', 'GBP')).toBe(1200);
    expect(decimalToCents('0.00', 'EUR')).toBe(0);
    expect(decimalToCents('9999999999.99', 'EUR')).toBe(999_999_999_999);
  });

  test('rejects anything that is not a plain non-negative amount with at most two decimals', () => {
    for (const bad of [
      '',
      ' 12.34',
      '12.34 ',
      '-1.00',
      '+1.00',
      '1e3',
      '12.345',
      '12.',
      '.5',
      '1,50',
      '0x10',
      'NaN',
      '12345678901.00',
    ]) {
      expect(() => decimalToCents(bad, 'EUR'), JSON.stringify(bad)).toThrow(AmountError);
    }
    expect(() => decimalToCents('12.34', 'XXX')).toThrow(AmountError);
  });

  test('round-trips every cent amount PayPal can carry', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.constantFrom('EUR', 'GBP', 'USD'),
        (cents, currency) => {
          expect(decimalToCents(centsToDecimal(cents, currency), currency)).toBe(cents);
        },
      ),
    );
  });
});

describe('paymentCurrency', () => {
  test('upper-cases the shop currencies and refuses others', () => {
    expect(paymentCurrency('eur')).toBe('EUR');
    expect(paymentCurrency(' usd ')).toBe('USD');
    expect(() => paymentCurrency('BTC')).toThrow(AmountError);
  });
});

describe('assertPayableCents', () => {
  test('accepts a positive whole amount and refuses 0, fractions and negatives', () => {
    expect(() => assertPayableCents(1)).not.toThrow();
    for (const bad of [0, -5, 1.5]) expect(() => assertPayableCents(bad), String(bad)).toThrow(AmountError);
  });
});
