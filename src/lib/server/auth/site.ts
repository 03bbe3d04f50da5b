// What the auth endpoints need from the content service: feature flags and the shop's name.
import { getContent } from '../content.ts';
import { resolveFeatures, type Features } from '#lib/content/features.ts';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '#lib/i18n/locales.ts';
import type { CookieJar } from './cookies.ts';

/** Site features; the flags live on the default-language branding block, as for the rest of the shop. */
export async function siteFeatures(): Promise<Features> {
  const branding = await getContent('setting:branding', DEFAULT_LOCALE);
  return resolveFeatures(branding?.config.flags ?? {});
}

/** Shop name for emails: the branding title in that language. */
export async function shopTitle(locale: Locale): Promise<string> {
  const branding = await getContent('setting:branding', locale).catch(() => null);
  return branding?.config.title ?? 'Shop';
}

/** The shopper's language from the vsf-locale cookie (spec section 7), else the default. */
export function requestLocale(cookies: CookieJar): Locale {
  const value = cookies.get(LOCALE_COOKIE)?.value;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
