// Ordering on behalf in the browser (issue 36, item 4; docs/accounts.md), in de and en: a sales user
// finds a company's user in the workspace, opens their session, sees the banner on a cached page and
// in the checkout, places the order on invoice, and ends the session with the banner's button. The
// audit log then holds the start, the order and the end under both names, and none of the reads. The
// customer list passes axe and the Nu checker at desktop width and on a phone.
import { randomUUID } from 'node:crypto';
import { request, type APIRequestContext } from '@playwright/test';
import { BASE_URL, choose, expect, expectNoA11yViolations, localePath, msg, test } from './helpers.ts';
import { registerAndActivate, staffApi } from './accounts.ts';
import { htmlErrors } from './html-checker.ts';
import { checkoutCart, expectThankYou, open } from './checkout-flow.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { workspaceMessages } from '#lib/admin/workspace-messages.ts';
import type { AuditEntryRow } from '#lib/admin/moderation-contract.ts';

let admin: APIRequestContext;

test.beforeAll(async () => {
  admin = await staffApi('admin');
});
test.afterAll(() => admin?.dispose());

/** A new one-user company (its admin), registered and activated from a context of its own. */
async function newCompany(locale: 'de' | 'en') {
  const account = {
    email: `behalf-${randomUUID().slice(0, 8)}@example.com`,
    password: 'Im-Namen-2026!',
    firstName: 'Olga',
    lastName: `Ordner ${locale}`,
  };
  const own = await request.newContext({ baseURL: BASE_URL });
  try {
    await registerAndActivate(own, account, { locale });
  } finally {
    await own.dispose();
  }
  return account;
}

async function auditOf(email: string): Promise<AuditEntryRow[]> {
  const answer = await admin.get(`/api/admin/audit?${new URLSearchParams({ q: email })}`);
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { entries: AuditEntryRow[] }).entries.reverse();
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: a sales user orders on behalf of a company user with the banner shown, and ends it`, async ({
    page,
  }) => {
    test.slow();
    const t = workspaceMessages[locale];
    const customer = await newCompany(locale);
    const name = `${customer.firstName} ${customer.lastName}`;
    const { email, password } = DEMO_FIXTURES.staff.sales;
    const signedIn = await page.request.post('/api/admin/sign-in', { data: { email, password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);

    // The workspace's customer list, searched by the e-mail address, at both widths.
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/admin/customers?${new URLSearchParams({ lang: locale, q: customer.email })}`);
      await expect(page.getByRole('heading', { level: 1, name: t['customers.title'] })).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2);
      await expectNoSidewaysScroll(page, `customers ${locale} ${width}`);
      await expectNoA11yViolations(page);
    }
    const served = await (await page.request.get(page.url())).text();
    expect(await htmlErrors(new Map([[`customers ${locale}`, served]]))).toEqual([]);
    // A sales user's workspace is the customer list only.
    await expect(page.getByRole('navigation').getByRole('link', { name: t['nav.content'] })).toHaveCount(0);

    // Opening the session lands on the shop's home in the user's language, with the banner.
    await page.getByRole('button', { name: t['customers.actFor'].replace('{{name}}', name) }).click();
    await expect(page).toHaveURL(new RegExp(`${localePath(locale, '/')}$`));
    const banner = page.getByRole('status').filter({ hasText: `${name} (${customer.email})` });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      msg(locale, 'site.onBehalf', { who: `${name} (${customer.email})` }).slice(0, -1),
    );
    await expectNoA11yViolations(page);

    // The order, on invoice, in the user's name: the banner stays in the checkout.
    await checkoutCart(page.request, 3);
    await open(page, localePath(locale, '/checkout/payment'));
    await expect(banner).toBeVisible();
    await choose(page.getByRole('radio', { name: msg(locale, 'checkout.paymentMethod.invoice') }));
    await page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') }).click();
    await expectThankYou(page, locale);
    await expect(banner).toBeVisible();

    // One click ends it: back in the workspace, the shop signed out and without the banner.
    await banner.getByRole('button', { name: msg(locale, 'site.onBehalfEnd') }).click();
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await page.goto(localePath(locale, '/'));
    await expect(page.locator('.on-behalf-bar')).toBeHidden();
    expect((await page.request.post('/api/auth/me', { data: {} })).status()).toBe(401);

    // The audit log: the start, every state change (the order among them) and the end, under both names.
    const rows = await auditOf(customer.email);
    for (const row of rows) {
      expect(row.actor).toBe(`staff:${email}`);
      expect(row.target).toBe(`customer-user:${customer.email}`);
    }
    expect(rows[0]!.action).toBe('on-behalf.start');
    expect(rows.at(-1)!.action).toBe('on-behalf.end');
    const paths = rows.map((row) => (row.details as { path?: string }).path).filter(Boolean);
    expect(paths).toEqual(expect.arrayContaining(['/api/cart/add', '/api/orders/create']));
    // Reads (the price call, the cart, the session check) are no actions.
    expect(paths.filter((path) => /\/api\/(catalog|auth\/me)|\/api\/cart\/get/.test(path!))).toEqual([]);
    const order = rows.find((row) => (row.details as { path?: string }).path === '/api/orders/create');
    expect(order!.details).toMatchObject({ method: 'POST', status: 200 });
  });
}

test("an editor cannot open the customer list, and a customer's page shows no banner", async ({ page }) => {
  const { email, password } = DEMO_FIXTURES.staff.editor;
  expect((await page.request.post('/api/admin/sign-in', { data: { email, password } })).status()).toBe(200);
  const answer = await page.goto('/admin/customers?lang=en');
  expect(answer!.status()).toBe(403);
  await expect(page.getByText(workspaceMessages.en['page.forbidden'])).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { username: DEMO_FIXTURES.customers.normal.email, password: DEMO_FIXTURES.password },
  });
  expect(login.ok()).toBe(true);
  await open(page, localePath('en', '/'));
  await expect(page.locator('.on-behalf-bar')).toBeHidden();
});
