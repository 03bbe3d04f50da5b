import { describe, expect, test } from 'vitest';
import {
  URLS_PER_SITEMAP,
  robotsTxt,
  sitemapChunkCount,
  sitemapEntries,
  sitemapIndexXml,
  sitemapXml,
} from '#lib/site/sitemap.ts';

const SITE = 'https://shop.example';

describe('sitemapEntries', () => {
  test('gives one entry per page and locale, each carrying all versions', () => {
    const entries = sitemapEntries([
      { versions: { de: '/p/1/bohrer', en: '/en/p/1/drill' } },
      { versions: { de: '/' } },
    ]);
    expect(entries.map((e) => e.loc)).toEqual(['/p/1/bohrer', '/en/p/1/drill', '/']);
    expect(entries[1]?.versions).toEqual({ de: '/p/1/bohrer', en: '/en/p/1/drill' });
  });
});

describe('sitemapXml', () => {
  test('lists reciprocal hreflang alternates and x-default on the German version', () => {
    const xml = sitemapXml(
      sitemapEntries([{ versions: { de: '/i/agb', fr: '/fr/i/agb' }, lastmod: { de: '2026-11-24T10:00:00.000Z' } }]),
      SITE,
    );
    expect(xml.match(/<url>/g)).toHaveLength(2);
    for (const block of xml.split('<url>').slice(1)) {
      expect(block).toContain('hreflang="de-DE" href="https://shop.example/i/agb"');
      expect(block).toContain('hreflang="fr-FR" href="https://shop.example/fr/i/agb"');
      expect(block).toContain('hreflang="x-default" href="https://shop.example/i/agb"');
    }
  });

  test("carries each locale's lastmod, and none where the page has no date", () => {
    const xml = sitemapXml(
      sitemapEntries([{ versions: { de: '/i/agb', fr: '/fr/i/agb' }, lastmod: { de: '2026-11-24T10:00:00.000Z' } }]),
      SITE,
    );
    const [de, fr] = xml.split('<url>').slice(1);
    expect(de).toContain('<lastmod>2026-11-24T10:00:00.000Z</lastmod>');
    expect(fr).not.toContain('<lastmod>');
  });

  test('escapes XML special characters in URLs', () => {
    expect(sitemapXml([{ loc: '/c/a&b', versions: { de: '/c/a&b' } }], SITE)).toContain('/c/a&amp;b');
  });
});

describe('sitemapChunkCount', () => {
  test('splits large sitemaps and never gives zero files', () => {
    expect(sitemapChunkCount(0)).toBe(1);
    expect(sitemapChunkCount(URLS_PER_SITEMAP)).toBe(1);
    expect(sitemapChunkCount(URLS_PER_SITEMAP + 1)).toBe(2);
  });

  test('the index points at every chunk', () => {
    const xml = sitemapIndexXml(3, SITE);
    expect(xml).toContain('https://shop.example/sitemap-1.xml');
    expect(xml).toContain('https://shop.example/sitemap-3.xml');
    expect(xml).not.toContain('sitemap-4.xml');
  });
});

describe('robotsTxt', () => {
  test('names the sitemap, keeps crawlers out of the API and order links, and lets them read noindex pages', () => {
    const robots = robotsTxt(SITE);
    expect(robots).toContain('Sitemap: https://shop.example/sitemap.xml');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /order/');
    expect(robots).toContain('Disallow: /en/order/');
    // Linked from every page and marked noindex: a crawler must be allowed to read that.
    for (const path of ['/checkout', '/my-account', '/search-details', '/en/checkout', '/it/search-details'])
      expect(robots).not.toMatch(new RegExp(`^Disallow: ${path}`, 'm'));
  });
});
