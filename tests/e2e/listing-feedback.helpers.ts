// Steps the listing-feedback specs share (desktop and mobile): reading category cards, ordering from
// one, the active-filter chips and paging without JavaScript.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { absolute, escapeRegExp, expect, localePath, msg, msgPlural, open, type Locale } from './helpers.ts';
import { PAGE_SIZES } from '#lib/catalog/listing.ts';

const PAGE_SIZE = PAGE_SIZES.category;

export const main = (page: Page) => page.getByRole('main');
export const cards = (page: Page) => main(page).getByRole('article');
export const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allInnerTexts();
export const cartSidebar = (page: Page, locale: Locale) =>
  page.getByRole('dialog', { name: msg(locale, 'cart.title') });
export const banner = (page: Page) => page.getByRole('banner');

/** The first top-level category the home page links, with at least two pages of products. */
export async function categoryPath(request: APIRequestContext, locale: Locale): Promise<string> {
  const home = await (await request.get(localePath(locale, '/'))).text();
  const prefix = escapeRegExp(localePath(locale, '/c/'));
  const path = new RegExp(`href="(${prefix}[a-z0-9-]+)"`).exec(home)?.[1];
  expect(path, 'a category link on the home page').toBeDefined();
  return path!;
}

/** The names the product-list endpoint gives for one unfiltered page of the category. */
export async function namesOfPage(
  request: APIRequestContext,
  locale: Locale,
  path: string,
  pageNumber: number,
): Promise<string[]> {
  const slug = path.slice(localePath(locale, '/c/').length);
  const category = await request.post('/api/catalog/categories', { data: { locale, slug } });
  const catId = ((await category.json()) as { data: { id: number } }).data.id;
  const response = await request.post('/api/catalog/products', {
    data: { locale, catId, filters: [], sort: 'latest', limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE },
  });
  return ((await response.json()) as { data: { name: string }[] }).data.map((p) => p.name);
}

export const chipGroup = (page: Page, locale: Locale) =>
  page.getByRole('group', { name: msg(locale, 'catalog.activeFilters') });

/** Orders `quantity` of the first card that can be added, and checks the cart took exactly that. */
/** Adds from the first card that offers it, on a category page or the given listing (e.g. search results). */
export async function addFromFirstCard(
  page: Page,
  request: APIRequestContext,
  locale: Locale,
  quantity: number,
  listing?: string,
): Promise<void> {
  await open(page, listing ?? (await categoryPath(request, locale)));
  // Availability decides which cards may order (an unavailable one keeps its button disabled): wait for it.
  await expect(cards(page).first()).toBeVisible();
  await expect(
    main(page)
      .locator('.availability')
      .filter({ hasText: msg(locale, 'availability.loading') }),
  ).toHaveCount(0);
  const orderable = cards(page).filter({
    has: page.getByRole('button', { name: msg(locale, 'catalog.addToCart'), disabled: false }),
  });
  const buyable = main(page).locator(`article[data-sku="${await orderable.first().getAttribute('data-sku')}"]`);
  await expect(buyable).toBeVisible();
  const name = (await buyable.getByRole('heading', { level: 3 }).innerText()).trim();
  // Stock shows on the card, for the wanted quantity.
  await expect(buyable.locator('.availability')).not.toHaveText(msg(locale, 'availability.loading'));
  await buyable.getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') }).fill(String(quantity));
  await buyable.getByRole('button', { name: msg(locale, 'catalog.addToCart') }).click();

  const sidebar = cartSidebar(page, locale);
  await expect(sidebar).toBeVisible();
  await expect(sidebar.locator('.cart-items > li').filter({ hasText: name }).getByRole('spinbutton')).toHaveValue(
    String(quantity),
  );
  await expect(
    banner(page).getByRole('button', {
      name: `${msg(locale, 'header.cart')}, ${msgPlural(locale, 'header.itemCount', quantity)}`,
    }),
  ).toBeAttached();
}

/** Opens a category with JavaScript off, follows the 'Page 2' link and checks page 2's own HTML. */
export async function followPage2WithoutJs(
  browser: Browser,
  request: APIRequestContext,
  locale: Locale,
): Promise<void> {
  const path = await categoryPath(request, locale);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  expect(await cardNames(page)).toEqual(await namesOfPage(request, locale, path, 1));

  const pagination = page.getByRole('navigation', { name: msg(locale, 'catalog.pagination') });
  const page2 = pagination.getByRole('link', { name: msg(locale, 'catalog.page', { page: 2 }), exact: true });
  await page2.click();
  await expect(page).toHaveURL(absolute(`${path}?page=2`));
  const expected = await namesOfPage(request, locale, path, 2);
  expect(expected.length).toBeGreaterThan(0);
  expect(await cardNames(page)).toEqual(expected);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', absolute(`${path}?page=2`));
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page2).toHaveAttribute('aria-current', 'page');
  const pagedTitle = msg(locale, 'catalog.pagedTitle', {
    title: (await page.getByRole('heading', { level: 1 }).innerText()).trim(),
    page: 2,
  });
  // The shop's name follows while the title stays within 60 characters.
  await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(pagedTitle)}( \\| .+)?$`));
  await context.close();
}
