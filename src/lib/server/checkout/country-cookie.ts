// The country cookie on the server: written when a shipping address is stored, read where the
// checkout's address forms get their starting country. Readable by scripts (it is no secret, and the
// spec keeps it beside the currency cookie); only a known country code is ever taken from it.
import type { AstroCookies } from 'astro';
import { isCountryCode } from '#lib/checkout/countries.ts';
import { COUNTRY_COOKIE, COUNTRY_COOKIE_MAX_AGE } from '#lib/shared/country.ts';
import { env } from '../env.ts';

export function rememberCountry(context: { cookies: AstroCookies; url: URL }, country: string): void {
  if (!isCountryCode(country)) return;
  context.cookies.set(COUNTRY_COOKIE, country, {
    path: '/',
    maxAge: COUNTRY_COOKIE_MAX_AGE,
    sameSite: 'lax',
    httpOnly: false,
    secure: context.url.protocol === 'https:',
  });
}

/** The country an address form starts from: the shopper's last shipping country, else the shop's. */
export function shopperCountry(cookies: AstroCookies): string {
  const remembered = cookies.get(COUNTRY_COOKIE)?.value?.toUpperCase();
  return remembered && isCountryCode(remembered) ? remembered : env().DEFAULT_COUNTRY;
}
