// Countries the shop sells to: ISO codes with labels. Labels come from the platform's
// CLDR data through Intl.DisplayNames, so every locale gets correct names without a hand-kept table.
import type { Locale } from '../i18n/locales.ts';

export const COUNTRY_CODES = [
  'DE',
  'AT',
  'CH',
  'LI',
  'LU',
  'BE',
  'NL',
  'FR',
  'IT',
  'ES',
  'PT',
  'DK',
  'SE',
  'NO',
  'FI',
  'IE',
  'GB',
  'PL',
  'CZ',
  'SK',
  'HU',
  'SI',
  'HR',
  'RO',
  'BG',
  'GR',
  'EE',
  'LV',
  'LT',
  'MT',
  'CY',
  'US',
  'CA',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** The default country. */
export const DEFAULT_COUNTRY: CountryCode = 'DE';

export const isCountryCode = (value: unknown): value is CountryCode =>
  typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);

const displayNames = new Map<Locale, Intl.DisplayNames>();

export function countryLabel(code: string, locale: Locale): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** The country list for a select: labels in the locale, sorted the way that locale sorts. */
export function countryOptions(locale: Locale): { code: CountryCode; label: string }[] {
  const collator = new Intl.Collator(locale);
  return COUNTRY_CODES.map((code) => ({ code, label: countryLabel(code, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}
