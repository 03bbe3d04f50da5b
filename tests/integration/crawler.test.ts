// What a search engine's crawler finds in the built shop (120 demo products on PGlite, guests may see
// prices): every URL of the sitemaps answers, titles and meta descriptions are unique within a
// language, every product is reachable from the category pages through plain links, variant options
// are plain text, structured data parses and carries what its type needs, pictures come as raster
// images, and a product's other addresses move permanently to its one URL.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openMigrated } from '../../scripts/lib/prepare.ts';
import { parseEnv } from '#lib/server/env.ts';
import {
  TEST_SITE_URL,
  buildTestShop,
  seededDataDir,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

/**
 * The crawl walks every page as fast as the machine renders them, from one address: the per-client
 * budgets (20 rendered pages a second, 120 new page-cache entries a minute) would hold it back, as they
 * should a real client. They are tested on their own (tests/e2e/proxy-address.spec.ts, cache-keys.spec.ts).
 */
const ONE_TIRELESS_CLIENT = { RATE_LIMIT_SCALE: '0' };

const OUT_DIR = TEST_BUILD_DIR;
const PRODUCT = /^(?:\/[a-z]{2})?\/p\/(\d+)\/[^/?#]+$/;
const CATEGORY = /^(?:\/[a-z]{2})?\/c\//;

interface Page {
  path: string;
  status: number;
  html: string;
  lang: string;
  title: string | undefined;
  description: string | undefined;
  jsonLd: Record<string, unknown>[];
}

let shop: ShopInstance;
let dataDir: string;
const pages = new Map<string, Page>();

const decode = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const sitePath = (url: string): string => url.replace(TEST_SITE_URL, '');

async function get(path: string): Promise<Page> {
  const response = await fetch(`${shop.url}${path}`, { redirect: 'manual' });
  const html = await response.text();
  return {
    path,
    status: response.status,
    html,
    lang: /<html lang="([a-z]{2})"/.exec(html)?.[1] ?? '',
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
  };
}

/** Runs `work` over the items, a few at a time (the server renders each page once, on first request). */
async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

async function sitemapUrls(): Promise<string[]> {
  const index = await (await fetch(`${shop.url}/sitemap.xml`)).text();
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => sitePath(decode(m[1]!)));
  const maps = /<sitemapindex/.test(index) ? locs(index) : [];
  if (maps.length === 0) return locs(index);
  return (await Promise.all(maps.map(async (map) => locs(await (await fetch(`${shop.url}${map}`)).text())))).flat();
}

/** The site links of a page: plain <a href> only, as a crawler without scripts sees them. */
function links(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)].map((m) => decode(m[1]!));
}

function duplicates(key: (page: Page) => string | undefined): string[] {
  const seen = new Map<string, string[]>();
  for (const page of pages.values()) {
    const value = key(page);
    if (value === undefined) continue;
    const k = `${page.lang}|${value}`;
    seen.set(k, [...(seen.get(k) ?? []), page.path]);
  }
  return [...seen].filter(([, paths]) => paths.length > 1).map(([k, paths]) => `${k}: ${paths.join(', ')}`);
}

beforeAll(async () => {
  dataDir = await seededDataDir(120);
  await buildTestShop(OUT_DIR);
  shop = await startShopInstance({ outDir: OUT_DIR, dataDir, env: ONE_TIRELESS_CLIENT });
  const urls = await sitemapUrls();
  await inParallel(urls, async (path) => {
    pages.set(path, await get(path));
  });
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const productPages = () => [...pages.values()].filter((p) => PRODUCT.test(p.path));

describe('crawling the sitemaps', () => {
  test('every URL answers 200 and the sitemaps list products in every language', () => {
    expect([...pages.values()].filter((p) => p.status !== 200).map((p) => `${p.path} ${p.status}`)).toEqual([]);
    expect(new Set(productPages().map((p) => p.lang)).size).toBe(5);
  });

  test('no two pages of a language share a title or a meta description', () => {
    expect(duplicates((p) => p.title)).toEqual([]);
    expect(duplicates((p) => p.description)).toEqual([]);
    expect(
      productPages()
        .filter((p) => !p.description || decode(p.description).length > 160)
        .map((p) => p.path),
    ).toEqual([]);
  });

  test('variant options are plain text, the variant on show marked current', () => {
    const withVariants = productPages().filter((p) => p.html.includes('class="variant-links"'));
    expect(withVariants.length).toBeGreaterThan(0);
    for (const page of withVariants) {
      const nav = /<nav class="variant-links"[\s\S]*?<\/nav>/.exec(page.html)![0];
      const texts = [...nav.matchAll(/<a\b[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!);
      expect(texts.length, page.path).toBeGreaterThan(0);
      // Each option is its link text only: no markup inside, none escaped into the text.
      expect(nav.match(/<a\b/g)?.length, page.path).toBe(texts.length);
      expect(
        texts.filter((t) => t.includes('&lt;') || t.length > 60),
        page.path,
      ).toEqual([]);
      const current = /<a href="([^"]+)" aria-current="page">/.exec(nav)?.[1];
      if (current) expect(current).toBe(page.path);
    }
    // A variant's own page marks itself among its siblings.
    expect(withVariants.some((p) => p.html.includes(`<a href="${p.path}" aria-current="page">`))).toBe(true);
  });

  test('every product is reachable from the category pages through plain links', async () => {
    const fetched = new Map<string, string>();
    const queue = [...pages.keys()].filter((path) => CATEGORY.test(path));
    const reached = new Set<string>();
    // Category pages and their ?page=N pages; sorted or filtered views are the same products again.
    while (queue.length > 0) {
      const batch = queue.splice(0).filter((path) => !fetched.has(path));
      await inParallel(batch, async (path) => {
        if (fetched.has(path)) return;
        const html = pages.get(path)?.html ?? (await get(path)).html;
        fetched.set(path, html);
        for (const link of links(html)) {
          const [linkPath, query = ''] = link.split('?');
          if (PRODUCT.test(linkPath!)) reached.add(linkPath!);
          else if (CATEGORY.test(linkPath!) && /^(page=\d+)?$/.test(query) && !fetched.has(link)) queue.push(link);
        }
      });
    }
    // Variants are not listed: their parent's page links them.
    for (const path of [...reached]) {
      const nav = /<nav class="variant-links"[\s\S]*?<\/nav>/.exec(pages.get(path)?.html ?? '')?.[0] ?? '';
      for (const link of links(nav)) reached.add(link);
    }
    expect(
      productPages()
        .map((p) => p.path)
        .filter((path) => !reached.has(path)),
    ).toEqual([]);
  }, 300_000);

  test('structured data parses and carries what its type needs', () => {
    const all = [...pages.values()].flatMap((page) => page.jsonLd.map((data) => ({ page, data })));
    // A parent with variants is the ProductGroup of its variants (src/lib/catalog/product-group.ts).
    const products = all.filter(({ data }) => data['@type'] === 'Product' || data['@type'] === 'ProductGroup');
    expect(products.length).toBe(productPages().length);
    for (const { page, data } of products) {
      expect(data.name, page.path).toBeTruthy();
      expect((data.image as string[]).length, page.path).toBeGreaterThan(0);
      expect(
        // A raster file, its content version (?v=) after it (src/lib/site/images.ts).
        (data.image as string[]).filter((src) => !/\.(jpg|png|webp|avif)(\?v=[\w-]{8})?$/.test(src)),
        page.path,
      ).toEqual([]);
    }
    // Guests may see prices in the demo shop: products with a public price carry an Offer.
    const offers = products
      .flatMap(({ data }) =>
        data['@type'] === 'ProductGroup'
          ? (data.hasVariant as Record<string, unknown>[]).map((variant) => variant.offers)
          : [data.offers],
      )
      .filter((o): o is Record<string, unknown> => o !== undefined);
    expect(offers.length).toBeGreaterThan(products.length * 0.9);
    for (const offer of offers) {
      expect(offer).toMatchObject({
        '@type': 'Offer',
        priceCurrency: 'EUR',
        itemCondition: 'https://schema.org/NewCondition',
      });
      expect(String(offer.price)).toMatch(/^\d+\.\d{2}$/);
      expect(String(offer.availability)).toMatch(/^https:\/\/schema\.org\/(InStock|BackOrder|OutOfStock)$/);
      expect(String(offer.url)).toContain('/p/');
    }
    // The demo's published reviews: their products carry the average and the reviews, the others neither.
    const rated = products.filter(({ data }) => data.aggregateRating !== undefined);
    expect(rated.length).toBeGreaterThan(0);
    for (const { page, data } of rated) {
      const rating = data.aggregateRating as { ratingValue: number; reviewCount: number };
      expect(rating, page.path).toMatchObject({ '@type': 'AggregateRating', bestRating: 5, worstRating: 1 });
      expect(rating.ratingValue, page.path).toBeGreaterThanOrEqual(1);
      expect(rating.ratingValue, page.path).toBeLessThanOrEqual(5);
      const reviews = data.review as Record<string, unknown>[];
      expect(reviews.length, page.path).toBeGreaterThan(0);
      expect(reviews.length, page.path).toBeLessThanOrEqual(rating.reviewCount);
      for (const review of reviews) {
        expect(review, page.path).toMatchObject({
          '@type': 'Review',
          author: { '@type': 'Person', name: expect.stringMatching(/^\S+ \S\.$/) },
          datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          name: expect.any(String),
          reviewBody: expect.any(String),
          reviewRating: { '@type': 'Rating', ratingValue: expect.any(Number), bestRating: 5, worstRating: 1 },
        });
      }
      // What the JSON-LD says is on the page, as text.
      expect(page.html, page.path).toContain('class="product-reviews"');
    }
    expect(products.filter(({ data }) => data.aggregateRating === undefined && data.review !== undefined)).toEqual([]);
    for (const { page, data } of all.filter(({ data }) => data['@type'] === 'BreadcrumbList')) {
      const items = data.itemListElement as { position: number; name: string; item: string }[];
      expect(items.length, page.path).toBeGreaterThan(0);
      items.forEach((item, i) =>
        expect(item, page.path).toMatchObject({ position: i + 1, name: expect.any(String), item: expect.any(String) }),
      );
    }
    const homes = ['/', '/en', '/fr', '/es', '/it'].map((path) => pages.get(path)!);
    for (const home of homes) {
      const organization = home.jsonLd.find((d) => d['@type'] === 'Organization');
      const website = home.jsonLd.find((d) => d['@type'] === 'WebSite');
      expect(
        home.jsonLd.filter((d) => d['@type'] === 'Organization'),
        home.path,
      ).toHaveLength(1);
      expect(organization, home.path).toMatchObject({
        '@id': expect.stringContaining('#organization'),
        name: expect.any(String),
      });
      expect(String(organization!.logo)).toMatch(/\.(png|jpg)$/);
      expect((organization!.sameAs as string[]).length).toBeGreaterThan(0);
      expect(website, home.path).toMatchObject({ url: expect.any(String), publisher: { '@id': organization!['@id'] } });
      expect(JSON.stringify(website!.potentialAction)).toContain('/search-details?term={search_term_string}');
    }
  });
});

describe('product pictures', () => {
  test('come as WebP and JPEG renditions with widths, and a raster og:image', async () => {
    const page = productPages().find((p) => p.lang === 'en')!;
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(page.html)?.[0] ?? '';
    expect(picture).toContain('type="image/webp"');
    expect(picture).not.toContain('image/avif');
    expect(picture).toMatch(/<img [^>]*width="600" height="744"/);
    const webp = /srcSet="([^" ]+) \d+w/i.exec(picture)![1]!;
    const jpeg = /<img [^>]*srcSet="([^" ]+) \d+w/i.exec(picture)![1]!;
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(page.html)![1]!;
    for (const [url, type] of [
      [webp, 'image/webp'],
      [jpeg, 'image/jpeg'],
      [sitePath(ogImage), 'image/jpeg'],
    ] as const) {
      const response = await fetch(`${shop.url}${decode(url)}`);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(500);
    }
    const size = async (url: string) => {
      const response = await fetch(`${shop.url}${sitePath(url)}`);
      expect(response.headers.get('content-type'), url).toMatch(/^image\/(png|jpeg)$/);
      const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      return { width, height };
    };
    // The Organization's logo is at least 112×112; pages without a picture share a 1200×630 card.
    const logo = await size(pages.get('/')!.jsonLd.find((d) => d['@type'] === 'Organization')!.logo as string);
    expect(Math.min(logo.width, logo.height)).toBeGreaterThanOrEqual(112);
    expect(await size(/<meta property="og:image" content="([^"]+)"/.exec(pages.get('/en')!.html)![1]!)).toEqual({
      width: 1200,
      height: 630,
    });
  });
});

describe('product addresses', () => {
  test("the sku, the bare id, another language's slug and a wrong slug move permanently to the page", async () => {
    const en = productPages().find((p) => p.lang === 'en' && p.jsonLd.some((d) => d['@type'] === 'Product'))!;
    const id = PRODUCT.exec(en.path)![1]!;
    const sku = en.jsonLd.find((d) => d['@type'] === 'Product')!.sku as string;
    const deSlug = [...pages.keys()].find((path) => path.startsWith(`/p/${id}/`))!.split('/')[3]!;
    for (const alias of [`/en/p/${id}/${sku}`, `/en/p/${id}`, `/en/p/${id}/${deSlug}`, `/en/p/${id}/not-its-slug`]) {
      const response = await fetch(`${shop.url}${alias}?utm_source=x`, { redirect: 'manual' });
      expect(response.status, alias).toBe(301);
      expect(
        new URL(response.headers.get('location')!, shop.url).pathname +
          new URL(response.headers.get('location')!, shop.url).search,
        alias,
      ).toBe(`${en.path}?utm_source=x`);
    }
    expect((await fetch(`${shop.url}/en/p/99999999/x`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('with prices hidden from guests', () => {
  test('no product page carries a price, in its HTML or its structured data', async () => {
    const offerOf = (page: Page) =>
      page.jsonLd.find((d) => d['@type'] === 'Product')?.offers as { price: string } | undefined;
    const sample = productPages()
      .filter((p, i) => i % 25 === 0 && offerOf(p))
      .map((p) => ({ path: p.path, price: offerOf(p)!.price }));
    expect(sample.length).toBeGreaterThan(5);
    await shop.stop();
    const database = await openMigrated(parseEnv({ DATA_DIR: dataDir }));
    await database.db
      .execute(sql`update content_blocks set config = jsonb_set(config, '{flags,isPriceForGuestEnabled}', 'false')
      where type = 'setting' and identifier = 'branding'`);
    await database.close();
    shop = await startShopInstance({ outDir: OUT_DIR, dataDir, env: ONE_TIRELESS_CLIENT });
    for (const { path, price } of sample) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(
        page.jsonLd.find((d) => d['@type'] === 'Product'),
        path,
      ).not.toHaveProperty('offers');
      // The amount as any of the five languages formats it (€5.99, 5,99 €), nowhere on the page.
      const [units, cents] = price.split('.');
      expect(page.html, path).not.toMatch(
        new RegExp(`€\\s?${units}\\.${cents}|${units},${cents}[\\s\\u00a0\\u202f]?€`),
      );
    }
  });
});
