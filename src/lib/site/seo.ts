// What a page tells crawlers: title, description, canonical, hreflang alternates, Open Graph.
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';
import { localePath } from './paths.ts';

export interface Seo {
  title: string;
  description?: string | undefined;
  /** The same page in every offered locale, as site paths. The current locale's entry is the canonical. */
  alternates: Partial<Record<Locale, string>>;
  noindex?: boolean | undefined;
  /**
   * False on an error page: a 404 or 500 answer is no address of the shop's, so it names no canonical
   * (and no og:url) that would point crawlers at the URL that failed.
   */
  canonical?: false | undefined;
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

/** A product page's title: name, brand and item number, which tell apart variants sharing a name. */
export function productTitle(name: string, brand: string | undefined, itemLabel: string): string {
  return `${brand ? `${name} – ${brand}` : name} | ${itemLabel}`;
}

export interface SiteIdentity {
  /** The shop's name (branding title). */
  name: string;
  /** Absolute URL of a raster logo of at least 112×112 pixels. */
  logo: string;
  /** The shop's profiles elsewhere (the footer's social links). */
  sameAs: readonly string[];
  /** Absolute URL of the site's root, the same in every locale: the organisation is one. */
  siteUrl: string;
  /** Absolute URL of this locale's home page. */
  homeUrl: string;
  /** Absolute URL of this locale's search page; the term goes in its `term` parameter. */
  searchUrl: string;
  /** BCP 47 tag of the locale. */
  language: string;
}

/** The home page's Organization and WebSite (with the site search) blocks. */
export function siteJsonLd(site: SiteIdentity): object[] {
  const organizationId = `${site.siteUrl}#organization`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': organizationId,
      name: site.name,
      url: site.siteUrl,
      logo: site.logo,
      ...(site.sameAs.length > 0 ? { sameAs: [...site.sameAs] } : {}),
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${site.homeUrl}#website`,
      name: site.name,
      url: site.homeUrl,
      inLanguage: site.language,
      publisher: { '@id': organizationId },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site.searchUrl}?term={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}
