// The currency selector in the header: choosing GBP on a product page moves the page's prices and
// the cart into pounds (the page reloads, everything re-fetches), and choosing Euro moves them back.
import type { Page } from '@playwright/test';
import { expect, localePath, msg, open, test } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const LOCALE = 'en';
const currencyLabel = (code: 'EUR' | 'GBP' | 'USD') =>
  `${code}, ${msg(LOCALE, 'site.currency')}: ${msg(LOCALE, `site.currencyName.${code}`)}`;
const buyBoxPrice = (page: Page) => page.locator('form.buy-box .buy-box-price .price:not(.price-loading)');
const cartDialog = (page: Page) => page.getByRole('dialog', { name: msg(LOCALE, 'cart.title') });

async function choose(page: Page, from: 'EUR' | 'GBP', to: 'EUR' | 'GBP') {
  const banner = page.getByRole('banner');
  await banner.getByLabel(currencyLabel(from)).click();
  await banner.getByRole('button', { name: msg(LOCALE, `site.currencyName.${to}`) }).click();
  // The summary names the new currency once the page has reloaded and read the cookie.
  await expect(banner.getByLabel(currencyLabel(to))).toBeVisible({ timeout: 15_000 });
}

test('choosing GBP prices the product page and the cart in pounds, and Euro moves them back', async ({
  page,
  request,
}) => {
  const sku = DEMO_FIXTURES.products.available;
  const found = await request.post('/api/catalog/search', { data: { keyword: sku, locale: LOCALE, limit: 10 } });
  const hit = ((await found.json()) as { data: { sku: string; id: number; slug: string }[] }).data.find(
    (p) => p.sku === sku,
  )!;
  await open(page, localePath(LOCALE, `/p/${hit.id}/${hit.slug}`));
  await expect(buyBoxPrice(page)).toContainText('€', { timeout: 15_000 });

  await choose(page, 'EUR', 'GBP');
  await expect(buyBoxPrice(page)).toContainText('£', { timeout: 15_000 });
  await page
    .locator('form.buy-box')
    .getByRole('button', { name: msg(LOCALE, 'catalog.addToCart') })
    .click();
  const line = cartDialog(page).locator('.cart-items > li').first();
  await expect(line).toContainText('£');
  await cartDialog(page)
    .getByRole('button', { name: msg(LOCALE, 'cart.close') })
    .click();

  await choose(page, 'GBP', 'EUR');
  await expect(buyBoxPrice(page)).toContainText('€', { timeout: 15_000 });
  const cart = (await (await page.request.get('/api/cart/get')).json()) as { cart: { currency: string } };
  expect(cart.cart.currency).toBe('EUR');
});
