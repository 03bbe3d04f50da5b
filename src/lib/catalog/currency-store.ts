// The currency prices are formatted in; after login it becomes the user's currency.
// Kept in a readable cookie for 1 year, not in Web Storage: the server's guest pricing reads it.
import { CURRENCY_COOKIE, CURRENCY_COOKIE_MAX_AGE, isCurrency, type Currency } from '../shared/currency.ts';

/** Writes the cookie, or with max-age 0 drops it. */
function writeCookie(value: string, maxAge: number): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${CURRENCY_COOKIE}=${value}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

/** The currency the cookie names, or null (then the shop's default applies). */
export function readCurrency(): Currency | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${CURRENCY_COOKIE}=`))
    ?.slice(CURRENCY_COOKIE.length + 1);
  return isCurrency(value) ? value : null;
}

/** Unsupported codes are ignored: the shop only prices in its own currencies. */
export function setCurrency(code: string): void {
  const upper = code.toUpperCase();
  if (isCurrency(upper)) writeCookie(upper, CURRENCY_COOKIE_MAX_AGE);
}

/** After logout the shopper is a guest again, who gets the shop's default currency: no cookie. */
export function resetCurrency(): void {
  writeCookie('', 0);
}
