import { describe, expect, test } from 'vitest';
import { CURRENCIES, isCurrency, offeredCurrencies } from '#lib/shared/currency.ts';

describe('offeredCurrencies', () => {
  test('keeps the shop order whatever order the setting lists', () => {
    expect(offeredCurrencies(['USD', 'EUR'], 'GBP')).toEqual(['EUR', 'USD']);
  });

  test('without the setting (or an empty one) offers only the default currency', () => {
    expect(offeredCurrencies(undefined, 'GBP')).toEqual(['GBP']);
    expect(offeredCurrencies([], 'USD')).toEqual(['USD']);
  });
});

describe('isCurrency', () => {
  test('accepts exactly the currencies the shop prices in', () => {
    for (const c of CURRENCIES) expect(isCurrency(c)).toBe(true);
    expect(isCurrency('eur')).toBe(false);
    expect(isCurrency('CHF')).toBe(false);
    expect(isCurrency(undefined)).toBe(false);
  });
});
