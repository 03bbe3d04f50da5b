// The currency prices are formatted in (spec section 4: after login it becomes the user's currency).
// Kept in a readable cookie too, 1 year (spec section 9), so the price rules (currencyFromCookie)
// and the server's guest pricing see the same value.
import { atom } from 'nanostores';
import { CURRENCY_COOKIE, DEFAULT_CURRENCY, currencyFromCookie, isCurrency, type Currency } from './price.ts';

export const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const $currency = atom<Currency>(
  typeof document === 'undefined' ? DEFAULT_CURRENCY : currencyFromCookie(document.cookie),
);

function writeCookie(value: string, maxAge: number): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${CURRENCY_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

/** Unsupported codes are ignored: the shop only prices in its own currencies. */
export function setCurrency(code: string): void {
  const upper = code.toUpperCase();
  if (!isCurrency(upper)) return;
  $currency.set(upper);
  writeCookie(upper, CURRENCY_COOKIE_MAX_AGE);
}

/** After logout the shopper is a guest again, who gets the shop's default currency (spec section 6). */
export function resetCurrency(): void {
  $currency.set(DEFAULT_CURRENCY);
  writeCookie('', 0);
}
