import { describe, expect, test } from 'vitest';
import { canSeePrices, displayPrices, formatPrice, priceDisplayState, type PriceInfo } from '#lib/catalog/price.ts';

const de = { locale: 'de-DE', freeLabel: 'Gratis' };
const en = { locale: 'en-GB', freeLabel: 'Free' };
const NBSP = '\u00a0';

describe('formatPrice', () => {
  test('shows the free label for 0', () => {
    expect(formatPrice(0, en)).toBe('Free');
    expect(formatPrice(-0, en)).toBe('Free');
    expect(formatPrice('0', de)).toBe('Gratis');
    expect(formatPrice('0.00', de)).toBe('Gratis');
  });

  test('shows nothing for null, undefined, NaN and non-numeric input', () => {
    for (const value of [
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'abc',
      '12 EUR',
      '',
      '   ',
      true,
      {},
      [12],
    ]) {
      expect(formatPrice(value, en), String(value)).toBe('');
    }
  });

  test('formats major units as a currency amount with exactly 2 decimals', () => {
    expect(formatPrice(12.5, de)).toBe(`12,50${NBSP}€`);
    expect(formatPrice(12, de)).toBe(`12,00${NBSP}€`);
    expect(formatPrice(1234.5, de)).toBe(`1.234,50${NBSP}€`);
    expect(formatPrice(9.999, { ...en, currency: 'GBP' })).toBe('£10.00');
    expect(formatPrice(0.005, { ...en, currency: 'USD' })).toBe('US$0.01');
  });

  test('formats numeric strings like numbers', () => {
    expect(formatPrice('12.5', de)).toBe(`12,50${NBSP}€`);
  });

  test('defaults the currency to EUR', () => {
    expect(formatPrice(3, en)).toBe('€3.00');
  });

  test('uses the given currency, also in lower case', () => {
    expect(formatPrice(3, { ...en, currency: 'GBP' })).toBe('£3.00');
    expect(formatPrice(3, { ...de, currency: 'usd' })).toBe(`3,00${NBSP}$`);
  });

  test('keeps 2 decimals for currencies Intl shows without them', () => {
    expect(formatPrice(5, { ...de, currency: 'JPY' })).toBe(`5,00${NBSP}¥`);
  });

  test('rounds to 2 decimals for currencies Intl shows with 3', () => {
    expect(formatPrice(1.2345, { ...de, currency: 'KWD' })).toBe(`1,23${NBSP}KWD`);
  });

  test('falls back to EUR instead of throwing on a malformed currency code', () => {
    expect(formatPrice(3, { ...en, currency: 'euro' })).toBe('€3.00');
  });

  test('formats negative amounts (refunds) rather than hiding them', () => {
    expect(formatPrice(-4.5, en)).toBe('-€4.50');
  });
});

const info = (regular: number | null, special: number | null = null, currency = 'EUR'): PriceInfo => ({
  regular,
  special,
  currency,
});

describe('priceDisplayState', () => {
  const loaded = (priceInfo: PriceInfo | null) => ({ state: 'loaded' as const, priceInfo, stock: null });

  test('shows the spinner until the price arrives', () => {
    expect(priceDisplayState(undefined)).toBe('loading');
    expect(priceDisplayState({ state: 'loading' })).toBe('loading');
  });

  test('is hidden when there is no regular price', () => {
    expect(priceDisplayState(loaded(info(null, 5)))).toBe('hidden');
    expect(priceDisplayState(loaded(null))).toBe('hidden');
  });

  test('shows a loaded regular price', () => {
    expect(priceDisplayState(loaded(info(10)))).toBe('loaded');
  });

  test('hides a price that failed to load', () => {
    expect(priceDisplayState({ state: 'not-loaded' })).toBe('hidden');
  });
});

describe('a special price', () => {
  test('is true only when the special price is set and below the regular one', () => {
    expect(displayPrices(info(10, 8), en).hasSpecial).toBe(true);
    expect(displayPrices(info(10, 0), en).hasSpecial).toBe(true);
    expect(displayPrices(info(10, 10), en).hasSpecial).toBe(false);
    expect(displayPrices(info(10, 12), en).hasSpecial).toBe(false);
    expect(displayPrices(info(10, null), en).hasSpecial).toBe(false);
    expect(displayPrices(info(null, 8), en).hasSpecial).toBe(false);
    expect(displayPrices(null, en).hasSpecial).toBe(false);
  });
});

describe('displayPrices', () => {
  test('formats regular and special price in the price currency when the special undercuts', () => {
    expect(displayPrices(info(10, 8, 'GBP'), en)).toEqual({
      displayRegular: '£10.00',
      displaySpecial: '£8.00',
      hasSpecial: true,
    });
  });

  test('omits a special price that is missing, equal or higher', () => {
    expect(displayPrices(info(10, null), en)).toEqual({
      displayRegular: '€10.00',
      displaySpecial: null,
      hasSpecial: false,
    });
    expect(displayPrices(info(10, 10), en)).toEqual({
      displayRegular: '€10.00',
      displaySpecial: null,
      hasSpecial: false,
    });
    expect(displayPrices(info(10, 11), en)).toEqual({
      displayRegular: '€10.00',
      displaySpecial: null,
      hasSpecial: false,
    });
  });

  test('shows a special price of 0 as free', () => {
    expect(displayPrices(info(10, 0), en)).toEqual({
      displayRegular: '€10.00',
      displaySpecial: 'Free',
      hasSpecial: true,
    });
  });

  test('gives an empty regular price when there is none', () => {
    expect(displayPrices(info(null, 5), en)).toEqual({ displayRegular: '', displaySpecial: null, hasSpecial: false });
    expect(displayPrices(null, en)).toEqual({ displayRegular: '', displaySpecial: null, hasSpecial: false });
  });
});

describe('canSeePrices', () => {
  test('shows prices to authenticated users whatever the guest setting', () => {
    expect(canSeePrices({ loggedIn: true, isPriceForGuestEnabled: false })).toBe(true);
    expect(canSeePrices({ loggedIn: true, isPriceForGuestEnabled: true })).toBe(true);
  });

  test('shows prices to guests only if isPriceForGuestEnabled', () => {
    expect(canSeePrices({ loggedIn: false, isPriceForGuestEnabled: true })).toBe(true);
    expect(canSeePrices({ loggedIn: false, isPriceForGuestEnabled: false })).toBe(false);
  });
});
