// The order approval journey, for the desktop and phone specs: foreman1 (a buyer with an order limit of
// 500 EUR) orders over it and is told the order waits; the approver follows the mail's link to the
// Approvals page and approves it, and the order goes through; a second order is rejected with a reason,
// which the buyer's order page shows. axe and the Nu checker on the Approvals page. The acme company has
// one cart for all its users until carts are per user, so the journeys run one at a time (serial).
import type { Browser, Page } from '@playwright/test';
import { absolute, expect, expectNoA11yViolations, localePath, msg, type Locale } from './helpers.ts';
import { API_ADDRESS, SKU } from './checkout-flow.ts';
import { htmlErrors } from './html-checker.ts';
import { openMailbox } from './mailbox.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const U = DEMO_FIXTURES.acmeUsers;

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  const response = await page.request.post(absolute('/api/auth/login'), {
    data: { username: email, password: DEMO_FIXTURES.password },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** foreman1 orders four pieces on invoice (over 500 EUR) through the API; answers the order's id and number. */
async function orderOverLimit(page: Page, locale: Locale): Promise<{ id: string; number: string }> {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(absolute(path), { data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as { cart: { id: string; version: number; pricesHash: string } };
  };
  let { cart } = await post('/api/cart/add', { sku: SKU, quantity: 4 });
  for (const change of [
    { shippingAddress: API_ADDRESS },
    { shippingMethod: { methodCode: 'standard' } },
    { billingAddress: { ...API_ADDRESS, email: U.foreman1.email } },
  ])
    ({ cart } = await post('/api/checkout/update', { version: cart.version, ...change }));
  const created = (await post('/api/orders/create', {
    idempotencyKey: crypto.randomUUID(),
    cartId: cart.id,
    cart: { version: cart.version, pricesHash: cart.pricesHash },
    paymentMethodCode: 'invoice',
    locale,
  })) as unknown as { order: { id: string; transactionnum: string; status: string } };
  expect(created.order.status).toBe('awaiting_approval');
  return { id: created.order.id, number: created.order.transactionnum };
}

export async function approvalJourney(browser: Browser, locale: Locale, viewport: { width: number; height: number }) {
  const mailbox = await openMailbox();
  try {
    const buyer = await signedIn(browser, U.foreman1.email, viewport);
    const first = await orderOverLimit(buyer, locale);
    // The buyer is told it waits.
    await buyer.goto(absolute(localePath(locale, `/checkout/thank-you/${first.id}`)));
    await expect(buyer.getByRole('status').first()).toHaveText(msg(locale, 'checkout.order.awaitingApprovalNote'));

    // The approver opens the Approvals page from the mail's link.
    const mail = await mailbox.waitFor(U.approver.email, new RegExp(first.number));
    const link = /https?:\/\/\S+\/my-account\/approvals/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();
    const approver = await signedIn(browser, U.approver.email, viewport);
    // The mail is in the company's language (German for acme): another language's approver opens the same page in theirs.
    const mailed = new URL(link!).pathname;
    expect(mailed).toBe(localePath('de', '/my-account/approvals'));
    await approver.goto(absolute(locale === 'de' ? mailed : localePath(locale, '/my-account/approvals')));
    const table = approver.getByRole('table', { name: msg(locale, 'account.Approvals') });
    const row = table.getByRole('row').filter({ hasText: first.number });
    await expect(row).toContainText(msg(locale, 'approvals.reason.orderLimit'));
    await expectNoA11yViolations(approver);
    const html = await (await approver.request.get(approver.url())).text();
    expect(await htmlErrors(new Map([[`approvals ${locale}`, html]]))).toEqual([]);
    await row.getByRole('button', { name: msg(locale, 'approvals.approve') }).click();
    await expect(approver.getByRole('status').first()).toHaveText(
      msg(locale, 'approvals.done.approved', { number: first.number }),
    );

    // The order went through: the buyer's order page no longer says it waits.
    await buyer.goto(absolute(localePath(locale, `/my-account/order-history/${first.id}`)));
    await expect(buyer.getByText(msg(locale, 'checkout.orderStatus.awaiting_approval'))).toHaveCount(0);
    await mailbox.waitFor(U.foreman1.email, new RegExp(first.number));

    // A rejected order tells the buyer why.
    const second = await orderOverLimit(buyer, locale);
    await approver.goto(absolute(localePath(locale, '/my-account/approvals')));
    const secondRow = table.getByRole('row').filter({ hasText: second.number });
    await secondRow.getByLabel(msg(locale, 'approvals.comment')).fill(`Framework contract, ${locale}`);
    await secondRow.getByRole('button', { name: msg(locale, 'approvals.reject') }).click();
    await expect(approver.getByRole('status').first()).toHaveText(
      msg(locale, 'approvals.done.rejected', { number: second.number }),
    );
    await buyer.goto(absolute(localePath(locale, `/my-account/order-history/${second.id}`)));
    await expect(buyer.getByText(`Framework contract, ${locale}`)).toBeVisible();
    await buyer.close();
    await approver.close();
  } finally {
    await mailbox.close();
  }
}

/**
 * The company admin (buyer@acme) sets foreman2's order limit on the budgets page: a negative amount and
 * one that is no number are refused beside the field, a valid one is saved; axe and the Nu checker.
 */
export async function budgetsJourney(browser: Browser, locale: Locale, viewport: { width: number; height: number }) {
  const admin = await signedIn(browser, DEMO_FIXTURES.customers.acme.email, viewport);
  await admin.goto(absolute(localePath(locale, '/my-account/company-budgets')));
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(msg(locale, 'account.CompanyBudgets'));
  const section = admin.getByRole('region', { name: new RegExp(U.foreman2.email.replace('.', '\\.')) });
  const limit = section.getByLabel(msg(locale, 'budgets.orderLimit'));
  for (const [typed, code] of [
    ['-5', 'BUDGET_NEGATIVE'],
    ['abc', 'BUDGET_NOT_A_NUMBER'],
  ] as const) {
    await limit.fill(typed);
    await section.getByRole('button', { name: msg(locale, 'budgets.save') }).click();
    await expect(section.getByText(msg(locale, `budgets.error.${code}`))).toBeVisible();
    await expect(section.getByLabel(msg(locale, 'budgets.orderLimit'))).toHaveValue(typed);
    await expect(section.getByLabel(msg(locale, 'budgets.orderLimit'))).toHaveAttribute('aria-invalid', 'true');
  }
  await expectNoA11yViolations(admin);
  await section.getByLabel(msg(locale, 'budgets.orderLimit')).fill('250');
  await section.getByRole('button', { name: msg(locale, 'budgets.save') }).click();
  await expect(admin.getByRole('status').first()).toHaveText(msg(locale, 'budgets.done'));
  await expect(section.getByLabel(msg(locale, 'budgets.orderLimit'))).toHaveValue('250.00');
  const html = await (await admin.request.get(admin.url())).text();
  expect(await htmlErrors(new Map([[`budgets ${locale}`, html]]))).toEqual([]);
  await section.getByLabel(msg(locale, 'budgets.orderLimit')).fill('');
  await section.getByRole('button', { name: msg(locale, 'budgets.save') }).click();
  await expect(admin.getByRole('status').first()).toHaveText(msg(locale, 'budgets.done'));
  await admin.close();
}
