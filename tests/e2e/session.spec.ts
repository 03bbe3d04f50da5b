// The shopper session (docs/accounts.md): the login modal with its three views, validation and
// server errors, login, logout and registration, the password reset through the email the shop
// really sends, the password pages, and the wishlist sidebar with its sync to the customer account.
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import {
  LOCALES,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  open,
  preDecideConsent,
  test,
  waitForIslands,
  type Locale,
} from './helpers.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { WISHLIST_STORAGE_KEY } from '#lib/wishlist/rules.ts';
import { activationLink, registerAndActivate } from './accounts.ts';

const { normal } = DEMO_FIXTURES.customers;
const PASSWORD = DEMO_FIXTURES.password;
const P = DEMO_FIXTURES.products;

// ------------------------------------------------------------------------------------------ helpers
const banner = (page: Page) => page.getByRole('banner');
const loginButton = (page: Page, locale: Locale) =>
  banner(page).getByRole('button', { name: msg(locale, 'header.login'), exact: true });
const accountLink = (page: Page, locale: Locale) =>
  banner(page).getByRole('link', { name: msg(locale, 'header.account') });
const dialog = (
  page: Page,
  locale: Locale,
  title: 'auth.loginTitle' | 'auth.registerTitle' | 'auth.resetTitle' = 'auth.loginTitle',
) => page.getByRole('dialog', { name: msg(locale, title) });
const wishlistButton = (page: Page, locale: Locale) =>
  banner(page).getByRole('button', { name: new RegExp(`^${escapeRegExp(msg(locale, 'header.wishlist'))},`) });
const wishlistSidebar = (page: Page, locale: Locale) =>
  page.getByRole('dialog', { name: msg(locale, 'wishlist.title') });

async function openLoginModal(page: Page, locale: Locale): Promise<Locator> {
  await loginButton(page, locale).click();
  const modal = dialog(page, locale);
  await expect(modal).toBeVisible();
  return modal;
}

async function logIn(page: Page, locale: Locale, username: string, password: string): Promise<Locator> {
  const modal = await openLoginModal(page, locale);
  await modal.getByLabel(msg(locale, 'auth.username')).fill(username);
  await modal.getByLabel(msg(locale, 'auth.password'), { exact: true }).fill(password);
  await modal.getByRole('button', { name: msg(locale, 'auth.login'), exact: true }).click();
  return modal;
}

let customerCounter = 0;
/** A customer of this test alone (the demo customers are shared with the other specs). */
async function newCustomer(request: APIRequestContext) {
  const email = `session-${Date.now()}-${process.pid}-${customerCounter++}@example.com`;
  await registerAndActivate(request, { email, password: PASSWORD, firstName: 'Erika', lastName: 'Musterfrau' });
  // The request context is not the browser: end this API session, the browser logs in itself.
  await request.post('/api/auth/logout', { data: {} });
  return { email, password: PASSWORD };
}

interface Found {
  id: number;
  sku: string;
  slug: string;
  name: string;
}
async function findProduct(request: APIRequestContext, sku: string, locale: Locale): Promise<Found & { path: string }> {
  const response = await request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  expect(response.ok(), `search for ${sku}`).toBe(true);
  const hit = ((await response.json()) as { data: Found[] }).data.find((p) => p.sku === sku);
  if (!hit) throw new Error(`fixture ${sku} not found by search`);
  return { ...hit, path: localePath(locale, `/p/${hit.id}/${hit.slug}`) };
}

async function addOnProductPage(page: Page, product: { path: string }, locale: Locale): Promise<void> {
  await open(page, product.path);
  await page.getByRole('button', { name: msg(locale, 'wishlist.add') }).click();
  await expect(page.getByRole('button', { name: msg(locale, 'wishlist.removeFrom') })).toBeVisible();
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await preDecideConsent(context);
  return context.newPage();
}

// ------------------------------------------------------------------------------------- login modal
test.describe('login modal', () => {
  test('the account icon opens it at the login view with the first field focused', async ({ page }) => {
    await open(page, '/en');
    const modal = await openLoginModal(page, 'en');
    await expect(modal.getByLabel(msg('en', 'auth.username'))).toBeFocused();
    await expect(modal.getByLabel(msg('en', 'auth.username'))).toHaveAttribute('autocomplete', 'username');
    await expect(modal.getByLabel(msg('en', 'auth.password'), { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await expect(modal.getByLabel(msg('en', 'auth.rememberMe'))).not.toBeChecked();
  });

  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: a wrong password shows the translated server message in a danger alert`, async ({ page }) => {
      await open(page, localePath(locale, '/'));
      const modal = await logIn(page, locale, normal.email, 'not-the-password');
      const alert = modal.getByRole('alert');
      await expect(alert).toHaveText(locale === 'de' ? 'Ungültige Zugangsdaten.' : 'Invalid credentials.');
      await expect(alert).toHaveClass(/alert-danger/);
      await expect(modal).toBeVisible();
      await expect(loginButton(page, locale)).toBeVisible();
    });
  }

  test('checks the fields before asking the server, with the spec messages', async ({ page }) => {
    await open(page, '/en');
    let modal = await openLoginModal(page, 'en');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/')) requests.push(r.url());
    });

    const username = modal.getByLabel(msg('en', 'auth.username'));
    await username.fill('   ');
    await modal.getByRole('button', { name: msg('en', 'auth.login'), exact: true }).click();
    await expect(modal.getByText('username is required', { exact: true })).toBeVisible();
    await expect(modal.getByText('password is required', { exact: true })).toBeVisible();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription('username is required');
    await expect(username).toBeFocused();

    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    modal = dialog(page, 'en', 'auth.registerTitle');
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel(msg('en', 'auth.email'))).toBeFocused();
    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    await expect(modal.getByText('This field is required', { exact: true })).toHaveCount(5);
    await modal.getByLabel(msg('en', 'auth.email')).fill('not-an-email');
    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    await expect(modal.getByLabel(msg('en', 'auth.email'))).toHaveAccessibleDescription('Invalid email');
    await expect(modal.getByLabel(msg('en', 'auth.firstName'))).toHaveAttribute('autocomplete', 'given-name');
    await expect(modal.getByLabel(msg('en', 'auth.password'), { exact: true })).toHaveAttribute(
      'autocomplete',
      'new-password',
    );

    await modal.getByRole('button', { name: msg('en', 'auth.backToLogin') }).click();
    modal = dialog(page, 'en');
    await modal.getByRole('button', { name: msg('en', 'auth.forgotPassword') }).click();
    modal = dialog(page, 'en', 'auth.resetTitle');
    await modal.getByRole('button', { name: msg('en', 'auth.sendResetLink') }).click();
    await expect(modal.getByLabel(msg('en', 'auth.username'))).toHaveAccessibleDescription('This field is required');
    expect(requests, 'no request for a form that failed its checks').toEqual([]);
  });

  test('a demo customer logs in: the modal closes, the account icon links to /my-account, the currency follows', async ({
    page,
    context,
  }) => {
    await open(page, '/en');
    const modal = await logIn(page, 'en', ` ${normal.email} `, PASSWORD);
    await expect(modal).toBeHidden();
    await expect(accountLink(page, 'en')).toHaveAttribute('href', '/en/my-account');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'vsf-currency')?.value).toBe('EUR');

    // Still signed in on the next page.
    await open(page, '/en/i/agb');
    await expect(accountLink(page, 'en')).toBeVisible();

    // Logout (the account area's button calls the same endpoint): a guest page again after reload.
    expect((await page.request.post('/api/auth/logout', { data: {} })).ok()).toBe(true);
    await open(page, '/en');
    await expect(loginButton(page, 'en')).toBeVisible();
    await expect(accountLink(page, 'en')).toHaveCount(0);
  });

  test('a new customer registers in the modal, is told to check the e-mail, and the mailed link signs them in', async ({
    page,
  }) => {
    await open(page, '/en');
    await openLoginModal(page, 'en');
    await dialog(page, 'en')
      .getByRole('button', { name: msg('en', 'auth.register'), exact: true })
      .click();
    const modal = dialog(page, 'en', 'auth.registerTitle');
    const email = `session-register-${Date.now()}-${process.pid}@example.com`;
    await modal.getByLabel(msg('en', 'auth.email')).fill(email);
    await modal.getByLabel(msg('en', 'auth.firstName')).fill('Ada');
    await modal.getByLabel(msg('en', 'auth.lastName')).fill('Lovelace');
    await modal.getByLabel(msg('en', 'auth.password'), { exact: true }).fill('Analytical-Engine-1843');
    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    // The create-account box is required.
    await expect(modal.getByLabel(msg('en', 'auth.createAccount'))).toHaveAccessibleDescription(
      'This field is required',
    );
    await modal.getByLabel(msg('en', 'auth.createAccount')).check();
    // A password everybody tries first is refused beside the field, by the server's list.
    await modal.getByLabel(msg('en', 'auth.password'), { exact: true }).fill('iloveyou2');
    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    await expect(modal.getByLabel(msg('en', 'auth.password'), { exact: true })).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(msg('en', 'validation.passwordTooCommon'))),
    );
    await modal.getByLabel(msg('en', 'auth.password'), { exact: true }).fill('Analytical-Engine-1843');
    await modal.getByRole('button', { name: msg('en', 'auth.register'), exact: true }).click();
    // Nobody is signed in yet: the modal says to check the e-mail, whatever the address.
    await expect(modal.getByRole('status')).toHaveText(msg('en', 'registration.sent'));
    await expect(accountLink(page, 'en')).toHaveCount(0);
    const mailbox = await openMailbox();
    try {
      const link = await activationLink(mailbox, email);
      await page.goto(`${link.pathname}${link.search}`);
    } finally {
      await mailbox.close();
    }
    await expect(page.getByText(msg('en', 'registration.activate.question', { email }))).toBeVisible();
    // The link alone activates nothing: the page asks for the password chosen when registering, and
    // refuses another one beside the field (a plain form post, no script needed).
    const password = page.getByLabel(msg('en', 'registration.activate.password'), { exact: true });
    await password.fill('Not-The-Chosen-1');
    await page.getByRole('button', { name: msg('en', 'registration.activate.submit') }).click();
    await expect(password).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(msg('en', 'registration.activate.wrongPassword'))),
    );
    await expectNoA11yViolations(page);
    await password.fill('Analytical-Engine-1843');
    await page.getByRole('button', { name: msg('en', 'registration.activate.submit') }).click();
    await expect(page.getByRole('status')).toHaveText(msg('en', 'registration.activate.done'));
    const me = await page.request.get('/api/auth/me');
    expect((await me.json()).user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace' });
  });

  test('Escape closes it and the focus returns to the account icon', async ({ page }) => {
    await open(page, '/en');
    const modal = await openLoginModal(page, 'en');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(loginButton(page, 'en')).toBeFocused();
    // The page behind scrolls again.
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
  });

  test('the focus stays inside while it is open', async ({ page }) => {
    await open(page, '/en');
    const modal = await openLoginModal(page, 'en');
    const inside = () => modal.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inside(), `after ${i + 1} Tab`).toBe(true);
    }
    await modal.getByLabel(msg('en', 'auth.username')).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(modal.getByRole('button', { name: msg('en', 'auth.close') })).toBeFocused();
  });

  test('has no accessibility violations when open', async ({ page }) => {
    await open(page, '/en');
    const modal = await logIn(page, 'en', '', '');
    await expect(modal.getByText('username is required')).toBeVisible();
    await expectNoA11yViolations(page);
  });
});

// ---------------------------------------------------------------------------------- password reset
test.describe('password reset by email', () => {
  let mailbox: Mailbox;
  test.beforeAll(async () => {
    mailbox = await openMailbox();
  });
  test.afterAll(async () => {
    await mailbox?.close();
  });

  test('request the link in the modal, follow the emailed link, set a password, log in with it', async ({
    page,
    request,
  }) => {
    const customer = await newCustomer(request);
    await open(page, '/en');
    await openLoginModal(page, 'en');
    await dialog(page, 'en')
      .getByRole('button', { name: msg('en', 'auth.forgotPassword') })
      .click();
    const modal = dialog(page, 'en', 'auth.resetTitle');
    await modal.getByLabel(msg('en', 'auth.username')).fill(customer.email);
    await modal.getByRole('button', { name: msg('en', 'auth.sendResetLink') }).click();
    await expect(modal.getByRole('status')).toHaveText(msg('en', 'auth.resetSent'));
    await expect(modal.getByRole('status')).toContainText('30');
    await modal.getByRole('button', { name: msg('en', 'auth.backToLogin') }).click();
    await expect(dialog(page, 'en')).toBeVisible();

    const resetLink = /https?:\/\/\S+\/reset-password\?token=[^\s<>"]+/;
    // The welcome mail of the registration goes to the same address.
    const mail = await mailbox.waitFor(customer.email, resetLink);
    const link = resetLink.exec(mail.text)?.[0];
    expect(link, `reset link in the mail from ${mailbox.source}:\n${mail.text}`).toBeTruthy();
    const url = new URL(link!);
    const locale = (LOCALES.find((l) => url.pathname === `/${l}/reset-password`) ?? 'de') as Locale;

    await open(page, `${url.pathname}${url.search}`);
    await expect(page).toHaveTitle(new RegExp(` \\| ${escapeRegExp(msg(locale, 'route.ResetPassword'))}$`));
    const password = page.getByLabel(msg(locale, 'auth.newPassword'));
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await password.fill('short');
    await page.getByRole('button', { name: msg(locale, 'auth.setPassword') }).click();
    await expect(password).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(msg(locale, 'validation.passwordTooShort', { min: 8 }))),
    );
    await password.fill('Brand-New-Passw0rd');
    await page.getByRole('button', { name: msg(locale, 'auth.setPassword') }).click();
    await expect(page.getByRole('status')).toHaveText(msg(locale, 'auth.passwordCreated'));

    // The link works once.
    await open(page, `${url.pathname}${url.search}`);
    await page.getByLabel(msg(locale, 'auth.newPassword')).fill('Another-Passw0rd!');
    await page.getByRole('button', { name: msg(locale, 'auth.setPassword') }).click();
    await expect(page.getByText(msg(locale, 'server.INVALID_TOKEN'))).toBeVisible();

    // "Log in" leads home with the login modal open; the old password is gone, the new one works.
    await page.getByRole('link', { name: msg(locale, 'auth.login') }).click();
    const login = dialog(page, locale);
    await expect(login).toBeVisible();
    await login.getByLabel(msg(locale, 'auth.username')).fill(customer.email);
    await login.getByLabel(msg(locale, 'auth.password'), { exact: true }).fill('Brand-New-Passw0rd');
    await login.getByRole('button', { name: msg(locale, 'auth.login'), exact: true }).click();
    await expect(login).toBeHidden();
    await expect(accountLink(page, locale)).toBeVisible();
    const old = await request.post('/api/auth/login', {
      data: { username: customer.email, password: customer.password },
    });
    expect(old.status()).toBe(401);
  });
});

test.describe('password pages', () => {
  for (const locale of LOCALES) {
    for (const [path, route] of [
      ['/reset-password', 'route.ResetPassword'],
      ['/create-password', 'route.CreatePassword'],
    ] as const) {
      test(`${locale} ${path}: prebuilt, titled, not indexed, a missing token is an invalid link`, async ({ page }) => {
        const response = await open(page, localePath(locale, path));
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(new RegExp(`. \\| ${escapeRegExp(msg(locale, route))}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(locale, route));
        await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', /noindex/);
        await expect(page.getByText(msg(locale, 'server.INVALID_TOKEN'))).toBeVisible();
      });
    }
  }
});

// ---------------------------------------------------------------------------------------- wishlist
test.describe('wishlist', () => {
  test('a guest keeps it across reloads; the sidebar lists, links and removes; the last removal clears the storage', async ({
    page,
    request,
  }) => {
    const locale = 'en';
    const product = await findProduct(request, P.available, locale);
    await addOnProductPage(page, product, locale);
    await expect(wishlistButton(page, locale)).toHaveAccessibleName(`${msg(locale, 'header.wishlist')}, 1 item`);

    await page.reload();
    await expect(page.getByRole('button', { name: msg(locale, 'wishlist.removeFrom') })).toBeVisible();
    await wishlistButton(page, locale).click();
    const sidebar = wishlistSidebar(page, locale);
    await expect(sidebar).toBeVisible();
    await expect(
      sidebar.getByText(msg(locale, 'wishlist.totalItems_one', { count: 1 }), { exact: true }),
    ).toBeVisible();
    const item = sidebar.getByRole('listitem').filter({ hasText: product.name });
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('img')).toHaveCount(0); // decorative: the name is next to it
    const image = item.locator('img');
    await expect(image).toHaveAttribute('width', '120');
    await expect(image).toHaveAttribute('height', '120');
    const details = item.getByRole('link', { name: msg(locale, 'wishlist.viewDetails') });
    await expect(details).toHaveAttribute('href', `/en/p/${product.id}/${product.sku}`);
    await expect(details).toHaveAccessibleDescription(product.name);

    // The sku link leads to the product page itself.
    await details.click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(product.path)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
    await waitForIslands(page);

    await wishlistButton(page, locale).click();
    await expect(wishlistSidebar(page, locale)).toBeVisible();
    await wishlistSidebar(page, locale)
      .getByRole('button', { name: msg(locale, 'wishlist.remove') })
      .click();
    await expect(wishlistSidebar(page, locale).getByText(msg(locale, 'wishlist.empty'))).toBeVisible();
    await expect(
      wishlistSidebar(page, locale).getByText(msg(locale, 'wishlist.totalItems_other', { count: 0 }), { exact: true }),
    ).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), WISHLIST_STORAGE_KEY)).toBeNull();
    await wishlistSidebar(page, locale)
      .getByRole('button', { name: msg(locale, 'wishlist.startShopping') })
      .click();
    await expect(wishlistSidebar(page, locale)).toBeHidden();
    await expect(page.getByRole('button', { name: msg(locale, 'wishlist.add') })).toBeVisible();
  });

  test('an unknown product id is a 404 in the page language; a wrong slug goes to the product', async ({
    page,
    request,
  }) => {
    const product = await findProduct(request, P.available, 'en');
    const missing = await page.goto('/en/p/99999999/ASR-10003');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg('en', 'error.notFound.title'));
    // An old or mistyped slug of a product that exists is a moved page, not a missing one.
    const wrong = await request.get(`/en/p/${product.id}/NO-SUCH-SKU`, { maxRedirects: 0 });
    expect(wrong.status()).toBe(301);
    expect(new URL(wrong.headers()['location']!, 'http://x').pathname).toBe(product.path);
  });

  test('what a guest collected joins the account at login and shows on another device', async ({
    page,
    request,
    browser,
  }) => {
    const locale = 'en';
    const customer = await newCustomer(request);
    const [first, second] = await Promise.all([
      findProduct(request, P.limited, locale),
      findProduct(request, P.free, locale),
    ]);

    await addOnProductPage(page, first, locale);
    const modal = await logIn(page, locale, customer.email, customer.password);
    await expect(modal).toBeHidden();

    const other = await freshPage(browser);
    await open(other, '/en');
    await expect(await logIn(other, locale, customer.email, customer.password)).toBeHidden();
    await expect(wishlistButton(other, locale)).toHaveAccessibleName(`${msg(locale, 'header.wishlist')}, 1 item`);
    await wishlistButton(other, locale).click();
    await expect(wishlistSidebar(other, locale).getByText(first.name, { exact: true })).toBeVisible();

    // Signed in, changes go to the account: added on the second device, removed on the first.
    await addOnProductPage(other, second, locale);
    const accountSkus = async (p: Page) => {
      const list = await p.request.get('/api/wishlist?locale=en');
      return ((await list.json()) as { items: { product: { sku: string } }[] }).items.map((i) => i.product.sku);
    };
    await expect.poll(() => accountSkus(other)).toEqual([first.sku, second.sku]);
    await open(page, first.path);
    await expect(wishlistButton(page, locale)).toHaveAccessibleName(`${msg(locale, 'header.wishlist')}, 2 items`);
    await page.getByRole('button', { name: msg(locale, 'wishlist.removeFrom') }).click();
    await expect(page.getByRole('button', { name: msg(locale, 'wishlist.add') })).toBeVisible();
    await expect.poll(() => accountSkus(page)).toEqual([second.sku]);
    await open(other, '/en');
    await expect(wishlistButton(other, locale)).toHaveAccessibleName(`${msg(locale, 'header.wishlist')}, 1 item`);
    await other.context().close();
  });

  test('has no accessibility violations when the sidebar is open', async ({ page, request }) => {
    const product = await findProduct(request, P.specialPrice, 'de');
    await addOnProductPage(page, product, 'de');
    await wishlistButton(page, 'de').click();
    await expect(wishlistSidebar(page, 'de')).toBeVisible();
    await expect(wishlistSidebar(page, 'de').getByRole('button', { name: msg('de', 'wishlist.close') })).toBeFocused();
    await expectNoA11yViolations(page);
  });
});
