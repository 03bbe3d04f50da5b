// Shopper experience on listings and feedback: ordering from category cards, removable chips for
// active filters, server-rendered category pages (page 2 without JavaScript), confirmations for
// wishlist add, sign-in and sign-out, add-to-cart and availability in the wishlist drawer, and a text
// in every toast a failed cart call raises.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  absolute,
  escapeRegExp,
  expect,
  localePath,
  msg,
  open,
  preDecideConsent,
  test,
  waitForIslands,
  type Locale,
} from './helpers.ts';
import {
  addFromFirstCard,
  banner,
  cartSidebar,
  cards,
  categoryPath,
  chipGroup,
  followPage2WithoutJs,
} from './listing-feedback.helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { registerAndActivate } from './accounts.ts';

const P = DEMO_FIXTURES.products;
const notifications = (page: Page, locale: Locale) =>
  page.getByRole('region', { name: msg(locale, 'notifications.label') });

async function findProductPath(
  request: APIRequestContext,
  sku: string,
  locale: Locale,
): Promise<{ path: string; name: string }> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  const hit = (
    (await response.json()) as { data: { id: number; sku: string; slug: string; name: string }[] }
  ).data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found`);
  return { path: localePath(locale, `/p/${hit.id}/${hit.slug}`), name: hit.name };
}

let counter = 0;
async function newCustomer(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const email = `feedback-${Date.now()}-${process.pid}-${counter++}@example.com`;
  await registerAndActivate(request, { email, password: DEMO_FIXTURES.password, firstName: 'Max', lastName: 'Muster' });
  await request.post('/api/auth/logout', { data: {} });
  return { email, password: DEMO_FIXTURES.password };
}

test.describe('category cards', () => {
  test('adds a product with the chosen quantity to the cart', async ({ page, request }) => {
    await addFromFirstCard(page, request, 'en', 3);
  });

  test('search results order like category lists: quantity and Add to cart on each card', async ({ page, request }) => {
    await addFromFirstCard(page, request, 'de', 2, localePath('de', '/search-details?term=bohr'));
  });

  test('a variant parent offers "Choose variant" to its product page instead of add-to-cart', async ({
    page,
    request,
  }) => {
    const gloves = await findProductPath(request, P.variantParent, 'en');
    // The category of the gloves lists the parent: reach it from its product page's breadcrumbs.
    await open(page, gloves.path);
    const crumb = page
      .getByRole('navigation', { name: msg('en', 'catalog.breadcrumbs') })
      .getByRole('link')
      .last();
    await crumb.click();
    await waitForIslands(page);
    const card = cards(page).filter({ hasText: gloves.name });
    await expect(card.getByRole('link', { name: msg('en', 'catalog.chooseVariant') })).toHaveAttribute(
      'href',
      gloves.path,
    );
    await expect(card.getByRole('button', { name: msg('en', 'catalog.addToCart') })).toHaveCount(0);
  });

  test('an item that cannot be ordered has its card button disabled, and quantity 0 adds nothing', async ({
    page,
    request,
  }) => {
    const gone = await findProductPath(request, P.notAvailable, 'en');
    await open(page, gone.path);
    const crumb = page
      .getByRole('navigation', { name: msg('en', 'catalog.breadcrumbs') })
      .getByRole('link')
      .last();
    const category = new URL((await crumb.getAttribute('href')) ?? '', page.url()).pathname;
    // Its category's pages are plain server pages: look for the card page by page.
    let card = page.locator(`article[data-sku="${P.notAvailable}"]`);
    for (let n = 1; n <= 10; n++) {
      await open(page, n === 1 ? category : `${category}?page=${n}`);
      if ((await card.count()) > 0) break;
    }
    await waitForIslands(page);
    await expect(card.getByText(msg('en', 'availability.not-available'))).toBeVisible();
    await expect(card.getByRole('button', { name: msg('en', 'catalog.addToCart') })).toBeDisabled();

    // Another card's quantity field: 0 is refused, not silently turned into one piece.
    const orderable = cards(page).filter({
      has: page.getByRole('button', { name: msg('en', 'catalog.addToCart'), disabled: false }),
    });
    // Pinned by sku: once disabled, the card would drop out of the filter above.
    card = page.locator(`article[data-sku="${await orderable.first().getAttribute('data-sku')}"]`);
    await card.getByRole('spinbutton').fill('0');
    await expect(card.getByRole('button', { name: msg('en', 'catalog.addToCart') })).toBeDisabled();
  });
});

test.describe('active filter chips', () => {
  test('a chip removes its filter with the keyboard, "Clear all" removes every filter', async ({ page, request }) => {
    const locale: Locale = 'de';
    const path = await categoryPath(request, locale);
    await open(page, path);
    const filters = page.getByRole('region', { name: msg(locale, 'catalog.filters') });
    const chips = chipGroup(page, locale);
    await expect(chips).toHaveCount(0);

    await filters.getByRole('checkbox').first().check();
    await expect(page).toHaveURL(/\?f\./);
    const chip = chips.getByRole('button', {
      name: new RegExp(`^${escapeRegExp(msg(locale, 'catalog.removeFilter', { filter: '', value: '' }).trim())}`),
    });
    await expect(chip).toHaveCount(1);
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(absolute(path));
    await expect(chips).toHaveCount(0);
    await expect(filters.getByRole('checkbox', { checked: true })).toHaveCount(0);

    await filters.getByRole('checkbox').first().check();
    await expect(chips).toBeVisible();
    await chips.getByRole('button', { name: msg(locale, 'catalog.clearAllFilters') }).click();
    await expect(page).toHaveURL(absolute(path));
    await expect(chips).toHaveCount(0);
  });
});

test.describe('category pages are rendered per page', () => {
  test('page 2 without JavaScript lists its own products with its own canonical', async ({ browser, request }) => {
    await followPage2WithoutJs(browser, request, 'en');
  });

  test('a page beyond the last is not found; junk parameters do not change the page', async ({ request }) => {
    const path = await categoryPath(request, 'en');
    expect((await request.get(`${path}?page=9999`)).status()).toBe(404);
    const plain = await (await request.get(`${path}?page=2`)).text();
    const tagged = await (await request.get(`${path}?page=2&utm_source=mail`)).text();
    const names = (html: string) => [...html.matchAll(/<h3[^>]*><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(names(tagged)).toEqual(names(plain));
    expect(names(plain)).not.toEqual(names(await (await request.get(path)).text()));
  });
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await preDecideConsent(context);
  return context.newPage();
}

test.describe('feedback', () => {
  test('wishlist add, sign-in and sign-out are confirmed; the wishlist drawer shows prices and adds to the cart', async ({
    browser,
    request,
  }) => {
    const locale: Locale = 'en';
    const page = await freshPage(browser);
    const customer = await newCustomer(request);
    const product = await findProductPath(request, P.available, locale);

    await open(page, product.path);
    await page.getByRole('button', { name: msg(locale, 'wishlist.add') }).click();
    await expect(notifications(page, locale).getByRole('status')).toHaveText(msg(locale, 'wishlist.added'));

    // The drawer: the live price and add-to-cart.
    await banner(page)
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.wishlist'))},`) })
      .click();
    const drawer = page.getByRole('dialog', { name: msg(locale, 'wishlist.title') });
    const item = drawer.getByRole('listitem').filter({ hasText: product.name });
    await expect(item.locator('.price')).toContainText(/\d/);
    await item.getByRole('button', { name: msg(locale, 'catalog.addToCart') }).click();
    const cart = cartSidebar(page, locale);
    await expect(cart).toBeVisible();
    await expect(cart.locator('.cart-items > li').filter({ hasText: product.name })).toHaveCount(1);
    await cart.getByRole('button', { name: msg(locale, 'cart.close') }).click();

    // Sign-in.
    await banner(page)
      .getByRole('button', { name: msg(locale, 'header.login'), exact: true })
      .click();
    const modal = page.getByRole('dialog', { name: msg(locale, 'auth.loginTitle') });
    await modal.getByLabel(msg(locale, 'auth.username')).fill(customer.email);
    await modal.getByLabel(msg(locale, 'auth.password'), { exact: true }).fill(customer.password);
    await modal.getByRole('button', { name: msg(locale, 'auth.login'), exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(notifications(page, locale).getByText(msg(locale, 'auth.signedIn'))).toBeVisible();

    // Sign-out leaves the account for the home page, which confirms it.
    await open(page, localePath(locale, '/my-account'));
    await page.getByRole('button', { name: msg(locale, 'auth.logout') }).click();
    await expect(page).toHaveURL(absolute(localePath(locale, '/')));
    await expect(notifications(page, locale).getByText(msg(locale, 'auth.signedOut'))).toBeVisible();
    await page.context().close();
  });

  test('de: the wishlist says what is available and offers no add for what is not; a refused add says why', async ({
    browser,
    request,
  }) => {
    const locale: Locale = 'de';
    const page = await freshPage(browser);
    const available = await findProductPath(request, P.available, locale);
    const gone = await findProductPath(request, P.notAvailable, locale);
    for (const product of [available, gone]) {
      await open(page, product.path);
      await page.getByRole('button', { name: msg(locale, 'wishlist.add') }).click();
      await expect(notifications(page, locale).getByRole('status').last()).toHaveText(msg(locale, 'wishlist.added'));
    }
    await banner(page)
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.wishlist'))},`) })
      .click();
    const drawer = page.getByRole('dialog', { name: msg(locale, 'wishlist.title') });
    const item = (name: string) => drawer.getByRole('listitem').filter({ hasText: name });
    await expect(item(available.name).getByText(msg(locale, 'availability.available'))).toBeVisible();
    await expect(item(gone.name).getByText(msg(locale, 'availability.not-available'))).toBeVisible();
    await expect(item(gone.name).getByRole('button', { name: msg(locale, 'catalog.addToCart') })).toHaveCount(0);

    // The stock ran out after the drawer showed it: the server refuses, and the toast says so in
    // German although the cart drawer (which once held the cart's texts) never opened.
    await page.route('**/api/cart/add', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'PRODUCT_NOT_AVAILABLE', message: 'not available', status: 409 }),
      }),
    );
    await item(available.name)
      .getByRole('button', { name: msg(locale, 'catalog.addToCart') })
      .click();
    await expect(notifications(page, locale).getByRole('alert')).toHaveText(
      msg(locale, 'cart.error.PRODUCT_NOT_AVAILABLE'),
    );
    await page.context().close();
  });
});
