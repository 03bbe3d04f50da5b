// What a page tells crawlers: title, description, canonical, hreflang alternates, Open Graph.
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import { localePath } from './paths.ts';

export interface Seo {
  title: string;
  description?: string | undefined;
  /** The same page in every offered locale, as site paths. The current locale's entry is the canonical. */
  alternates: Partial<Record<Locale, string>>;
  noindex?: boolean | undefined;
  image?: string | undefined;
  ogType?: 'website' | 'product' | 'article' | undefined;
  /** JSON-LD objects to embed. */
  jsonLd?: object[] | undefined;
}

/** Site title plus the translated route name (home, category, product pass none). */
export function pageTitle(siteTitle: string, routeName?: string): string {
  return routeName ? `${siteTitle} | ${routeName}` : siteTitle;
}

/** Alternates for a page whose path is the same in every language (home, content pages, checkout...). */
export function sameAlternates(path: string, locales: readonly Locale[]): Partial<Record<Locale, string>> {
  return Object.fromEntries(locales.map((l) => [l, localePath(l, path)]));
}

export function absoluteUrl(site: string | URL, path: string): string {
  return new URL(path, site).toString();
}

/** x-default points at the default language's version, or the first available one. */
export function xDefault(alternates: Partial<Record<Locale, string>>): string | undefined {
  return alternates[DEFAULT_LOCALE] ?? Object.values(alternates)[0];
}

/** Serialises JSON-LD so that no "</script>" inside a string can break out of the script element. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
