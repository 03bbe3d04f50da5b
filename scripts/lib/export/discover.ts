// What the site consists of: the sitemap's pages plus those it leaves out on purpose.
import { LOCALES, LOCALE_TAGS, type Locale } from '#lib/i18n/locales.ts';
import { localePath } from '#lib/site/paths.ts';
import type { Fetched } from './http.ts';

/** Pages that are cacheable but not in the sitemap (nothing to index there), per locale. */
const UNLISTED_PAGES = ['/search-details', '/reset-password', '/create-password'];
/** A path no route serves, in each locale: its answer is that locale's 404 page. */
const NOT_FOUND_PROBE = '/__static-export-not-found__';

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const LOCALE_BY_TAG = new Map(Object.entries(LOCALE_TAGS).map(([locale, tag]) => [tag, locale as Locale]));

export interface SiteMap {
  /** Every page to export, with robots.txt and the sitemap files themselves. */
  paths: string[];
  /** The language versions the shop offers now. */
  locales: Locale[];
}

/** Reads the sitemap index and its files (origin rewritten to the local server) and adds what they leave out. */
export async function discover(get: (path: string) => Promise<Fetched>): Promise<SiteMap> {
  const read = async (path: string) => {
    const fetched = await get(path);
    if (fetched.status !== 200) throw new Error(`GET ${path}: HTTP ${fetched.status}`);
    return fetched.body.toString('utf8');
  };
  const locs = (xml: string) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(unescapeXml(m[1]!)).pathname);
  const sitemaps = locs(await read('/sitemap.xml'));
  const paths = new Set<string>(['/robots.txt', '/sitemap.xml', ...sitemaps]);
  const locales = new Set<Locale>();
  for (const sitemap of sitemaps) {
    const xml = await read(sitemap);
    for (const path of locs(xml)) paths.add(path);
    for (const m of xml.matchAll(/hreflang="([^"]+)"/g)) {
      const locale = LOCALE_BY_TAG.get(m[1]!);
      if (locale) locales.add(locale);
    }
  }
  const offered = locales.size > 0 ? LOCALES.filter((l) => locales.has(l)) : [...LOCALES];
  for (const locale of offered) for (const page of UNLISTED_PAGES) paths.add(localePath(locale, page));
  return { paths: [...paths], locales: offered };
}

export const probePath = (locale: Locale) => localePath(locale, NOT_FOUND_PROBE);
