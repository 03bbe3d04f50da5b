// Sitemap building (pure): one <url> per page and locale, each listing every language version as
// an alternate (reciprocal hreflang), split into files small enough for crawlers.
import { LOCALE_TAGS, type Locale } from '../i18n/locales.ts';
import { xDefault } from './seo.ts';
import { escapeHtml } from '../shared/html.ts';

/** One page in all its languages: locale → site path. */
export type PageVersions = Partial<Record<Locale, string>>;

/** Google's limit is 50,000 URLs or 50 MB per file; alternates make entries big, so stay well below. */
export const URLS_PER_SITEMAP = 5000;

/** A page in all its languages, and when its own data last changed (ISO date-time), per locale or for all. */
export interface SitemapPage {
  versions: PageVersions;
  lastmod?: string | Partial<Record<Locale, string>>;
}

export interface SitemapEntry {
  loc: string;
  versions: PageVersions;
  lastmod?: string;
}

/** Flattens pages into one entry per (page, locale), keeping the versions for the alternates. */
export function sitemapEntries(pages: SitemapPage[]): SitemapEntry[] {
  return pages.flatMap(({ versions, lastmod }) =>
    (Object.entries(versions) as [Locale, string][]).map(([locale, loc]) => ({
      loc,
      versions,
      lastmod: typeof lastmod === 'string' ? lastmod : lastmod?.[locale],
    })),
  );
}

export function sitemapChunkCount(entryCount: number): number {
  return Math.max(1, Math.ceil(entryCount / URLS_PER_SITEMAP));
}

export function sitemapXml(entries: SitemapEntry[], site: string): string {
  const abs = (path: string) => escapeHtml(new URL(path, site).toString());
  const body = entries
    .map(({ loc, versions, lastmod }) => {
      const alternates = (Object.entries(versions) as [Locale, string][]).map(
        ([locale, path]) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[locale]}" href="${abs(path)}"/>`,
      );
      const fallback = xDefault(versions);
      if (fallback) alternates.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${abs(fallback)}"/>`);
      return `<url><loc>${abs(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates.join('')}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

export function sitemapIndexXml(count: number, site: string): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<sitemap><loc>${escapeHtml(new URL(`/sitemap-${i + 1}.xml`, site).toString())}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export function robotsTxt(site: string): string {
  return [
    'User-agent: *',
    // The API answers data, never pages. Account, checkout and search pages stay open to crawlers: every
    // page links to them, and only a crawler that may read them sees their noindex (a disallowed URL
    // can still be indexed from its links alone, without a title). An order's page is reached by its
    // private link only, so nothing links to it for a crawler to follow.
    'Disallow: /api/',
    ...['', '/en', '/fr', '/es', '/it'].map((prefix) => `Disallow: ${prefix}/order/`),
    'Allow: /',
    `Sitemap: ${new URL('/sitemap.xml', site).toString()}`,
    '',
  ].join('\n');
}
