// The language a request wants its answer in (product names, emails): what the request states
// (its body's `locale`), else ?locale=, else the x-locale header, else the vsf-locale cookie the
// locale selector sets, else the shop's default. One rule for every endpoint.
import type { APIContext } from 'astro';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type Locale } from '#lib/i18n/locales.ts';

export type LocaleSource = Pick<APIContext, 'url' | 'request' | 'cookies'>;

export function requestLocale(req: LocaleSource, stated?: Locale): Locale {
  const candidates = [
    stated,
    req.url.searchParams.get('locale'),
    req.request.headers.get('x-locale'),
    req.cookies.get(LOCALE_COOKIE)?.value,
  ];
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}
