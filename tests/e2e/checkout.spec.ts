// The checkout as a shopper goes through it: the start page's choices, the
// guards, per-field validation, guest orders on invoice in English and German, a signed-in customer
// with saved addresses, an account created with the order, Stripe card and PayPal payments against the
// loopback fakes, and paying a cancelled order again on /pay/{order}.
import type { Page } from '@playwright/test';
import {
  absolute,
  BASE_URL,
  choose,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  test,
} from './helpers.ts';
import { openMailbox } from './mailbox.ts';
import { activationLink, registerAndActivate } from './accounts.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import {
  open,
  addToCart,
  fillAddress,
  chooseShippingMethod,
  guestToBilling,
  guestToPayment,
  expectThankYou,
} from './checkout-flow.ts';

/** The terms the order accepts, linked right above 'Place order' (opening in a new tab, so the checkout stays). */
async function expectTermsNotice(page: Page, locale: 'de' | 'en') {
  const [before] = msg(locale, 'checkout.termsNotice').split('{{link}}');
  const notice = page.getByText(before!.trim());
  await expect(notice).toBeVisible();
  const link = notice.getByRole('link', {
    name: `${msg(locale, 'checkout.termsLink')} ${msg(locale, 'checkout.newTab')}`,
  });
  await expect(link).toHaveAttribute('href', localePath(locale, locale === 'de' ? '/i/agb' : '/i/terms'));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  const button = page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') });
  const [above, below] = await Promise.all([notice.boundingBox(), button.boundingBox()]);
  expect(above!.y + above!.height).toBeLessThanOrEqual(below!.y);
  expect(below!.y - (above!.y + above!.height)).toBeLessThan(40);
}

test.describe('checkout', () => {
  test('an empty cart on /checkout says so and leads back to shopping', async ({ page }) => {
    await open(page, localePath('en', '/checkout'));
    await expect(page.getByRole('heading', { level: 1, name: msg('en', 'route.Checkout') })).toBeVisible();
    await expect(page.getByText(msg('en', 'cart.empty'))).toBeVisible();
    await expect(page.getByRole('link', { name: msg('en', 'cart.goBackShopping') })).toHaveAttribute('href', '/en');
  });

  test('guards: steps without a cart go home, billing and payment before shipping go to the start', async ({
    page,
  }) => {
    await page.goto(localePath('de', '/checkout/shipping'));
    await expect(page).toHaveURL(/\/$/);
    await addToCart(page, 1);
    for (const step of ['billing', 'payment'] as const) {
      await page.goto(localePath('en', `/checkout/${step}`));
      await expect(page).toHaveURL(/\/en\/checkout$/);
    }
  });

  test('a guest chooses between login and guest checkout; after logging in there the checkout goes on', async ({
    page,
    request,
  }) => {
    // A customer of its own: a shared demo account's cart holds whatever other specs put there.
    const customer = { email: `start-${Date.now()}-${process.pid}@example.com`, password: DEMO_FIXTURES.password };
    await registerAndActivate(request, { ...customer, firstName: 'Erika', lastName: 'Start' });
    await addToCart(page, 1);
    await open(page, localePath('de', '/checkout'));
    await expect(page.getByText(msg('de', 'checkout.start.registerNote'))).toBeVisible();
    await expect(page.getByRole('link', { name: msg('de', 'checkout.start.guest') })).toHaveAttribute(
      'href',
      '/checkout/shipping',
    );
    await page
      .getByRole('main')
      .getByRole('button', { name: msg('de', 'checkout.start.login') })
      .click();
    const modal = page.getByRole('dialog', { name: msg('de', 'auth.loginTitle') });
    await modal.getByLabel(msg('de', 'auth.username')).fill(customer.email);
    await modal.getByLabel(msg('de', 'auth.password'), { exact: true }).fill(customer.password);
    await modal.getByRole('button', { name: msg('de', 'auth.login'), exact: true }).click();
    // Signed in on the start page: on to the first open step, with the guest's cart.
    await expect(page).toHaveURL(/\/checkout\/shipping$/);
    await expect(page.getByRole('region', { name: msg('de', 'checkout.summary') }).getByRole('listitem')).toHaveCount(
      1,
    );
  });

  test('a step is server HTML until the shopper reaches for it; an address typed and saved while it loads is stored as typed', async ({
    page,
  }) => {
    await addToCart(page, 1);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(localePath('en', '/checkout/shipping'));
    await page.waitForLoadState('networkidle');
    // Before any intent: the form is there, React is not (no island of the step has loaded).
    const step = page
      .locator('astro-island[ssr]')
      .filter({ has: page.getByRole('form', { name: msg('en', 'checkout.shippingAddress') }) });
    await expect(step).toHaveCount(1);
    expect(scripts.filter((url) => /ShippingStep|react-dom|client\.[\w-]+\.js/.test(url))).toEqual([]);
    // Typed key by key from the first focus on, and saved at once: the island hydrates in between.
    await page.getByLabel(msg('en', 'checkout.address.firstName')).pressSequentially('Erika', { delay: 20 });
    await page.getByLabel(msg('en', 'checkout.address.lastName')).pressSequentially('Mustermann', { delay: 20 });
    await page.getByLabel(new RegExp(`^${msg('en', 'checkout.address.street')}`)).fill('Hauptstraße 5');
    await page.getByLabel(msg('en', 'checkout.address.postalCode')).fill('10115');
    await page.getByLabel(msg('en', 'checkout.address.city')).fill('Berlin');
    await page.getByRole('button', { name: msg('en', 'checkout.saveAddress') }).click();
    await expect(page.getByRole('group', { name: msg('en', 'checkout.shippingMethod') })).toBeVisible();
    await expect(page.locator('main')).toContainText('Erika Mustermann');
    const cart = (await (await page.request.post('/api/cart/get', { data: {} })).json()) as {
      cart: { shippingAddress: Record<string, string> };
    };
    expect(cart.cart.shippingAddress).toMatchObject({
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Hauptstraße 5',
      postalCode: '10115',
      city: 'Berlin',
    });
  });

  test('de: the summary follows the shipping choice at once, before the next step', async ({ page }) => {
    // Two pieces at 188.99 net: standard shipping is free from 250, express costs 14.95 net.
    await addToCart(page, 2);
    await open(page, localePath('de', '/checkout/shipping'));
    await fillAddress(page, 'de');
    await page.getByRole('button', { name: msg('de', 'checkout.saveAddress') }).click();
    const methods = page.getByRole('group', { name: msg('de', 'checkout.shippingMethod') });
    const summary = page.getByRole('region', { name: msg('de', 'checkout.summary') });
    const shippingRow = summary.locator('.cart-totals-shipping');
    const euros = (cents: number) =>
      new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    await choose(methods.getByRole('radio', { name: /Express/ }));
    await expect(shippingRow).toContainText(euros(1495));
    await expect(summary).not.toContainText(msg('de', 'cart.plusShipping'));
    await choose(methods.getByRole('radio', { name: /Standard/ }));
    await expect(shippingRow).toContainText(msg('de', 'price.free'));
    await expect(page).toHaveURL(new RegExp(`${localePath('de', '/checkout/shipping')}$`));
    // The last pick is what the cart keeps.
    await page.reload();
    await expect(summary.locator('.cart-totals-shipping')).toContainText(msg('de', 'price.free'));
  });

  test('en: the country a guest shipped to is where the next checkout starts (the country cookie)', async ({
    page,
  }) => {
    await addToCart(page, 1);
    await open(page, localePath('en', '/checkout/shipping'));
    const country = page.getByLabel(msg('en', 'checkout.address.country'));
    await expect(country).toHaveValue('DE');
    await fillAddress(page, 'en');
    await country.selectOption('AT');
    await page.getByRole('button', { name: msg('en', 'checkout.saveAddress') }).click();
    await expect(page.getByRole('group', { name: msg('en', 'checkout.shippingMethod') })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'vsf-country');
    expect(cookie?.value).toBe('AT');
    // A year, as the spec keeps the currency and country cookies.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 86_400_000);

    // Another cart in the same browser: the form starts from Austria.
    await page.context().clearCookies({ name: 'vsf-cart' });
    await addToCart(page, 1);
    await open(page, localePath('en', '/checkout/shipping'));
    await expect(page.getByLabel(msg('en', 'checkout.address.country'))).toHaveValue('AT');
  });

  test('the address form names each invalid field and focuses the first one', async ({ page }) => {
    await addToCart(page, 1);
    await open(page, localePath('en', '/checkout/shipping'));
    await page.getByRole('button', { name: msg('en', 'checkout.saveAddress') }).click();
    const firstName = page.getByLabel(msg('en', 'checkout.address.firstName'));
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(msg('en', 'checkout.validation.required'));
    await expect(page.getByText(msg('en', 'checkout.formErrors'))).toBeVisible();
    await page.getByLabel(msg('en', 'checkout.address.postalCode')).fill('!!');
    await page.getByRole('button', { name: msg('en', 'checkout.saveAddress') }).click();
    await expect(page.getByLabel(msg('en', 'checkout.address.postalCode'))).toHaveAccessibleDescription(
      msg('en', 'checkout.validation.invalidPostalCode'),
    );
    await expectNoA11yViolations(page);
  });

  for (const locale of ['en', 'de'] as const) {
    test(`${locale}: a guest orders on invoice from an empty browser to the thank-you page`, async ({ page }) => {
      // The whole journey plus three accessibility scans takes 20-29 s on a 2-core machine, too near the
      // 30 s default; a slow test gets three times as long, its assertions stay the same.
      test.slow();
      await guestToPayment(page, locale, 'erika@example.com');
      await expect(page.getByRole('region', { name: msg(locale, 'checkout.summary') })).toContainText(
        msg(locale, 'checkout.totals.shipping'),
      );
      await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
      await page.getByLabel(msg(locale, 'checkout.orderReference')).fill('PO-4711');
      await expectTermsNotice(page, locale);
      await expectNoA11yViolations(page);
      await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).dblclick();

      await expectThankYou(page, locale);
      await expect(page.getByText('PO-4711')).toBeVisible();
      await expectNoA11yViolations(page);
      await expect(page.getByText(msg(locale, 'checkout.paymentMethod.invoice')).first()).toBeVisible();
      await expect(page.getByRole('link', { name: msg(locale, 'checkout.viewOrder') })).toHaveCount(0);
      // One order for the double click, and the cart is gone.
      const cart = (await (await page.request.post('/api/cart/get', { data: {} })).json()) as { cart: unknown };
      expect(cart.cart).toBeNull();
      await page.getByLabel(msg(locale, 'checkout.feedback')).fill('Quick and easy.');
      await page.getByRole('button', { name: msg(locale, 'checkout.feedbackSend') }).click();
      await expect(page.getByText(msg(locale, 'checkout.feedbackThanks'))).toBeVisible();
    });
  }

  test("en: a guest order opens with the confirmation mail's link on another device, never by its id alone", async ({
    page,
    browser,
  }) => {
    test.slow();
    const locale = 'en';
    const email = `mail-link-${Date.now()}@example.com`;
    const mailbox = await openMailbox();
    const other = await browser.newContext({ baseURL: BASE_URL });
    try {
      await guestToPayment(page, locale, email);
      await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
      await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
      await expectThankYou(page, locale);
      const path = new URL(page.url()).pathname;
      const orderId = path.split('/').pop()!;
      // The placing browser holds the order's secret in a cookie no script can read.
      const cookie = (await page.context().cookies()).find((c) => c.name === 'vsf-order-access');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toContain(orderId);

      // Another browser with the id only: the 404 page, and the API's answer for a made-up id.
      expect((await other.request.get(path)).status()).toBe(404);
      const refused = await other.request.post('/api/orders/get', { data: { id: orderId } });
      expect([refused.status(), await refused.json()]).toEqual([
        404,
        { code: 'ORDER_NOT_FOUND', message: 'There is no such order.', status: 404 },
      ]);

      // The mailed link: the page takes the secret into a cookie and sends the browser on without it.
      // It opens the guest's order page (status and documents), not the thank-you page again.
      const mail = await mailbox.waitFor(email, /\/order\//);
      const link = new URL(/https?:\/\/\S+\/order\/\S+/.exec(mail.text)![0]);
      const orderPath = localePath(locale, `/order/${orderId}`);
      expect(link.pathname).toBe(orderPath);
      expect(link.searchParams.get('access')).toMatch(/^[\w-]{43}$/);
      const tab = await other.newPage();
      const opened = await tab.goto(`${link.pathname}${link.search}`);
      expect(opened?.request().redirectedFrom()?.url()).toContain('access=');
      expect(tab.url()).toBe(absolute(orderPath));
      await expect(tab.getByRole('heading', { name: msg(locale, 'order.status.heading') })).toBeVisible();
      await expect(tab.getByText(msg(locale, 'checkout.order.number'))).toBeVisible();
      // The cookie the link set opens the thank-you page in that browser too.
      expect((await tab.goto(path))?.status()).toBe(200);
    } finally {
      await other.close();
      await mailbox.close();
    }
  });

  test('en: a cart changed elsewhere is refused with the outdated text, then ordered as it is now', async ({
    page,
  }) => {
    const locale = 'en';
    await guestToPayment(page, locale, 'changed@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    await addToCart(page, 1); // another tab adds a piece
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expect(page.getByText(msg(locale, 'cart.outdated'))).toBeVisible();
    const summary = page.getByRole('region', { name: msg(locale, 'checkout.summary') });
    await expect(summary).toContainText(msg(locale, 'checkout.lineQuantity', { count: 3 }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expectThankYou(page, locale);
    await expect(page.getByRole('region', { name: msg(locale, 'checkout.summary') })).toContainText(
      msg(locale, 'checkout.lineQuantity', { count: 3 }),
    );
  });

  test('en: an answer lost on the way back is retried with the same key and gives the same order', async ({ page }) => {
    const locale = 'en';
    await guestToPayment(page, locale, 'retry@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    let firstOrderId = '';
    await page.route(
      '**/api/orders/create',
      async (route) => {
        // The server creates the order, but the browser never hears of it.
        const response = await route.fetch();
        firstOrderId = ((await response.json()) as { order: { id: string } }).order.id;
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expect(page.getByText(msg(locale, 'server.NETWORK_ERROR'))).toBeVisible();
    expect(firstOrderId).not.toBe('');
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expectThankYou(page, locale);
    expect(new URL(page.url()).pathname.endsWith(firstOrderId)).toBe(true);
  });

  test('a signed-in customer checks out with saved addresses and finds the order in the account', async ({ page }) => {
    const locale = 'en';
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.normal.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok(), 'login').toBe(true);
    await addToCart(page, 1);
    // Signed in: the start page sends the customer on to the first open step.
    await open(page, localePath(locale, '/checkout'));
    await expect(page).toHaveURL(/\/en\/checkout\/shipping$/);
    const saved = page.getByRole('group', { name: msg(locale, 'checkout.savedAddresses') });
    await expect(saved.getByRole('radio', { name: /Lagerweg 5/ })).toBeChecked();
    await page.getByRole('button', { name: msg(locale, 'checkout.saveAddress') }).click();
    await chooseShippingMethod(page, locale);

    await expect(page).toHaveURL(/\/en\/checkout\/billing$/);
    await open(page, page.url());
    await page.getByLabel(msg(locale, 'checkout.sameAsShipping')).uncheck();
    await choose(
      page
        .getByRole('group', { name: msg(locale, 'checkout.savedAddresses') })
        .getByRole('radio', { name: /Hauptstraße 1/ }),
    );
    await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();

    await expect(page).toHaveURL(/\/en\/checkout\/payment$/);
    await open(page, page.url());
    const review = page.getByRole('region', { name: msg(locale, 'checkout.review') });
    await expect(review).toContainText('Lagerweg 5');
    await expect(review).toContainText('Hauptstraße 1');
    // The stored method by its name in the page's language, rendered with the page (the cart stores its code).
    await expect(review).toContainText('Standard shipping');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expectThankYou(page, locale);
    await expect(page.getByRole('link', { name: msg(locale, 'checkout.viewOrder') })).toHaveAttribute(
      'href',
      '/en/my-account/order-history',
    );
  });

  test('de: a guest creates an account with the order', async ({ page }) => {
    // A whole guest checkout plus an account (Argon2 hashing, welcome mail): 25-31 s on a loaded 2-core runner.
    test.slow();
    const locale = 'de';
    await guestToBilling(page, locale);
    const email = `neu-${Date.now()}@example.com`;
    await page.getByLabel(msg(locale, 'checkout.address.email')).fill(email);
    await choose(page.getByLabel(msg(locale, 'checkout.createAccount')));
    const password = page.getByLabel(msg(locale, 'checkout.password'));
    await password.fill('kurz');
    await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);
    // A password from the breached list: the server refuses it, shown beside the field.
    await password.fill('hallo123');
    await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();
    await expect(password).toHaveAccessibleDescription(
      new RegExp(escapeRegExp(msg(locale, 'validation.passwordTooCommon'))),
    );
    await password.fill('Ein-gutes-Passwort-1');
    await page.getByRole('button', { name: msg(locale, 'checkout.continueToPayment') }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);
    await open(page, page.url());
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    // Opened before the order: the activation mail goes out with it, and a mailbox sees only later mail.
    const mailbox = await openMailbox();
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expectThankYou(page, locale);
    // A guest order until the account is activated from the mail; then it is the account's.
    try {
      const link = await activationLink(mailbox, email);
      await page.goto(`${link.pathname}${link.search}`);
    } finally {
      await mailbox.close();
    }
    // The same rule as a registration: the password chosen in the checkout activates the account.
    await page.getByLabel(msg(locale, 'registration.activate.password'), { exact: true }).fill('Ein-gutes-Passwort-1');
    await page.getByRole('button', { name: msg(locale, 'registration.activate.submit') }).click();
    await expect(page.getByRole('status')).toHaveText(msg(locale, 'registration.activate.done'));
    await open(page, localePath(locale, '/my-account/order-history'));
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
  });

  test('en: card payment through Stripe Elements, a declined card first', async ({ page }) => {
    const locale = 'en';
    await guestToPayment(page, locale, 'card@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.stripe') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    const form = page.getByRole('group', { name: msg(locale, 'checkout.paymentDetails') });
    await form.getByLabel('Card number').fill('4000 0000 0000 0002');
    await form.getByLabel('Expiration date').fill('12 / 34');
    await form.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: msg(locale, 'checkout.payNow') }).click();
    await expect(page.getByText('Your card was declined.').first()).toBeVisible();
    await form.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: msg(locale, 'checkout.payNow') }).click();
    await expectThankYou(page, locale);
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.paid'))).toBeVisible();
    // A paid order offers no payment any more.
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await open(page, localePath(locale, `/pay/${orderId}`));
    await expect(page.getByText(msg(locale, 'pay.alreadyPaid'))).toBeVisible();
    await expect(page.getByRole('button', { name: msg(locale, 'checkout.payNow') })).toHaveCount(0);
  });

  test('de: SEPA direct debit stays awaiting payment on the thank-you page', async ({ page }) => {
    const locale = 'de';
    await guestToPayment(page, locale, 'sepa@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.stripe-debit') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    const form = page.getByRole('group', { name: msg(locale, 'checkout.paymentDetails') });
    await form.getByLabel('Vollständiger Name').fill('Erika Mustermann');
    await form.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
    await page.getByRole('button', { name: msg(locale, 'checkout.payNow') }).click();
    await expectThankYou(page, locale);
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.awaiting'))).toBeVisible();
  });

  test('de: PayPal approval on the provider page, then the thank-you page', async ({ page }) => {
    const locale = 'de';
    await guestToPayment(page, locale, 'paypal@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.paypal') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expect(page).toHaveTitle(/PayPal/);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await expectThankYou(page, locale);
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.paid'))).toBeVisible();
  });

  test('en: a cancelled PayPal payment can be paid again on /pay/{order}', async ({ page }) => {
    const locale = 'en';
    await guestToPayment(page, locale, 'later@example.com');
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.paypal') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(msg(locale, 'checkout.paymentCancelled'))).toBeVisible();
    await page.getByRole('link', { name: msg(locale, 'checkout.tryAgain') }).click();
    await expect(page).toHaveURL(/\/en\/pay\/[0-9a-f-]{36}$/);
    await open(page, page.url());
    await expect(page.getByText(msg(locale, 'checkout.paymentStatus.open'))).toBeVisible();
    await expectNoA11yViolations(page);
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.payNow') }).click();
    await expect(page).toHaveURL(/\/en\/order-payment\/[0-9a-f-]{36}\/awaiting$/, { timeout: 20_000 });
    // The order's own state decides the text: an invoice is still open, nothing was paid yet.
    await expect(page.getByText(msg(locale, 'pay.result.invoice'))).toBeVisible();
  });
});
