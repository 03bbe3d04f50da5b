// The one formatting module for message templates, on the server (mail, pages) and in the islands.
// Plain TypeScript on Intl only: islands import it, so i18next must never reach the browser bundle
// through here. The syntax is i18next's, which renders the same messages on the server: `{{name}}`
// placeholders and `_one`/`_other` (CLDR category) keys for plural forms.

export type TemplateVars = Readonly<Record<string, string | number>>;

/** The plural forms of one message; a category the locale uses but the message lacks falls back to `other`. */
export type PluralForms = { one: string; other: string } & Partial<
  Record<Exclude<Intl.LDMLPluralRule, 'one' | 'other'>, string>
>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills `{{name}}` placeholders (spaces inside the braces allowed). A name without a value stays
 * as written, so a missing variable shows up in review instead of vanishing from the sentence.
 * Numbers go in as written (a year stays 2026); counts are formatted by `plural`.
 */
export function fill(template: string, vars: TemplateVars = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

// Building an Intl object costs tens of microseconds (locale negotiation); a page formats hundreds of
// counts, so each locale's rules and number format are made once.
const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) cache.set(key, (value = make()));
  return value;
}

/** The CLDR plural category of a count in a locale (French: 0 and 1 are both 'one'). */
function pluralCategory(intlLocale: string, count: number): Intl.LDMLPluralRule {
  return memo(pluralRules, intlLocale, () => new Intl.PluralRules(intlLocale)).select(count);
}

/** A count written the locale's way (2,400 / 2.400 / 2 400). */
export function formatCount(intlLocale: string, count: number): string {
  return memo(numberFormats, intlLocale, () => new Intl.NumberFormat(intlLocale)).format(count);
}

export interface PluralOptions {
  /** More match than the count (a capped search): shown as "240+", always in the `other` form. */
  atLeast?: boolean | undefined;
}

/**
 * The form for the count by the locale's plural rules, filled with `vars` and `{{count}}`, the
 * count formatted for the locale (2,400 / 2.400).
 */
export function plural(
  intlLocale: string,
  count: number,
  forms: PluralForms,
  vars: TemplateVars = {},
  options: PluralOptions = {},
): string {
  const form = options.atLeast ? forms.other : (forms[pluralCategory(intlLocale, count)] ?? forms.other);
  const shown = formatCount(intlLocale, count);
  return fill(form, { ...vars, count: options.atLeast ? `${shown}+` : shown });
}

/** Unit symbols of the catalogue that Intl knows by a sanctioned unit name, so it writes them the locale's way. */
const INTL_UNITS: Readonly<Record<string, string>> = {
  kg: 'kilogram',
  g: 'gram',
  mm: 'millimeter',
  cm: 'centimeter',
  m: 'meter',
  l: 'liter',
  ml: 'milliliter',
  '%': 'percent',
  s: 'second',
  min: 'minute',
  h: 'hour',
};

/** Intl.NumberFormat is slow to construct and a cart or product page formats many values: one per locale and unit. */
const quantityFormatters = new Map<string, Intl.NumberFormat>();

function quantityFormatter(intlLocale: string, unit?: string): Intl.NumberFormat {
  return memo(
    quantityFormatters,
    `${intlLocale}|${unit ?? ''}`,
    () => new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 3, ...(unit ? { style: 'unit', unit } : {}) }),
  );
}

/**
 * A measured value with its unit in the locale's notation ("2.47 kg" / "2,47 kg"). A value that is not a
 * plain number stays as written; a unit Intl does not know follows the formatted number after a space.
 */
export function formatQuantity(intlLocale: string, value: string | number, unit: string | null | undefined): string {
  const number = typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return unit ? `${value} ${unit}` : String(value);
  const intlUnit = unit ? INTL_UNITS[unit] : undefined;
  if (intlUnit) return quantityFormatter(intlLocale, intlUnit).format(number);
  const shown = quantityFormatter(intlLocale).format(number);
  return unit ? `${shown} ${unit}` : shown;
}

/** One DisplayNames per locale: names of languages in that locale's words. */
const languageNames = new Map<string, Intl.DisplayNames>();

/** A language's name as the locale writes it, for use inside a sentence ("German", "Englisch", "anglais"). */
export function languageName(intlLocale: string, language: string): string {
  const names = memo(languageNames, intlLocale, () => new Intl.DisplayNames([intlLocale], { type: 'language' }));
  return names.of(language) ?? language;
}
