// The currency prices are formatted in; after login it becomes the user's currency.
// Kept in a readable cookie for 1 year, not in Web Storage: the price rules
// (currencyFromCookie) and the server's guest pricing read that same cookie.
import { atom, onMount } from 'nanostores';
import { CURRENCY_COOKIE, DEFAULT_CURRENCY, currencyFromCookie, isCurrency, type Currency } from './price.ts';

const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The shop's default on the server; in the browser the cookie's value from the first use on. */
export const $currency = atom<Currency>(DEFAULT_CURRENCY);

onMount($currency, () => {
  if (typeof document !== 'undefined') put(currencyFromCookie(document.cookie));
});

/** The one writer of $currency; with `cookie` it also writes (or, with max-age 0, drops) the cookie. */
function put(currency: Currency, cookie?: { value: string; maxAge: number }): void {
  $currency.set(currency);
  if (!cookie || typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${CURRENCY_COOKIE}=${cookie.value}; path=/; max-age=${cookie.maxAge}; samesite=lax${secure}`;
}

/** Unsupported codes are ignored: the shop only prices in its own currencies. */
export function setCurrency(code: string): void {
  const upper = code.toUpperCase();
  if (isCurrency(upper)) put(upper, { value: upper, maxAge: CURRENCY_COOKIE_MAX_AGE });
}

/** After logout the shopper is a guest again, who gets the shop's default currency. */
export function resetCurrency(): void {
  put(DEFAULT_CURRENCY, { value: '', maxAge: 0 });
}
