// Every page exists in all five languages, so an imported text missing in one is filled from the
// default language (or the first the file gives) until a later import brings the translation.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#lib/i18n/locales.ts';

export function inEveryLocale<T>(given: Partial<Record<Locale, T>>): Record<Locale, T> {
  const fallback = given[DEFAULT_LOCALE] ?? Object.values(given).find((v) => v !== undefined);
  if (fallback === undefined) throw new Error('inEveryLocale needs at least one text');
  return Object.fromEntries(LOCALES.map((l) => [l, given[l] ?? fallback])) as Record<Locale, T>;
}
