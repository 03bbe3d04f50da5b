// My Items: a customer with a price list of their own (buyer@acme) opens it from the header and the
// account navigation, finds their lower price on the list, pages through it and adds a row to the
// cart at that price; a customer without one is told so. Guests get the sign-in prompt (see
// account-orders.spec.ts).
import type { Page } from '@playwright/test';
import { absolute, expect, expectNoA11yViolations, localePath, msg, test, type Locale, waitForIslands } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const C = DEMO_FIXTURES.customers;
const MY_ITEMS = '/my-account/my-items';
const ITEM = { itemnum: '10003-01', sku: DEMO_FIXTURES.products.available };

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { username: email, password: DEMO_FIXTURES.password } });
  expect(response.ok()).toBe(true);
}

const table = (page: Page, locale: Locale) => page.getByRole('table', { name: msg(locale, 'account.MyItems') });

/** The row of the demo's always-available product, on whichever page of the list it is. */
async function findRow(page: Page, locale: Locale) {
  for (let n = 1; n <= 20; n++) {
    await page.goto(`${localePath(locale, MY_ITEMS)}${n > 1 ? `?page=${n}` : ''}`);
    const row = table(page, locale).getByRole('row').filter({ hasText: ITEM.itemnum });
    if (await row.count() > 0) return row;
  }
  throw new Error(`${ITEM.itemnum} is on no page of My Items`);
}

test.describe('account: My Items', () => {
  test('en: from the header to the customer\'s price list, their price, paging and add to cart', async ({ page }) => {
    await signIn(page, C.acme.email);
    await page.goto(localePath('en', '/'));
    await waitForIslands(page, 20_000);
    const link = page.getByRole('banner').getByRole('link', { name: msg('en', 'header.myItems') });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(absolute(localePath('en', MY_ITEMS)));
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'account.MyItems') })).toBeVisible();
    const nav = page.getByRole('navigation', { name: msg('en', 'route.MyAccount') });
    await expect(nav.getByRole('link', { name: msg('en', 'account.MyItems') })).toHaveAttribute('aria-current', 'page');
    await expect(table(page, 'en').getByRole('row')).toHaveCount(12 + 1);
    await expectNoA11yViolations(page);

    // A second page in the URL, linked from the first.
    await page.getByRole('navigation', { name: msg('en', 'catalog.pagination') }).getByRole('link', { name: msg('en', 'catalog.page', { page: 2 }), exact: true }).click();
    await expect(page).toHaveURL(absolute(`${localePath('en', MY_ITEMS)}?page=2`));
    await expect(table(page, 'en').getByRole('row').nth(1)).toBeVisible();

    const row = await findRow(page, 'en');
    // The acme list's price (164.99) is what the customer pays; the public one (188.99) is struck through.
    const price = row.getByRole('cell').first();
    await expect(price.locator('strong')).toHaveText('€164.99');
    await expect(price.locator('s')).toHaveText('€188.99');
    await row.getByRole('spinbutton').fill('2');
    await row.getByRole('button', { name: msg('en', 'catalog.addToCart') }).click();
    const drawer = page.getByRole('dialog', { name: msg('en', 'cart.title') });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText('329.98');
    await expect(page).toHaveURL(new RegExp(`/en${MY_ITEMS}(\\?page=\\d+)?$`));
  });

  test('de: the page opens from the account navigation; a page past the end shows the last one', async ({ page }) => {
    await signIn(page, C.acme.email);
    await page.goto(localePath('de', '/my-account/order-history'));
    await page.getByRole('navigation', { name: msg('de', 'route.MyAccount') }).getByRole('link', { name: msg('de', 'account.MyItems') }).click();
    await expect(page).toHaveURL(absolute(localePath('de', MY_ITEMS)));
    await expect(table(page, 'de').getByRole('columnheader', { name: msg('de', 'price.yourPrice') })).toBeVisible();
    const response = await page.goto(`${localePath('de', MY_ITEMS)}?page=999`);
    expect(response?.ok()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('999');
    await expect(table(page, 'de').getByRole('row').nth(1)).toBeVisible();
  });

  test('a customer without a price list of their own is told so', async ({ page }) => {
    await signIn(page, C.normal.email);
    await page.goto(localePath('en', MY_ITEMS));
    await expect(page.getByText(msg('en', 'account.myItems.empty'))).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
