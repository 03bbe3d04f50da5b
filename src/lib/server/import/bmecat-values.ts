// Reading single BMEcat values: languages, numbers, dates and element trees. A value that cannot be
// read at all becomes a fault naming its element; the element's product is then not imported.
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import type { XmlNode } from './bmecat-reader.ts';

/** BMEcat names languages in ISO 639-2 (deu, also ger); some files use the ISO 639-1 code instead. */
const LANGUAGES: Record<string, Locale> = {
  deu: 'de',
  ger: 'de',
  de: 'de',
  eng: 'en',
  en: 'en',
  fra: 'fr',
  fre: 'fr',
  fr: 'fr',
  spa: 'es',
  es: 'es',
  ita: 'it',
  it: 'it',
};

/** The shop's locale for a BMEcat language code; undefined for a language the shop does not have. */
export function localeOfLanguage(code: string | undefined): Locale | undefined {
  return code === undefined ? undefined : LANGUAGES[code.trim().toLowerCase()];
}

export interface Catalogue {
  /** The catalogue's language, for elements without a lang attribute; undefined if the shop lacks it. */
  locale: Locale | undefined;
  /** HEADER/CATALOG/CURRENCY, for prices that name none. */
  currency: string;
}

export const DEFAULT_CATALOGUE: Catalogue = { locale: DEFAULT_LOCALE, currency: 'EUR' };

/** The language and currency of HEADER/CATALOG; the shop's default language if it names none. */
export function readCatalogue(header: XmlNode): Catalogue {
  const catalog = first(header, 'CATALOG');
  const languages = all(catalog, 'LANGUAGE');
  const main = languages.find((node) => node.attrs.default?.trim() === 'true') ?? languages[0];
  return {
    locale: main ? localeOfLanguage(textOf(main)) : DEFAULT_CATALOGUE.locale,
    currency: textOf(first(catalog, 'CURRENCY'))?.toUpperCase() ?? DEFAULT_CATALOGUE.currency,
  };
}

export const all = (node: XmlNode | undefined, name: string): XmlNode[] =>
  node?.children.filter((child) => child.name === name) ?? [];

export const first = (node: XmlNode | undefined, name: string): XmlNode | undefined =>
  node?.children.find((child) => child.name === name);

/** An element's text, trimmed; undefined when it is absent or empty. */
export function textOf(node: XmlNode | undefined): string | undefined {
  const text = node?.text.trim();
  return text ? text : undefined;
}

/** The element's locale: its lang attribute, or the catalogue's language when it has none. */
export function localeOf(node: XmlNode, catalogue: Catalogue): Locale | undefined {
  return node.attrs.lang === undefined ? catalogue.locale : localeOfLanguage(node.attrs.lang);
}

/** One text per locale from elements repeated per language; the first wins, other languages are left out. */
export function perLocale(nodes: XmlNode[], catalogue: Catalogue): Partial<Record<Locale, string>> {
  const texts: Partial<Record<Locale, string>> = {};
  for (const node of nodes) {
    const locale = localeOf(node, catalogue);
    const text = textOf(node);
    if (locale && text) texts[locale] ??= text;
  }
  return texts;
}

/** Of elements repeated per language, the one in the catalogue's language, else the first. */
export function inMainLanguage(nodes: XmlNode[], catalogue: Catalogue): XmlNode | undefined {
  return nodes.find((node) => localeOf(node, catalogue) === catalogue.locale) ?? nodes[0];
}

/** Drops the keys whose value is undefined, so a record holds only what the file gave. */
export function compact<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
}

/** A decimal number kept exact (units × 10^-scale), so that money is computed without float error. */
export interface Decimal {
  units: bigint;
  scale: number;
  value: number;
}

export const ONE: Decimal = { units: 1n, scale: 0, value: 1 };

export interface Fault {
  line: number;
  field: string;
  reason: string;
}

/** The faults found while reading one product or group, with the readers that find them. */
export class Faults {
  readonly list: Fault[] = [];

  add(line: number, field: string, reason: string): undefined {
    this.list.push({ line, field, reason });
    return undefined;
  }

  /** A BMEcat number: digits with a dot as the decimal mark. */
  decimal(text: string | undefined, line: number, field: string): Decimal | undefined {
    if (text === undefined) return undefined;
    const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
    const [, sign = '', whole = '', fraction = ''] = match ?? [];
    if (!match || whole + fraction === '') {
      return this.add(line, field, `"${text}" is not a number; BMEcat writes numbers with a dot, e.g. 12.50.`);
    }
    const units = BigInt(`${sign}${whole}${fraction}` || '0');
    return { units, scale: fraction.length, value: Number(`${sign}${whole || '0'}.${fraction || '0'}`) };
  }

  /** A count such as a minimum quantity: a number without a fraction (10.0 is fine, 2.5 is not). */
  whole(text: string | undefined, line: number, field: string): number | undefined {
    const number = this.decimal(text, line, field);
    if (number === undefined || Number.isInteger(number.value)) return number?.value;
    return this.add(line, field, `"${text}" is not a whole number.`);
  }

  /** A calendar date as YYYY-MM-DD; a time or zone after it is ignored. */
  date(text: string | undefined, line: number, field: string): string | undefined {
    if (text === undefined) return undefined;
    const [, date, year, month, day] = /^((\d{4})-(\d{2})-(\d{2}))(?:$|[T ]|[+-]\d|Z)/.exec(text.trim()) ?? [];
    const parsed = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
    if (date && parsed.getUTCDate() === Number(day) && parsed.getUTCMonth() === Number(month) - 1) return date;
    return this.add(line, field, `"${text}" is not a date; BMEcat writes dates as YYYY-MM-DD, e.g. 2026-12-31.`);
  }
}

/** Readers of an element's text, so that the fault names that element and its line. */
export const decimalOf = (node: XmlNode | undefined, faults: Faults) =>
  node && faults.decimal(textOf(node), node.line, node.name);
export const wholeOf = (node: XmlNode | undefined, faults: Faults) =>
  node && faults.whole(textOf(node), node.line, node.name);

/** amount × factor ÷ quantity in cents, rounded half away from zero, exactly (no float on the way). */
export function centsOf(amount: Decimal, factor: Decimal, quantity: Decimal): number {
  const numerator = amount.units * factor.units * 100n * 10n ** BigInt(quantity.scale);
  const denominator = 10n ** BigInt(amount.scale + factor.scale) * quantity.units;
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}
