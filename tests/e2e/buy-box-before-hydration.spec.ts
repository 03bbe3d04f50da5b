// The buy box (and every listing card) is a plain HTML form before its island is live: what a shopper types and clicks before
// hydration (a slow phone, a script that fails, no JavaScript at all) is never lost. Without its
// script the form posts to /cart/add, which adds on the server and comes back with the cart open;
// a quantity typed before hydration is still the quantity added after it.
import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, expect, localePath, msg, test, waitForIslands, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';

/** Always available, with accessories. */
const SKU = DEMO_FIXTURES.products.available;

async function productPath(request: APIRequestContext, sku: string, locale: Locale): Promise<string> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  const hit = ((await response.json()) as { data: { sku: string; id: number; slug: string }[] }).data.find(
    (p) => p.sku === sku,
  );
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return localePath(locale, `/p/${hit.id}/${hit.slug}`);
}

async function serverCart(page: Page): Promise<Cart | null> {
  return ((await (await page.request.get('/api/cart/get')).json()) as { cart: Cart | null }).cart;
}

const buyBox = (page: Page) => page.locator('form.buy-box');
const quantity = (page: Page, locale: Locale) =>
  buyBox(page).getByLabel(msg(locale, 'catalog.quantity'), { exact: true });
const addButton = (page: Page, locale: Locale) =>
  buyBox(page).getByRole('button', { name: msg(locale, 'catalog.addToCart') });

/** Holds back the buy box island's code until `release` is called. */
async function holdBuyBoxScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/BuyBox\.[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('the buy box before hydration', () => {
  test('without JavaScript, the form adds the typed quantity on the server and comes back', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const path = await productPath(page.request, SKU, 'en');
    await page.goto(path);
    await quantity(page, 'en').fill('3');
    await addButton(page, 'en').click();
    await expect(page).toHaveURL(new RegExp(`${path}#cart$`));
    const cart = await serverCart(page);
    expect(cart?.cartItems.map((line) => [line.sku, line.quantity])).toEqual([[SKU, 3]]);
    await context.close();
  });

  test('a click before the island is live is not lost: the form posts and the cart opens with it', async ({ page }) => {
    const release = await holdBuyBoxScript(page);
    await page.goto(await productPath(page.request, SKU, 'de'));
    await expect(page.locator('html[data-shell="ready"]')).toHaveCount(1);
    await quantity(page, 'de').fill('4');
    await addButton(page, 'de').click();
    release();
    await expect(page.getByRole('dialog', { name: msg('de', 'cart.title') })).toBeVisible({ timeout: 15_000 });
    expect((await serverCart(page))?.cartItems.map((line) => [line.sku, line.quantity])).toEqual([[SKU, 4]]);
  });

  test('a quantity typed before hydration is the one added after it', async ({ page }) => {
    const release = await holdBuyBoxScript(page);
    await page.goto(await productPath(page.request, SKU, 'en'));
    await quantity(page, 'en').fill('5');
    release();
    await waitForIslands(page, 20_000);
    // Prices arriving re-render the island: the typed quantity must survive that too.
    await expect(buyBox(page).locator('.buy-box-availability')).not.toContainText(msg('en', 'availability.loading'), {
      timeout: 15_000,
    });
    await expect(quantity(page, 'en')).toHaveValue('5');
    await addButton(page, 'en').click();
    await expect(page.getByRole('dialog', { name: msg('en', 'cart.title') })).toBeVisible();
    await expect
      .poll(async () => (await serverCart(page))?.cartItems.map((line) => [line.sku, line.quantity]))
      .toEqual([[SKU, 5]]);
  });

  test('a refused quantity is explained, with the way back', async ({ page }) => {
    const path = await productPath(page.request, SKU, 'en');
    const response = await page.request.post(localePath('en', '/cart/add'), {
      form: { sku: SKU, quantity: '0', return: path },
      headers: { origin: BASE_URL },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain(msg('en', 'catalog.quantityInvalid', { max: '9999' }));
    expect(html).toContain(`href="${path}"`);
  });

  test('a listing card is a plain form too: without JavaScript it adds its quantity and comes back to the listing', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // The search page lists the sku's card, rendered on the server with its public price and stock.
    const listing = `${localePath('en', '/search-details')}?term=${SKU}`;
    await page.goto(listing);
    const card = page.locator(`article[data-sku="${SKU}"]`);
    await expect(card.locator('.price')).toBeVisible();
    await card.getByRole('spinbutton', { name: msg('en', 'catalog.quantity') }).fill('2');
    await card.getByRole('button', { name: msg('en', 'catalog.addToCart') }).click();
    await expect(page).toHaveURL(new RegExp(`\\?term=${SKU}#cart$`));
    const cart = await serverCart(page);
    expect(cart?.cartItems.map((line) => [line.sku, line.quantity])).toEqual([[SKU, 2]]);
    await context.close();
  });

  test('a quantity typed into a listing card before the listing is live is the one added', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/_astro\/SearchResultsPage\.[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${localePath('de', '/search-details')}?term=${SKU}`);
    await waitForIslands(page);
    const card = page.locator(`article[data-sku="${SKU}"]`);
    await card.getByRole('spinbutton', { name: msg('de', 'catalog.quantity') }).fill('4');
    release();
    await expect(card.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
    await card.getByRole('button', { name: msg('de', 'catalog.addToCart') }).click();
    await expect
      .poll(async () => (await serverCart(page))?.cartItems.map((line) => [line.sku, line.quantity]))
      .toEqual([[SKU, 4]]);
  });
});
