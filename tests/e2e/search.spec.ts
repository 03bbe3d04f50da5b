// Keyword search: the header overlay and the search page, in German
// (no prefix) and English (/en). Terms come from the demo fixtures and the search API itself.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { SearchResponse } from '#lib/catalog/contract.ts';

/**
 * Where the overlay tests start: a page in the locale that every shop has. (Not the home page: the node
 * server answers /en with 404 while /en.html exists; see the report.)
 */
const startPath = (locale: Locale) => localePath(locale, '/i/agb');

/** Contained in many demo product names in every language ("… 120 mm"): more than two overlay pages. */
const BROAD_TERM = 'mm';

const searchField = (page: Page, locale: Locale) =>
  page.getByRole('banner').getByRole('combobox', { name: msg(locale, 'header.search') });
const overlay = (page: Page, locale: Locale) => page.getByRole('dialog', { name: msg(locale, 'search.results') });
const suggestions = (page: Page, locale: Locale) =>
  overlay(page, locale)
    .getByRole('region', { name: msg(locale, 'search.suggestions') })
    .getByRole('listitem');

async function apiSearch(request: APIRequestContext, body: Record<string, unknown>): Promise<SearchResponse> {
  const response = await request.post('/api/catalog/search', { data: body });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SearchResponse;
}

/** The product a shopper would look up by number, as the shop names it in that language. */
async function fixtureProduct(request: APIRequestContext, locale: Locale) {
  const { data } = await apiSearch(request, { locale, keyword: DEMO_FIXTURES.products.available });
  expect(data[0]?.sku).toBe(DEMO_FIXTURES.products.available);
  return data[0]!;
}

/** Types like a shopper and waits past the 1 s debounce for the answer. */
async function searchFor(page: Page, locale: Locale, term: string) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
  await searchField(page, locale).fill(term);
  await answered;
  await expect(overlay(page, locale).getByRole('status').first()).not.toHaveText(msg(locale, 'search.loading'));
}

const scrollLocked = (page: Page) => page.evaluate(() => document.documentElement.style.overflow === 'hidden');

for (const locale of ['de', 'en'] as const) {
  test.describe(`${locale}: search overlay`, () => {
    test('an exact item number puts that product first, with item number and live price', async ({ page, request }) => {
      const product = await fixtureProduct(request, locale);
      await open(page, startPath(locale));
      await searchFor(page, locale, product.itemnum);
      await expect(overlay(page, locale)).toBeVisible();
      await expect(overlay(page, locale).getByRole('heading', { name: msg(locale, 'search.results') })).toBeVisible();
      await expect(
        overlay(page, locale).getByRole('heading', { name: msg(locale, 'search.suggestions') }),
      ).toBeVisible();
      const first = suggestions(page, locale).first();
      await expect(first.getByRole('link')).toContainText(product.name);
      await expect(first).toContainText(`${msg(locale, 'catalog.itemNo')} ${product.itemnum}`);
      await expect(first.locator('.price')).toContainText(/\d/);
      await expect(first.getByRole('link')).toHaveAttribute(
        'href',
        localePath(locale, `/p/${product.id}/${product.slug}`),
      );
    });

    test('part of a name lists matching products and categories', async ({ page, request }) => {
      const product = await fixtureProduct(request, locale);
      const word = product.name.split(/[\s-]+/).sort((a, b) => b.length - a.length)[0]!;
      const part = word.slice(0, Math.max(4, word.length - 2)).toLowerCase();
      await open(page, startPath(locale));
      await searchFor(page, locale, part);
      const names = await suggestions(page, locale).getByRole('link').allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.some((n) => n.includes(product.name))).toBe(true);
      await expect(overlay(page, locale).getByRole('status').first()).toHaveText(/\d/);
      // A category whose name matches is offered as a link to its listing.
      await searchField(page, locale).fill('');
      const category = (await apiSearch(request, { locale, keyword: part })).categories[0];
      if (category) {
        await searchFor(page, locale, part);
        await expect(overlay(page, locale).getByRole('link', { name: category.name, exact: true })).toHaveAttribute(
          'href',
          new RegExp(`^${localePath(locale, '/c/')}`),
        );
      }
    });

    test('says nothing was searched yet until the debounced request, then searches once', async ({ page }) => {
      await open(page, startPath(locale));
      // Paused, so the debounce is measured in the page's time, not in how long the assertions take.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      let requests = 0;
      page.on('request', (r) => {
        if (r.url().endsWith('/api/catalog/search')) requests += 1;
      });
      await searchField(page, locale).pressSequentially('mm', { delay: 20 });
      await expect(overlay(page, locale)).toBeVisible();
      await expect(overlay(page, locale)).toContainText(msg(locale, 'search.emptyTitle'));
      await expect(overlay(page, locale)).toContainText(msg(locale, 'search.emptyText'));
      await page.clock.runFor(900);
      expect(requests).toBe(0);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
      await page.clock.runFor(200);
      await answered;
      await expect(suggestions(page, locale).first()).toBeVisible();
      expect(requests).toBe(1);
    });

    test('Escape closes the overlay, keeps the term and restores page scrolling', async ({ page }) => {
      await open(page, startPath(locale));
      await searchFor(page, locale, BROAD_TERM);
      const field = searchField(page, locale);
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      expect(await scrollLocked(page)).toBe(true);
      await page.keyboard.press('Escape');
      await expect(overlay(page, locale)).toBeHidden();
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(field).toHaveValue(BROAD_TERM);
      await expect(field).toBeFocused();
      expect(await scrollLocked(page)).toBe(false);
    });

    test('a click outside closes the overlay; a click inside does not', async ({ page }) => {
      await open(page, startPath(locale));
      await searchFor(page, locale, BROAD_TERM);
      await overlay(page, locale)
        .getByRole('heading', { name: msg(locale, 'search.results') })
        .click();
      await expect(overlay(page, locale)).toBeVisible();
      const viewport = page.viewportSize()!;
      await page.mouse.click(5, viewport.height - 5);
      await expect(overlay(page, locale)).toBeHidden();
      expect(await scrollLocked(page)).toBe(false);
      // Back into the field: the same results come back without a new search.
      await searchField(page, locale).click();
      await expect(suggestions(page, locale).first()).toBeVisible();
    });

    test('scrolling near the end adds 12 more', async ({ page, request }) => {
      const { count } = await apiSearch(request, { locale, keyword: BROAD_TERM, limit: 1 });
      expect(count).toBeGreaterThan(24);
      await open(page, startPath(locale));
      await searchFor(page, locale, BROAD_TERM);
      await expect(suggestions(page, locale)).toHaveCount(12);
      const more = page.waitForResponse((r) => r.url().endsWith('/api/catalog/search'));
      await overlay(page, locale)
        .locator('.search-overlay-panel')
        .evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
      const body = (await more).request().postDataJSON() as { offset: number; limit: number };
      expect(body).toMatchObject({ offset: 12, limit: 12 });
      await expect(suggestions(page, locale)).toHaveCount(24);
    });

    test('Enter goes to the search page with the encoded term', async ({ page }) => {
      await open(page, startPath(locale));
      const siteTitle = await page.locator('head meta[property="og:site_name"]').getAttribute('content');
      const term = 'Grip 100';
      await searchField(page, locale).fill(term);
      await searchField(page, locale).press('Enter');
      await expect(page).toHaveURL(`${localePath(locale, '/search-details')}?term=Grip%20100`);
      await expect(page).toHaveTitle(`${siteTitle} | ${msg(locale, 'route.SearchDetails')}`);
      await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'search.results'));
      await expect(page.getByRole('status').filter({ hasText: term })).toContainText(/\d/);
      await expect(page.getByRole('article').first()).toContainText(term);
    });

    test('has no accessibility violations with the overlay open', async ({ page }) => {
      await open(page, startPath(locale));
      await searchFor(page, locale, BROAD_TERM);
      await expect(suggestions(page, locale).first().locator('.price')).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });

  test.describe(`${locale}: search page`, () => {
    test('page, sort and filters live in the URL and survive a reload; back undoes a filter', async ({
      page,
      request,
    }) => {
      const path = localePath(locale, '/search-details');
      await open(page, `${path}?term=${BROAD_TERM}&page=2&sort=price-up`);
      const pagination = page.getByRole('navigation', { name: msg(locale, 'catalog.pagination') });
      const expected = await apiSearch(request, {
        locale,
        keyword: BROAD_TERM,
        sort: 'price-up',
        limit: 24,
        offset: 24,
        loadFilters: true,
      });
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(expected.data.length);
      expect(await cards.getByRole('heading').allInnerTexts()).toEqual(expected.data.map((p) => p.name));
      await expect(pagination.getByRole('link', { name: msg(locale, 'catalog.page', { page: 2 }) })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByLabel(msg(locale, 'catalog.sortBy'))).toHaveValue('price-up');

      await page.reload();
      await expect(cards).toHaveCount(expected.data.length);
      await expect(page.getByLabel(msg(locale, 'catalog.sortBy'))).toHaveValue('price-up');

      // A filter starts again at page 1 and keeps sort and term.
      const filters = page.getByRole('complementary', { name: msg(locale, 'catalog.filters') });
      const option = filters.getByRole('checkbox', { disabled: false }).first();
      await option.check();
      await expect(page).toHaveURL(new RegExp(`^[^?]+${path}\\?term=${BROAD_TERM}&sort=price-up&f\\.[a-z0-9_]+=`));
      const filteredUrl = page.url();
      const countText = await page.getByRole('status').filter({ hasText: BROAD_TERM }).innerText();
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: BROAD_TERM })).toHaveText(countText);
      await expect(filters.getByRole('checkbox', { checked: true })).toHaveCount(1);
      expect(page.url()).toBe(filteredUrl);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`page=2&sort=price-up$`));
      await expect(filters.getByRole('checkbox', { checked: true })).toHaveCount(0);
      await expect(pagination.getByRole('link', { name: msg(locale, 'catalog.page', { page: 2 }) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('page links are real links and paging keeps the term', async ({ page }) => {
      const path = localePath(locale, '/search-details');
      await open(page, `${path}?term=${BROAD_TERM}`);
      const pagination = page.getByRole('navigation', { name: msg(locale, 'catalog.pagination') });
      const next = pagination.getByRole('link', { name: msg(locale, 'catalog.next') });
      await expect(next).toHaveAttribute('href', `${path}?term=${BROAD_TERM}&page=2`);
      await next.click();
      await expect(page).toHaveURL(`${path}?term=${BROAD_TERM}&page=2`);
      await expect(pagination.getByRole('link', { name: msg(locale, 'catalog.page', { page: 2 }) })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    test('without a term it invites a search', async ({ page }) => {
      await open(page, localePath(locale, '/search-details'));
      await expect(page.getByRole('main')).toContainText(msg(locale, 'search.emptyTitle'));
      await expect(page.getByRole('main')).toContainText(msg(locale, 'search.emptyText'));
    });

    test('has no accessibility violations', async ({ page }) => {
      await open(page, `${localePath(locale, '/search-details')}?term=${BROAD_TERM}`);
      await expect(page.getByRole('article').first()).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form still reaches the search page', async ({ page }) => {
    await page.goto('/en/i/agb');
    const field = page.getByRole('banner').getByRole('combobox', { name: msg('en', 'header.search') });
    await field.fill('Grip 100');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/en\/search-details\?term=Grip(\+|%20)100$/);
  });
});
