// Payment on account in the browser (docs/accounts.md, "Credit limit"), in de and en: a company whose
// credit limit the merchant set by import orders on invoice once; the second invoice order would pass the
// limit, and the payment step says so naming the limit, the open balance and the order's total. The
// company's admin finds the figures above the order history, at desktop width and on a phone.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { LOCALE_TAGS, choose, expect, expectNoA11yViolations, localePath, msg, test, type Locale } from './helpers.ts';
import { registerAndActivate, staffApi } from './accounts.ts';
import { htmlErrors } from './html-checker.ts';
import { checkoutCart, open } from './checkout-flow.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';

/** What the merchant lets each new company owe on invoice here: room for one order of one piece, not two. */
const LIMIT_CENTS = 30_000;

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await staffApi('admin');
});
test.afterAll(() => admin?.dispose());

/** The merchant's customer import (JSON Lines) gives the customer a credit limit. */
async function importCreditLimit(customer: {
  customernum: string;
  email: string;
  firstName: string;
  lastName: string;
}) {
  const record = { kind: 'customer', ...customer, creditLimitCents: LIMIT_CENTS };
  const started = await admin.post('/api/admin/imports?name=customers.jsonl', {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from(`${JSON.stringify(record)}\n`),
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await admin.get(`/api/admin/imports/${id}`)).json()) as { status: string }).status)
    .not.toBe('running');
  const result = (await (await admin.get(`/api/admin/imports/${id}`)).json()) as { status: string; report: unknown[] };
  expect(result, JSON.stringify(result)).toMatchObject({ status: 'done', report: [] });
}

const money = (locale: Locale, cents: number) =>
  new Intl.NumberFormat(LOCALE_TAGS[locale], { style: 'currency', currency: 'EUR' }).format(cents / 100);

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: an invoice order beyond the credit limit is refused naming limit and balance; the admin sees the credit`, async ({
    page,
  }) => {
    test.slow();
    const account = {
      email: `credit-${randomUUID().slice(0, 8)}@example.com`,
      password: 'Kredit-Limit-2026!',
      firstName: 'Karla',
      lastName: 'Kredit',
    };
    await registerAndActivate(page.request, account, { locale });
    const { profile } = (await (await page.request.get('/api/account/profile')).json()) as {
      profile: { customernum: string };
    };
    const { password: _, ...names } = account;
    await importCreditLimit({ customernum: profile.customernum, ...names });

    // The first invoice order fits under the limit.
    const first: Cart = await checkoutCart(page.request, 3);
    const placed = await page.request.post('/api/orders/create', {
      data: {
        idempotencyKey: randomUUID(),
        cartId: first.id,
        cart: { version: first.version, pricesHash: first.pricesHash },
        paymentMethodCode: 'invoice',
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const owedCents = Math.round(first.totals!.grandTotalIncTax * 100);
    expect(owedCents).toBeLessThan(LIMIT_CENTS);
    expect(owedCents * 2).toBeGreaterThan(LIMIT_CENTS);

    // The second one, in the browser, would pass it.
    await checkoutCart(page.request, 3);
    await open(page, localePath(locale, '/checkout/payment'));
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    const alert = page.getByRole('alert').filter({ hasText: money(locale, LIMIT_CENTS) });
    await expect(alert).toBeVisible();
    await expect(alert).toHaveText(
      msg(locale, 'checkout.error.CREDIT_LIMIT_EXCEEDED', {
        total: money(locale, owedCents),
        limit: money(locale, LIMIT_CENTS),
        balance: money(locale, owedCents),
      }),
    );
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/checkout/payment')}$`));

    // The company's admin (a customer of one user is its admin) sees the figures above the order history.
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await open(page, localePath(locale, '/my-account/order-history'));
      const panel = page.getByRole('region', { name: msg(locale, 'account.credit.heading') });
      await expect(panel).toContainText(`${msg(locale, 'account.credit.limit')}${money(locale, LIMIT_CENTS)}`);
      await expect(panel).toContainText(`${msg(locale, 'account.credit.balance')}${money(locale, owedCents)}`);
      await expect(panel).toContainText(
        `${msg(locale, 'account.credit.available')}${money(locale, LIMIT_CENTS - owedCents)}`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
    await expectNoA11yViolations(page);
    // The document as the server sent it, not as the islands changed it.
    const served = await (await page.request.get(page.url())).text();
    expect(await htmlErrors(new Map([[`order history ${locale}`, served]]))).toEqual([]);
  });
}

test('a buyer of a company does not see its credit', async ({ page }) => {
  const { email } = DEMO_FIXTURES.acmeUsers.foreman1;
  const login = await page.request.post('/api/auth/login', {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(login.ok(), 'login').toBe(true);
  await open(page, localePath('en', '/my-account/order-history'));
  await expect(page.getByRole('heading', { name: msg('en', 'account.OrderHistory') })).toBeVisible();
  await expect(page.getByRole('region', { name: msg('en', 'account.credit.heading') })).toHaveCount(0);
});
