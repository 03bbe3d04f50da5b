// My Items: a customer with a price list of their own (buyer@acme) opens it from the header and the
// account navigation and works with it as a data table: their lower price on the list, sorting by a
// column header, filtering by text and category, paging, hiding a column, switching grid and list
// (all of it in the URL), and adding three selected rows to the cart in one go. The quick order takes
// a pasted block of lines, explains the bad ones and adds the good ones. A customer without a list of
// their own is told so and can still order quickly. Guests get the sign-in prompt (account-orders.spec.ts).
import type { Page } from '@playwright/test';
import {
  absolute,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  msgPlural,
  test,
  type Locale,
  waitForIslands,
  wake,
} from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;
const MY_ITEMS = '/my-account/my-items';
const ITEM = { itemnum: '10003-01', sku: P.available };

async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(response.ok()).toBe(true);
}

const table = (page: Page, locale: Locale) => page.getByRole('table', { name: msg(locale, 'account.MyItems') });
const itemRows = (page: Page, locale: Locale) => table(page, locale).locator('tbody tr');
const cartDrawer = (page: Page, locale: Locale) => page.getByRole('dialog', { name: msg(locale, 'cart.title') });

test.describe('account: My Items', () => {
  test('de: filters as the buyer types or chooses, without a button; the caret stays; a page size of 24', async ({
    page,
  }) => {
    await signIn(page, C.acme.email);
    await page.goto(`${localePath('de', MY_ITEMS)}?view=list`);
    await expect(itemRows(page, 'de')).toHaveCount(12);

    const search = page.getByLabel(msg('de', 'myItems.search'));
    await wake(search);
    await search.pressSequentially(ITEM.itemnum, { delay: 50 });
    await expect(page).toHaveURL(new RegExp(`q=${ITEM.itemnum}`));
    await expect(itemRows(page, 'de')).toHaveCount(1);
    await expect(page.getByLabel(msg('de', 'myItems.search'))).toBeFocused();
    await expect(page.getByLabel(msg('de', 'myItems.search'))).toHaveValue(ITEM.itemnum);
    // The request to keep the caret is not part of the address a buyer bookmarks.
    await expect(page).not.toHaveURL(/focus=/);

    await page.goto(`${localePath('de', MY_ITEMS)}?view=list`);
    const size = page.getByLabel(msg('de', 'myItems.pageSize'));
    await wake(size);
    await size.selectOption('24');
    await expect(page).toHaveURL(/size=24/);
    await expect(itemRows(page, 'de')).toHaveCount(24);
    // Paging keeps the size.
    await page
      .getByRole('navigation', { name: msg('de', 'catalog.pagination') })
      .getByRole('link', { name: '2' })
      .click();
    await expect(page).toHaveURL(/size=24.*page=2|page=2.*size=24/);
  });

  test("en: from the header to the customer's price list as a table: their price, sort, filter, columns, paging", async ({
    page,
  }) => {
    await signIn(page, C.acme.email);
    await page.goto(localePath('en', '/'));
    await waitForIslands(page, 20_000);
    const link = page.getByRole('banner').getByRole('link', { name: msg('en', 'header.myItems') });
    await link.click();
    await expect(page).toHaveURL(absolute(localePath('en', MY_ITEMS)));
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'account.MyItems') })).toBeVisible();
    const nav = page.getByRole('navigation', { name: msg('en', 'route.MyAccount') });
    await expect(nav.getByRole('link', { name: msg('en', 'account.MyItems') })).toHaveAttribute('aria-current', 'page');

    // The list view in the URL; 12 rows a page.
    await page.getByRole('button', { name: msg('en', 'catalog.listView') }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(itemRows(page, 'en')).toHaveCount(12);
    await expectNoA11yViolations(page);

    // Filter by text: the acme price (164.99) is what the customer pays; the public one (188.99) is struck through.
    await page.getByLabel(msg('en', 'myItems.search')).fill(ITEM.itemnum);
    await page.getByRole('button', { name: msg('en', 'myItems.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`q=${ITEM.itemnum}`));
    await expect(itemRows(page, 'en')).toHaveCount(1);
    const row = itemRows(page, 'en').first();
    await expect(row.locator('strong')).toHaveText('€164.99');
    await expect(row.locator('s')).toHaveText('€188.99');

    // Sort by price from its column header, highest first on the second click.
    await page.goto(`${localePath('en', MY_ITEMS)}?view=list`);
    const priceHeader = table(page, 'en').getByRole('columnheader', { name: msg('en', 'myItems.column.price') });
    await priceHeader.getByRole('link').click();
    await expect(page).toHaveURL(/sort=price(&|$)/);
    await table(page, 'en')
      .getByRole('columnheader', { name: msg('en', 'myItems.column.price') })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(
      table(page, 'en').getByRole('columnheader', { name: msg('en', 'myItems.column.price') }),
    ).toHaveAttribute('aria-sort', 'descending');
    const prices = await itemRows(page, 'en').locator('td.my-items-col-price strong').allTextContents();
    const amounts = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    // Filter by category: every row of the filtered list is in it, fewer than all items.
    const category = page.getByLabel(msg('en', 'myItems.category'));
    const option = category.locator('option').nth(1);
    const categoryId = await option.getAttribute('value');
    await category.selectOption(categoryId!);
    await page.getByRole('button', { name: msg('en', 'myItems.apply') }).click();
    await expect(page).toHaveURL(new RegExp(`cat=${categoryId}`));
    await expect(page.getByText(/^\d+ of \d+ items$/)).toBeVisible();

    // Hide a column: at once, kept in the URL and across a reload.
    await page.goto(`${localePath('en', MY_ITEMS)}?view=list`);
    const columns = page.getByRole('group', { name: msg('en', 'myItems.columns') });
    await wake(columns.getByRole('checkbox', { name: msg('en', 'myItems.column.itemnum') }));
    await columns.getByRole('checkbox', { name: msg('en', 'myItems.column.itemnum') }).uncheck();
    await expect(
      table(page, 'en').getByRole('columnheader', { name: msg('en', 'myItems.column.itemnum') }),
    ).toHaveCount(0);
    await expect(page).toHaveURL(/hide=itemnum/);
    await page.reload();
    await expect(
      table(page, 'en').getByRole('columnheader', { name: msg('en', 'myItems.column.itemnum') }),
    ).toHaveCount(0);
    await expect(
      table(page, 'en').getByRole('columnheader', { name: msg('en', 'myItems.column.stock') }),
    ).toBeVisible();

    // Paging keeps the view.
    await page
      .getByRole('navigation', { name: msg('en', 'catalog.pagination') })
      .getByRole('link', { name: msg('en', 'catalog.page', { page: 2 }), exact: true })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/hide=itemnum/);
    await expect(itemRows(page, 'en')).toHaveCount(12);
  });

  test("en: three selected rows go into the cart in one request, at the customer's prices", async ({ page }) => {
    await signIn(page, C.acme.email);
    await page.goto(`${localePath('en', MY_ITEMS)}?view=list`);
    const orderable = itemRows(page, 'en').filter({ has: page.locator('input[type="checkbox"]:not([disabled])') });
    await wake(orderable.first().getByRole('checkbox'));
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const row = orderable.nth(i);
      names.push((await row.getByRole('rowheader').textContent())!.trim());
      await row.getByRole('checkbox').check();
    }
    await orderable.nth(1).getByRole('spinbutton').fill('4');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/cart/')) requests.push(new URL(request.url()).pathname);
    });
    await page.getByRole('button', { name: msg('en', 'myItems.addSelectedCount', { count: 3 }) }).click();
    const drawer = cartDrawer(page, 'en');
    await expect(drawer).toBeVisible();
    for (const name of names) await expect(drawer).toContainText(name);
    await expect(page.getByRole('status').filter({ hasText: msgPlural('en', 'myItems.added', 3) })).toBeVisible();
    expect(requests.filter((path) => path === '/api/cart/add-many')).toHaveLength(1);
  });

  test('de: quick order of five pasted lines adds the three good ones and explains the two others', async ({
    page,
  }) => {
    await signIn(page, C.acme.email);
    await page.goto(localePath('de', MY_ITEMS));
    await expect(page.getByRole('list', { name: msg('de', 'account.MyItems') })).toBeVisible();
    const quick = page.getByRole('region', { name: msg('de', 'quickOrder.title') });
    const field = quick.getByLabel(msg('de', 'quickOrder.label'));
    await wake(field);
    await field.fill(
      [
        `${ITEM.itemnum}\t2`,
        '99999-99\t1',
        `${P.markedInStock};3`,
        `${P.limited} zwei`,
        `${P.specialPrice.toLowerCase()}, 1`,
      ].join('\n'),
    );
    await quick.getByRole('button', { name: msg('de', 'quickOrder.check') }).click();
    const results = quick.getByRole('table');
    await expect(results.locator('tbody tr')).toHaveCount(5);
    await expect(results.locator('tbody tr').nth(0)).toContainText(msg('de', 'quickOrder.ready'));
    await expect(results.locator('tbody tr').nth(0)).toContainText('164,99');
    await expect(results.locator('tbody tr').nth(1)).toContainText(msg('de', 'quickOrder.unknown'));
    await expect(results.locator('tbody tr').nth(3)).toContainText(
      msg('de', 'quickOrder.badQuantity', { quantity: 'zwei', max: 9999 }),
    );
    await quick.getByRole('button', { name: msgPlural('de', 'quickOrder.addValid', 3) }).click();
    const drawer = cartDrawer(page, 'de');
    await expect(drawer).toBeVisible();
    await expect(quick.getByRole('status').filter({ hasText: msgPlural('de', 'myItems.added', 3) })).toBeVisible();
  });

  test('de: grid and list switch at once; a page past the end shows the last one', async ({ page }) => {
    await signIn(page, C.acme.email);
    await page.goto(localePath('de', '/my-account/order-history'));
    await page
      .getByRole('navigation', { name: msg('de', 'route.MyAccount') })
      // Exactly: "Meine Artikelnummern" (the item numbers page) starts with "Meine Artikel".
      .getByRole('link', { name: msg('de', 'account.MyItems'), exact: true })
      .click();
    await expect(page).toHaveURL(absolute(localePath('de', MY_ITEMS)));
    // The shop's default view (defaultMyItemsView) is the grid.
    const grid = page.getByRole('list', { name: msg('de', 'account.MyItems') });
    await expect(grid.getByRole('listitem')).toHaveCount(12);
    const listButton = page.getByRole('button', { name: msg('de', 'catalog.listView') });
    await wake(listButton);
    await listButton.click();
    await expect(
      table(page, 'de').getByRole('columnheader', { name: msg('de', 'myItems.column.price') }),
    ).toBeVisible();
    await expect(page).toHaveURL(/view=list/);
    await expect(listButton).toHaveAttribute('aria-pressed', 'true');
    await expectNoA11yViolations(page);
    const response = await page.goto(`${localePath('de', MY_ITEMS)}?page=999`);
    expect(response?.ok()).toBe(true);
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('999');
    await expect(grid.getByRole('listitem').first()).toBeVisible();
  });

  test('a customer without a price list of their own is told so and can still order quickly', async ({ page }) => {
    await signIn(page, C.normal.email);
    await page.goto(localePath('en', MY_ITEMS));
    await expect(page.getByText(msg('en', 'account.myItems.empty'))).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('region', { name: msg('en', 'quickOrder.title') })).toBeVisible();
  });
});
