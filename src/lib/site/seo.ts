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

/** @internal The longest title search engines show whole; a longer one is cut by them, mid-word. */
export const TITLE_MAX = 60;
/** @internal Meta descriptions shorter than this say too little to be shown; longer than the maximum are cut. */
export const DESCRIPTION_MIN = 70;
export const DESCRIPTION_MAX = 160;

/** Length as a reader counts it: characters, not UTF-16 code units. */
const textLength = (text: string): number => [...text].length;

/**
 * The text cut to `max` characters at a word boundary, ending with "…" (whitespace collapsed). A cut
 * that would keep less than half of the room falls inside the word instead: one very long word must
 * not leave an empty title.
 */
export function clipAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (textLength(clean) <= max) return clean;
  const cut = [...clean].slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** @internal A title form: the whole title around the page's own name (which may come in cut). */
export type TitleForm = (name: string) => string;

/**
 * @internal Exported for its tests.
 * The rule every page title follows: at most TITLE_MAX characters. `forms` go from the richest to the
 * barest (e.g. with and without the shop's name); the first one that fits is the title. When even the
 * barest is too long, the page's own name is cut at a word boundary with "…" so that the barest form
 * fits: what the barest form adds to the name (an item number) tells pages apart and is never cut.
 */
export function fitTitle(name: string, forms: readonly TitleForm[]): string {
  for (const form of forms) {
    const title = form(name);
    if (textLength(title) <= TITLE_MAX) return title;
  }
  const barest = forms.at(-1) ?? ((n: string) => n);
  const room = TITLE_MAX - (textLength(barest(name)) - textLength(name));
  // A qualifier that leaves the name no room to speak of is cut with it instead.
  return room >= TITLE_MAX / 3 ? barest(clipAtWord(name, room)) : clipAtWord(barest(name), TITLE_MAX);
}

/**
 * Site title plus the translated route name (home, category, product have their own rules below). The
 * route name is what tells the page apart: it stays when the site title no longer fits beside it.
 */
export function pageTitle(siteTitle: string, routeName?: string): string {
  if (!routeName) return clipAtWord(siteTitle, TITLE_MAX);
  return fitTitle(routeName, [(route) => `${siteTitle} | ${route}`, (route) => route]);
}

/** A catalogue or content page's name first, the shop's name after it while both fit ("Bohrmaschinen | Shop"). */
export function shopPageTitle(name: string, shopName: string): string {
  return fitTitle(name, [(n) => `${n} | ${shopName}`, (n) => n]);
}

/** The home page: the shop's name with its slogan in this language while both fit, else the name alone. */
export function homeTitle(shopName: string, slogan: string | undefined): string {
  return slogan ? fitTitle(shopName, [(n) => `${n} – ${slogan}`, (n) => n]) : clipAtWord(shopName, TITLE_MAX);
}

/** A listing's meta description: how many products it holds at which shop, then what it is about. */
export function listingDescription(countSentence: string, about: string | null | undefined): string {
  return clipAtWord(about ? `${countSentence} ${about}` : countSentence, DESCRIPTION_MAX);
}

/** Whether an editor's description is one search engines show as it is. */
function descriptionFits(text: string | null | undefined): text is string {
  const length = textLength(text?.trim() ?? '');
  return length >= DESCRIPTION_MIN && length <= DESCRIPTION_MAX;
}

/**
 * A meta description within DESCRIPTION_MIN..DESCRIPTION_MAX: the editor's own when it is in range,
 * else the page's composed one (its facts first, so that a cut loses the least), cut at a word.
 */
export function metaDescription(own: string | null | undefined, composed: () => string): string {
  return descriptionFits(own) ? own.trim() : clipAtWord(composed(), DESCRIPTION_MAX);
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

/**
 * A product page's title: name and item number, which tell apart variants sharing a name, then the
 * brand and the shop's name while they fit (the shop's name is left out first: shoppers search for a
 * brand). A name too long for its item number is cut at a word.
 */
export function productTitle(name: string, brand: string | undefined, itemLabel: string, shopName: string): string {
  const branded = brand
    ? [(n: string) => `${n} – ${brand} | ${itemLabel} | ${shopName}`, (n: string) => `${n} – ${brand} | ${itemLabel}`]
    : [];
  return fitTitle(name, [...branded, (n) => `${n} | ${itemLabel} | ${shopName}`, (n) => `${n} | ${itemLabel}`]);
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
