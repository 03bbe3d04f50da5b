// The account's order history: a signed-in customer finds their orders, newest
// first, 10 per page with the page in the URL, and opens one; a guest gets the login modal at the
// account's address and lands on the page once signed in; the spec's PascalCase page names move to the
// kebab-case ones; 'Log out' ends the session and with it the account area.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  absolute,
  BASE_URL,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  test,
  waitForIslands,
  type Locale,
} from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { registerAndActivate } from './accounts.ts';

const C = DEMO_FIXTURES.customers;
const HISTORY = '/my-account/order-history';
const ADDRESS = {
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: 'Muster GmbH',
  street: 'Hauptstraße 5',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
};

/** Like helpers.ts open(), with patience for hydration on a busy machine. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page, 20_000);
  return response;
}

async function post<T>(page: Page, path: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await page.request.post(path, { data, headers });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

async function signIn(page: Page, email: string): Promise<void> {
  await post(page, '/api/auth/login', { username: email, password: DEMO_FIXTURES.password });
}

type Cart = { id: string; version: number; pricesHash: string };

/** An invoice order placed through the shop's API, as the checkout would place it. */
async function placeOrder(page: Page): Promise<{ id: string; transactionnum: string }> {
  let { cart } = await post<{ cart: Cart }>(page, '/api/cart/add', {
    sku: DEMO_FIXTURES.products.available,
    quantity: 1,
  });
  for (const change of [
    { shippingAddress: ADDRESS },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: ADDRESS },
  ]) {
    ({ cart } = await post<{ cart: Cart }>(page, '/api/checkout/update', { version: cart.version, ...change }));
  }
  const { order } = await post<{ order: { id: string; transactionnum: string } }>(page, '/api/orders/create', {
    idempotencyKey: randomUUID(),
    cartId: cart.id,
    cart: { version: cart.version, pricesHash: cart.pricesHash },
    paymentMethodCode: 'invoice',
  });
  return order;
}

const orderTable = (page: Page, locale: Locale) =>
  page.getByRole('table', { name: msg(locale, 'account.OrderHistory') });

test.describe('account: order history', () => {
  test('a customer finds a new order at the top of the history in en and de and opens it', async ({
    page,
    browser,
  }) => {
    await signIn(page, C.acme.email);
    const order = await placeOrder(page);

    // The header's account icon leads a signed-in shopper into the account, which opens the history.
    await open(page, localePath('en', '/'));
    await page
      .getByRole('banner')
      .getByRole('link', { name: msg('en', 'header.account') })
      .click();
    await expect(page).toHaveURL(new RegExp(`/en${HISTORY}$`));
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'account.OrderHistory') })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: msg('en', 'route.MyAccount') })
        .getByRole('link', { name: msg('en', 'account.OrderHistory') }),
    ).toHaveAttribute('aria-current', 'page');
    const first = orderTable(page, 'en').getByRole('row').nth(1);
    await expect(first.getByRole('link', { name: order.transactionnum })).toHaveAttribute(
      'href',
      `/en${HISTORY}/${order.id}`,
    );
    // Dates in the uk format (en is en-GB), the total with its currency, the payment status.
    await expect(first).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(first).toContainText('€');
    await expect(first).toContainText(msg('en', 'checkout.paymentStatus.open'));
    await expectNoA11yViolations(page);

    // The order's own page in the account (not the checkout's thank-you): details, order again, print.
    await first.getByRole('link', { name: order.transactionnum }).click();
    await expect(page).toHaveURL(new RegExp(`/en${HISTORY}/${order.id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: msg('en', 'account.order.title', { number: order.transactionnum }) }),
    ).toBeVisible();
    await expect(page.getByText(msg('en', 'checkout.thankYou.title'))).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('Muster GmbH');
    await expect(page.getByRole('button', { name: msg('en', 'account.order.print') })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: msg('en', 'account.order.reorder') }).click();
    await expect(page.getByRole('status').filter({ hasText: msg('en', 'account.order.reorderDone') })).toBeVisible();
    const drawer = page.getByRole('dialog', { name: msg('en', 'cart.title') });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: /Cordless drill driver/ })).toBeVisible();
    // For another customer the order's page is the 404 page: an id is never confirmed.
    const other = await browser.newContext({ baseURL: BASE_URL });
    expect(
      (
        await other.request.post('/api/auth/login', {
          data: { username: C.normal.email, password: DEMO_FIXTURES.password },
        })
      ).ok(),
    ).toBe(true);
    expect((await other.request.get(localePath('en', `${HISTORY}/${order.id}`))).status()).toBe(404);
    await other.close();

    await open(page, HISTORY);
    await expect(page.getByRole('heading', { level: 1, name: msg('de', 'account.OrderHistory') })).toBeVisible();
    const firstDe = orderTable(page, 'de').getByRole('row').nth(1);
    await expect(firstDe.getByRole('link', { name: order.transactionnum })).toHaveAttribute(
      'href',
      `${HISTORY}/${order.id}`,
    );
    await expect(firstDe).toContainText(/\d{2}\.\d{2}\.\d{4}/);

    // A page name the account does not have is the 404 page.
    expect((await page.goto(localePath('en', '/my-account/my-wallet')))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'error.notFound.title') })).toBeVisible();
  });

  test('10 orders per page with the page in the URL; a bad page number falls back', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, C.excludeTax.email);
    const placed = [];
    for (let i = 0; i < 11; i++) placed.push(await placeOrder(page));

    await open(page, localePath('en', HISTORY));
    await expect(orderTable(page, 'en').locator('tbody tr')).toHaveCount(10);
    await expect(orderTable(page, 'en').locator('tbody tr').first()).toContainText(placed.at(-1)!.transactionnum);
    const paging = page.getByRole('navigation', { name: msg('en', 'catalog.pagination') });
    await paging.getByRole('link', { name: msg('en', 'catalog.next') }).click();
    await expect(page).toHaveURL(new RegExp(`/en${HISTORY}\\?page=2$`));
    await expect(orderTable(page, 'en').locator('tbody tr').first()).toBeVisible();
    await expect(orderTable(page, 'en')).not.toContainText(placed.at(-1)!.transactionnum);

    await open(page, localePath('en', `${HISTORY}?page=abc`));
    await expect(orderTable(page, 'en').locator('tbody tr').first()).toContainText(placed.at(-1)!.transactionnum);
    await page.goto(localePath('en', `${HISTORY}?page=9999`));
    await expect(page).toHaveURL(new RegExp(`/en${HISTORY}\\?page=\\d+$`));
    await expect(orderTable(page, 'en').locator('tbody tr').first()).toBeVisible();
  });

  test('a new account without orders says so and leads back to shopping', async ({ page }) => {
    await registerAndActivate(page.request, {
      email: `history-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Erika',
      lastName: 'Mustermann',
      password: DEMO_FIXTURES.password,
    });
    await open(page, localePath('fr', HISTORY));
    await expect(page.getByText(msg('fr', 'account.orders.empty'))).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: msg('fr', 'cart.goBackShopping') })).toHaveAttribute(
      'href',
      '/fr',
    );
  });

  test("a guest gets the login modal at the account's address and lands on the page once signed in", async ({
    page,
  }) => {
    for (const locale of ['de', 'en'] as const) {
      const response = await page.goto(localePath(locale, HISTORY));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await waitForIslands(page, 20_000);
      await expect(page).toHaveURL(absolute(localePath(locale, HISTORY)));
      await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'route.MyAccount') })).toBeVisible();
      await expect(page.getByText(msg(locale, 'account.signInRequired'))).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const dialog = page.getByRole('dialog', { name: msg(locale, 'auth.loginTitle') });
      await expect(dialog).toBeVisible();
      // Closed, the prompt stays and opens it again.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page
        .getByRole('main')
        .getByRole('button', { name: msg(locale, 'auth.login'), exact: true })
        .click();
      await expect(dialog).toBeVisible();
      if (locale === 'de') continue;
      await dialog.getByLabel(msg(locale, 'auth.username')).fill(C.normal.email);
      await dialog.getByLabel(msg(locale, 'auth.password'), { exact: true }).fill(DEMO_FIXTURES.password);
      await dialog.getByRole('button', { name: msg(locale, 'auth.login'), exact: true }).click();
      await expect(orderTable(page, locale).or(page.getByText(msg(locale, 'account.orders.empty')))).toBeVisible();
      await expect(page).toHaveURL(absolute(localePath(locale, HISTORY)));
    }
    await page.context().clearCookies();
    const refused = await page.request.post('/api/orders/list', { data: {} });
    expect(refused.status()).toBe(401);
  });

  test("the spec's PascalCase page names move permanently to the kebab-case ones", async ({ request }) => {
    for (const [from, to] of [
      ['/my-account/OrderHistory', HISTORY],
      ['/en/my-account/OrderHistory?page=2', `/en${HISTORY}?page=2`],
      ['/fr/MyAccount/OrderHistory', `/fr${HISTORY}`],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
    expect((await request.get('/my-account/NoSuchPage', { maxRedirects: 0 })).status()).toBe(404);
  });

  test('Log out ends the session; the account then asks to sign in again', async ({ page }) => {
    await signIn(page, C.normal.email);
    await open(page, localePath('en', '/my-account'));
    await expect(page).toHaveURL(new RegExp(`/en${HISTORY}$`));
    await page.getByRole('button', { name: msg('en', 'auth.logout') }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByRole('banner').getByRole('button', { name: msg('en', 'header.login') })).toBeVisible();
    await page.goto(localePath('en', '/my-account'));
    await expect(page.getByText(msg('en', 'account.signInRequired'))).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});
