// Category listing pages: prebuilt per locale, filtered, sorted and paged on the
// client with the URL as the state, so reload, back/forward and shared links show the same list.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  open,
  test,
  waitForIslands,
  type Locale,
} from './helpers.ts';
import { PAGE_SIZES, parseListingQuery, filtersToRequest } from '#lib/catalog/listing.ts';

const PAGE_SIZE = PAGE_SIZES.category;

// ---- page reading -------------------------------------------------------------------------------

const main = (page: Page) => page.getByRole('main');
const productNames = (page: Page) => main(page).getByRole('article').getByRole('heading', { level: 3 }).allInnerTexts();
const filtersRegion = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: msg(locale, 'catalog.filters') });
const pagination = (page: Page, locale: Locale) =>
  page.getByRole('navigation', { name: msg(locale, 'catalog.pagination') });
const pageLink = (page: Page, locale: Locale, n: number) =>
  pagination(page, locale).getByRole('link', { name: msg(locale, 'catalog.page', { page: n }), exact: true });
const sortSelect = (page: Page, locale: Locale) => page.getByLabel(msg(locale, 'catalog.sortBy'));
const robotsMeta = (page: Page) => page.locator('head meta[name="robots"]');

/** "33 products" / "1 product" in the page's language. */
function countPattern(locale: Locale): RegExp {
  const form = (key: 'catalog.products_one' | 'catalog.products_other') =>
    escapeRegExp(msg(locale, key, { count: '§' })).replace('§', '([\\d.,\\u202f\\u00a0]+)');
  return new RegExp(`^(?:${form('catalog.products_one')}|${form('catalog.products_other')})$`);
}

const countStatus = (page: Page, locale: Locale) =>
  main(page)
    .getByRole('status')
    .filter({ hasText: countPattern(locale) });

async function shownCount(page: Page, locale: Locale): Promise<number> {
  const text = (await countStatus(page, locale).innerText()).trim();
  const match = countPattern(locale).exec(text);
  return Number((match?.[1] ?? match?.[2] ?? '').replace(/\D/g, ''));
}

/** The list has finished loading what the URL asks for. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('html.listing-pending')).toHaveCount(0);
}

// ---- the integration layer as the reference ------------------------------------------------------

function slugOf(url: string, locale: Locale): string {
  return new URL(url).pathname.slice(localePath(locale, '/c/').length);
}

async function categoryId(request: APIRequestContext, locale: Locale, slug: string): Promise<number> {
  const response = await request.post('/api/catalog/categories', { data: { locale, slug } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The product names the product-list endpoint gives for the state in `url`. */
async function expectedNames(request: APIRequestContext, locale: Locale, url: string): Promise<string[]> {
  const catId = await categoryId(request, locale, slugOf(url, locale));
  const query = parseListingQuery(new URL(url).searchParams, 'category');
  const response = await request.post('/api/catalog/products', {
    data: {
      locale,
      catId,
      filters: filtersToRequest(query.filters),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { name: string }[] }).data.map((p) => p.name);
}

async function expectListingOf(page: Page, request: APIRequestContext, locale: Locale): Promise<string[]> {
  await settled(page);
  const expected = await expectedNames(request, locale, page.url());
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => productNames(page)).toEqual(expected);
  return expected;
}

/** The filter value with the most products, with its count; located by name, as facets reshuffle. */
async function biggestFilter(page: Page, locale: Locale) {
  const region = filtersRegion(page, locale);
  // The facets load after the listing: wait for the first one before reading them all.
  await expect(region.getByRole('checkbox').first()).toBeVisible();
  const options = await region.getByRole('checkbox').evaluateAll((els) =>
    els.map((el) => {
      const label = el.closest('label');
      const group = el.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
      return {
        group,
        name: label?.querySelector('.facet-label')?.textContent ?? '',
        count: Number(/\((\d+)\)\s*$/.exec(label?.textContent ?? '')?.[1] ?? 0),
      };
    }),
  );
  const best = options.reduce((a, b) => (b.count > a.count ? b : a));
  const group = region.getByRole('group', { name: best.group, exact: true });
  return {
    checkbox: group.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(best.name)} \\(`) }),
    count: best.count,
  };
}

async function openFirstCategory(page: Page, locale: Locale): Promise<string> {
  await open(page, localePath(locale, '/'));
  const tile = page
    .getByRole('region', { name: msg(locale, 'search.categories') })
    .getByRole('link')
    .first();
  const name = (await tile.innerText()).trim();
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(localePath(locale, '/c/'))}[a-z0-9-]+$`));
  await waitForIslands(page);
  return name;
}

// ---- tests --------------------------------------------------------------------------------------

for (const locale of ['de', 'en'] as const) {
  test.describe(`category listing (${locale})`, () => {
    // Several full page loads and builds of state per test; the shared test machines are often busy.
    test.describe.configure({ timeout: 120_000 });

    test('home → category → filter → sort → page 2; back, forward and reload keep the state', async ({
      page,
      request,
    }) => {
      const name = await openFirstCategory(page, locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      // No route name in a category page's title: the category, then the shop's name.
      await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(name)} \\| `));
      const initial = await expectListingOf(page, request, locale);
      expect(initial).toHaveLength(PAGE_SIZE);
      const total = await shownCount(page, locale);
      await expect(robotsMeta(page)).toHaveCount(0);

      // Filter: the value with the most products, so the filtered list still has a second page.
      const { checkbox, count } = await biggestFilter(page, locale);
      expect(count).toBeGreaterThan(PAGE_SIZE);
      expect(count).toBeLessThan(total);
      await checkbox.check();
      await expect(page).toHaveURL(/\?f\.[a-z_]+=[^&]+$/);
      await expect(countStatus(page, locale)).toHaveText(msg(locale, 'catalog.products_other', { count }));
      await expect(checkbox).toBeChecked();
      const filtered = await expectListingOf(page, request, locale);
      await expect(robotsMeta(page)).toHaveAttribute('content', 'noindex, follow');

      // Sort by price, ascending.
      await sortSelect(page, locale).selectOption('price-up');
      await expect(page).toHaveURL(/[?&]sort=price-up(&|$)/);
      const sorted = await expectListingOf(page, request, locale);
      expect(sorted).not.toEqual(filtered);

      // Page 2: a real link, current page marked.
      await expect(pageLink(page, locale, 2)).toHaveAttribute('href', /[?&]page=2(&|$)/);
      await pageLink(page, locale, 2).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(pageLink(page, locale, 2)).toHaveAttribute('aria-current', 'page');
      await expect(pageLink(page, locale, 1)).not.toHaveAttribute('aria-current', 'page');
      const second = await expectListingOf(page, request, locale);
      expect(second).toHaveLength(count - PAGE_SIZE);
      const secondUrl = page.url();

      // Back and forward inside the page (popstate).
      await page.goBack();
      await expect(page).not.toHaveURL(/page=2/);
      expect(await expectListingOf(page, request, locale)).toEqual(sorted);
      await page.goForward();
      await expect(page).toHaveURL(secondUrl);
      expect(await expectListingOf(page, request, locale)).toEqual(second);

      // Reload: the static page rebuilds the same state from the URL.
      await page.reload();
      await waitForIslands(page);
      await expect(page).toHaveURL(secondUrl);
      expect(await expectListingOf(page, request, locale)).toEqual(second);
      await expect(sortSelect(page, locale)).toHaveValue('price-up');
      await expect(filtersRegion(page, locale).getByRole('checkbox', { checked: true })).toHaveCount(1);
      await expect(pageLink(page, locale, 2)).toHaveAttribute('aria-current', 'page');
      await expect(robotsMeta(page)).toHaveAttribute('content', 'noindex, follow');

      // Back through the history made before the reload.
      await page.goBack();
      await expect(page).toHaveURL(/sort=price-up/);
      await expect(page).not.toHaveURL(/page=2/);
      expect(await expectListingOf(page, request, locale)).toEqual(sorted);
      await expect(sortSelect(page, locale)).toHaveValue('price-up');
      await page.goBack();
      await expect(page).not.toHaveURL(/sort=/);
      expect(await expectListingOf(page, request, locale)).toEqual(filtered);
      await expect(sortSelect(page, locale)).toHaveValue('latest');
      await page.goBack();
      await expect(page).toHaveURL(/\/c\/[a-z0-9-]+$/);
      expect(await expectListingOf(page, request, locale)).toEqual(initial);
      await expect(filtersRegion(page, locale).getByRole('checkbox', { checked: true })).toHaveCount(0);
      await expect(robotsMeta(page)).toHaveCount(0);
    });

    test('breadcrumbs start with Home and lead down to the category', async ({ page }) => {
      const rootName = await openFirstCategory(page, locale);
      const bar = page.getByRole('navigation', { name: msg(locale, 'catalog.subcategories') });
      const sub = bar.getByRole('link').first();
      const subName = (await sub.innerText()).replace(/\s*\(\d+\)$/, '').trim();
      await sub.click();
      await waitForIslands(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(subName);

      const crumbs = page.getByRole('navigation', { name: msg(locale, 'catalog.breadcrumbs') }).getByRole('link');
      await expect(crumbs).toHaveText([msg(locale, 'site.home'), rootName, subName]);
      await expect(crumbs.first()).toHaveAttribute('href', localePath(locale, '/'));
      await expect(crumbs.last()).toHaveAttribute('aria-current', 'page');
      await expect(crumbs.last()).toHaveAttribute('href', new URL(page.url()).pathname);

      // The same trail as structured data.
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const trail = jsonLd
        .map((t) => JSON.parse(t) as { '@type': string; itemListElement?: { name: string; item: string }[] })
        .find((d) => d['@type'] === 'BreadcrumbList');
      expect(trail?.itemListElement?.map((e) => e.name)).toEqual([msg(locale, 'site.home'), rootName, subName]);
      expect(trail?.itemListElement?.at(-1)?.item).toBe(page.url());

      // Down to a leaf: the trail grows, and the bar offers the leaf's siblings with the leaf marked.
      const leaf = bar.getByRole('link').first();
      const leafName = (await leaf.innerText()).replace(/\s*\(\d+\)$/, '').trim();
      await leaf.click();
      await waitForIslands(page);
      await expect(crumbs).toHaveText([msg(locale, 'site.home'), rootName, subName, leafName]);
      await expect(bar.locator('a[aria-current="page"]')).toHaveText(new RegExp(`^${escapeRegExp(leafName)}`));
    });

    test('grid and list view; the choice lasts for the session', async ({ page }) => {
      await openFirstCategory(page, locale);
      const toggle = page.getByRole('group', { name: msg(locale, 'catalog.viewMode') });
      const grid = toggle.getByRole('button', { name: msg(locale, 'catalog.gridView') });
      const list = toggle.getByRole('button', { name: msg(locale, 'catalog.listView') });
      await expect(grid).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.product-card-grid')).toHaveCount(PAGE_SIZE);

      await list.click();
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      await expect(grid).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('.product-card-list')).toHaveCount(PAGE_SIZE);

      // Another category and a reload keep the list view.
      await page
        .getByRole('navigation', { name: msg(locale, 'catalog.subcategories') })
        .getByRole('link')
        .first()
        .click();
      await waitForIslands(page);
      await expect(
        page
          .getByRole('group', { name: msg(locale, 'catalog.viewMode') })
          .getByRole('button', { name: msg(locale, 'catalog.listView') }),
      ).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await waitForIslands(page);
      await expect(page.locator('.product-card-list').first()).toBeVisible();
      await expect(page.locator('.product-card-grid')).toHaveCount(0);
    });

    test('a filtered link opens filtered, is not indexed, and keeps the canonical unfiltered', async ({
      page,
      request,
    }) => {
      await openFirstCategory(page, locale);
      const path = new URL(page.url()).pathname;
      const { checkbox } = await biggestFilter(page, locale);
      await checkbox.check();
      await expect(page).toHaveURL(/\?f\./);
      const shared = page.url();

      const fresh = await page.context().newPage();
      await open(fresh, shared);
      const names = await expectListingOf(fresh, request, locale);
      expect(names.length).toBeGreaterThan(0);
      await expect(robotsMeta(fresh)).toHaveAttribute('content', 'noindex, follow');
      await expect(fresh.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL(path, shared).toString());
      await expect(filtersRegion(fresh, locale).getByRole('checkbox', { checked: true })).toHaveCount(1);

      // Unticking goes back to the indexable listing.
      await filtersRegion(fresh, locale).getByRole('checkbox', { checked: true }).uncheck();
      await expect(fresh).toHaveURL(new URL(path, shared).toString());
      await expect(robotsMeta(fresh)).toHaveCount(0);
      await fresh.close();
    });

    test('no accessibility violations, unfiltered and filtered in list view', async ({ page }) => {
      await openFirstCategory(page, locale);
      await settled(page);
      await expectNoA11yViolations(page);
      const { checkbox } = await biggestFilter(page, locale);
      await checkbox.check();
      await page.getByRole('button', { name: msg(locale, 'catalog.listView') }).click();
      await settled(page);
      await expectNoA11yViolations(page);
    });
  });
}

test.describe('category pages without JavaScript (crawler view)', () => {
  test('the static HTML lists products, page links, canonical and per-locale alternates', async ({ request }) => {
    const home = await (await request.get('/en')).text();
    const path = /href="(\/en\/c\/[a-z0-9-]+)"/.exec(home)?.[1];
    expect(path).toBeDefined();
    const response = await request.get(path!);
    expect(response.status()).toBe(200);
    const html = await response.text();

    const productLinks = [...html.matchAll(/<a href="(\/en\/p\/\d+\/[^"]+)"/g)].map((m) => m[1]);
    expect(new Set(productLinks).size).toBe(PAGE_SIZE);
    expect(html).toContain(`href="${path}?page=2"`);
    expect(html).not.toMatch(/<meta name="robots"/);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${escapeRegExp(path!)}"`));

    // hreflang: every language's own slug path, each a real page.
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
    expect(alternates.map((m) => m[1])).toEqual(['de-DE', 'en-GB', 'fr-FR', 'es-ES', 'it-IT', 'x-default']);
    const paths = alternates.map((m) => new URL(m[2]!).pathname);
    expect(new Set(paths.slice(0, 5)).size).toBe(5);
    for (const alternate of paths) expect((await request.get(alternate)).status(), alternate).toBe(200);

    // Page 2 is reachable as a plain link (it shows page 1's HTML until scripts run, but is not a dead end).
    expect((await request.get(`${path}?page=2`)).status()).toBe(200);
  });

  test('unknown category paths are 404', async ({ request }) => {
    expect((await request.get('/c/does-not-exist')).status()).toBe(404);
    expect((await request.get('/en/c/tools/does-not-exist')).status()).toBe(404);
  });
});

test('a hand-edited query is tidied to the canonical listing URL', async ({ page }) => {
  await open(page, '/');
  const tile = page
    .getByRole('region', { name: msg('de', 'search.categories') })
    .getByRole('link')
    .first();
  const path = await tile.getAttribute('href');
  await open(page, `${path}?page=abc&sort=bogus&f.=x`);
  await settled(page);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(path!)}$`));
  await expect(robotsMeta(page)).toHaveCount(0);
});

test.describe('card pictures', () => {
  test('a phone loads a versioned WebP rendition, not the original, for a card of a two-column listing', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const home = await (await page.request.get('/en')).text();
    const path = /href="(\/en\/c\/[a-z0-9-]+)"/.exec(home)?.[1];
    await page.goto(path!);
    const image = main(page).getByRole('article').first().locator('img');
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveJSProperty('complete', true);
    const loaded = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    // About 170 px of card at 2x: the 300 or the 600 px file (browsers differ in how they round), never the 1200.
    expect(new URL(loaded).pathname + new URL(loaded).search).toMatch(
      /^\/images\/p\/[^/]+\.w(300|600)\.webp\?v=[\w-]{8}$/,
    );
    await expect(image).toHaveAttribute('width', '310');
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image.locator('xpath=preceding-sibling::source')).toHaveAttribute('type', 'image/webp');
    await context.close();
  });

  test('a picture at its current version is cached for good, an older version leads to the current one', async ({
    request,
  }) => {
    const html = await (await request.get('/en')).text();
    const current = /\/images\/p\/[\w-]+\.w300\.jpg\?v=[\w-]{8}/.exec(html)?.[0];
    expect(current).toBeDefined();
    const fresh = await request.get(current!);
    expect(fresh.headers()['content-type']).toBe('image/jpeg');
    expect(fresh.headers()['cache-control']).toContain('immutable');

    const older = await request.get(current!.replace(/\?v=.*/, '?v=00000000'), { maxRedirects: 0 });
    expect(older.status()).toBe(302);
    expect(older.headers()['location']).toBe(current);

    // An address from before versions still shows today's picture, but is not kept for a year.
    const plain = await request.get(current!.replace(/\?v=.*/, ''));
    expect(plain.status()).toBe(200);
    expect(plain.headers()['cache-control']).not.toContain('immutable');
  });
});
