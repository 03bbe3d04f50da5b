// Locale facts shared by server, build and islands (no i18next here: islands get plain strings).
export const LOCALES = ['de', 'en', 'fr', 'es', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';

/** BCP 47 tags for Intl and hreflang. */
export const LOCALE_TAGS: Record<Locale, string> = {
  de: 'de-DE',
  en: 'en-GB',
  fr: 'fr-FR',
  es: 'es-ES',
  it: 'it-IT',
};

/** The locale cookie name and lifetime (365 days). */
export const LOCALE_COOKIE = 'vsf-locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function localeFromParam(param: string | undefined): Locale | undefined {
  if (param === undefined || param === '') return DEFAULT_LOCALE;
  return param !== DEFAULT_LOCALE && isLocale(param) ? param : undefined;
}
