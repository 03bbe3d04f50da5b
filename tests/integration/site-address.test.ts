// One build, any address: the shop names the address it runs under (SITE_URL at run time), not the one
// the build was made under. Before, `site` came from SITE_URL at build time, and a build tested on
// localhost named localhost in every canonical link, hreflang, sitemap and robots.txt once deployed.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  buildTestShop,
  seededDataDir,
  startShopInstance,
  TEST_BUILD_DIR,
  TEST_SITE_URL,
} from '#tests/helpers/shop-instance.ts';

let dataDir = '';

beforeAll(async () => {
  [dataDir] = await Promise.all([seededDataDir(20), buildTestShop()]);
}, 600_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Every absolute shop address a crawler reads on the home page, robots.txt and the sitemaps. */
async function namedAddresses(siteUrl: string): Promise<{ origins: Set<string>; canonical: string | undefined }> {
  const shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir, env: { SITE_URL: siteUrl } });
  try {
    const home = await (await fetch(`${shop.url}/en`)).text();
    // A product page: its og tags and JSON-LD (Product, offers, breadcrumbs) name the address too.
    const productPath = /href="(\/en\/p\/[^"]+)"/.exec(home)?.[1];
    expect(productPath, 'a product link on the home page').toBeDefined();
    const product = await (await fetch(`${shop.url}${productPath}`)).text();
    const structured = [...product.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]+)<\/script>/g)]
      .map((m) => m[1]!)
      .join(' ');
    expect(structured, 'JSON-LD on the product page').toContain('"@type":"Product"');
    const robots = await (await fetch(`${shop.url}/robots.txt`)).text();
    const index = await (await fetch(`${shop.url}/sitemap.xml`)).text();
    const firstSitemap = /<loc>([^<]+)<\/loc>/.exec(index)?.[1] ?? '';
    const sitemap = await (await fetch(`${shop.url}${new URL(firstSitemap).pathname}`)).text();
    const links = [
      ...[...home.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
      ...[...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]!),
      ...[...`${index}${sitemap}`.matchAll(/<loc>([^<]+)<\/loc>|href="(http[^"]+)"/g)].map((m) => m[1] ?? m[2]!),
      ...[...product.matchAll(/<meta property="og:(?:url|image)" content="(http[^"]+)"/g)].map((m) => m[1]!),
      ...[...structured.matchAll(/"(?:@id|url|item|image)":"(http[^"]+)"/g)].map((m) => m[1]!),
    ];
    expect(product, 'og:url on the product page').toMatch(/<meta property="og:url" content="http/);
    expect(links.length, 'addresses found').toBeGreaterThan(10);
    return {
      origins: new Set(links.map((link) => new URL(link).origin)),
      canonical: /<link rel="canonical" href="([^"]+)"/.exec(home)?.[1],
    };
  } finally {
    await shop.stop();
  }
}

describe('the address comes from SITE_URL where the shop runs, not from the build', () => {
  test('one build under two addresses names each its own', async () => {
    const live = await namedAddresses('https://shop.example.com');
    expect([...live.origins]).toEqual(['https://shop.example.com']);
    expect(live.canonical).toBe('https://shop.example.com/en');

    const staging = await namedAddresses('http://staging.example.net:8080');
    expect([...staging.origins]).toEqual(['http://staging.example.net:8080']);
    expect(staging.canonical).toBe('http://staging.example.net:8080/en');
    expect(TEST_SITE_URL).not.toContain('example');
  }, 120_000);
});

describe('the build every suite shares is the production build', () => {
  test('built from inside Vitest, it still compiles the production branches (not import.meta.env.DEV)', () => {
    // Vitest puts DEV=1, MODE=test and the like into its processes' environment; a build that inherited
    // them dropped the middleware's production branch, which sets Stripe's CSP sources on the payment
    // pages (and the end-to-end card payments failed on the shared build). scripts/lib/prepare.ts, buildEnv.
    const middleware = readFileSync(join(TEST_BUILD_DIR, 'server/virtual_astro_middleware.mjs'), 'utf8');
    expect(middleware).toContain('STRIPE_JS_URL');
  });
});
