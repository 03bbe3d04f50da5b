// Recurring orders in the browser (issue 37, item 5), in de and en, as acme's buyer (its admin): a past
// order is made recurring from its page with the plain form; the "Recurring orders" page, reached from
// the account navigation, shows it; it is paused and its timing changed there. Both pages pass axe and
// the Nu checker, and nothing scrolls sideways at 390 and 1366 px.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';
import { checkoutCart } from './checkout-flow.ts';
import { htmlErrors } from './html-checker.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { addDays, dayOf } from '#lib/scheduled-reorders/rules.ts';

const REORDERS = '/my-account/reorders';

/** An invoice order of the signed-in buyer, placed through the shop's API as the checkout places it. */
async function pastOrder(page: Page): Promise<{ id: string; transactionnum: string }> {
  const cart = await checkoutCart(page.request, 3);
  const response = await page.request.post('/api/orders/create', {
    data: {
      idempotencyKey: randomUUID(),
      cartId: cart.id,
      cart: { version: cart.version, pricesHash: cart.pricesHash },
      paymentMethodCode: 'invoice',
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { order: { id: string; transactionnum: string } }).order;
}

async function checkLayout(page: Page, label: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page, `${label} ${width}`);
  }
  await expectNoA11yViolations(page);
}

/** The value a definition list shows for a term. */
const fact = (article: Locator, term: string) =>
  article
    .locator('.reorder-facts > div')
    .filter({ has: article.page().getByText(term, { exact: true }) })
    .locator('dd');

for (const locale of ['de', 'en'] as const satisfies readonly Locale[]) {
  test(`${locale}: a buyer makes a past order recurring, finds it on the reorders page, pauses and changes it`, async ({
    page,
  }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    const order = await pastOrder(page);
    const today = dayOf(new Date());
    const orderPath = localePath(locale, `/my-account/order-history/${order.id}`);

    // On the order's page: every 2 weeks from in ten days, with the keyboard's Enter in the last field.
    await open(page, orderPath);
    const make = page.getByRole('region', { name: msg(locale, 'reorders.make.title') });
    await make.getByLabel(msg(locale, 'reorders.intervalWeeks')).fill('2');
    await make.getByLabel(msg(locale, 'reorders.nextDate')).fill(addDays(today, 10));
    await checkLayout(page, `order page ${locale}`);
    const orderHtml = await page.content();
    await make.getByRole('button', { name: msg(locale, 'reorders.make.submit') }).click();

    const path = localePath(locale, REORDERS);
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=created$`));
    await expect(page.locator('.reorders-status')).toContainText(msg(locale, 'reorders.done.created'));
    const title = msg(locale, 'reorders.title', { number: order.transactionnum });
    const article = page.locator('article.reorder').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(article).toHaveCount(1);
    await expect(fact(article, msg(locale, 'reorders.status'))).toHaveText(msg(locale, 'reorders.status.active'));
    await expect(fact(article, msg(locale, 'reorders.interval'))).toHaveText(
      msg(locale, 'reorders.everyWeeks', { weeks: 2 }),
    );
    await expect(article.locator('table tbody tr')).toHaveCount(1);
    const scheduleId = await article.getAttribute('data-schedule');

    // The account navigation leads here too.
    await open(page, localePath(locale, '/my-account/my-profile'));
    await page
      .getByRole('navigation', { name: msg(locale, 'route.MyAccount') })
      .getByRole('link', { name: msg(locale, 'account.Reorders'), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));

    // Paused with its own button.
    await article.getByRole('button', { name: `${msg(locale, 'reorders.pause')} ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=paused$`));
    await expect(fact(article, msg(locale, 'reorders.status'))).toHaveText(msg(locale, 'reorders.status.paused'));
    await expect(article.getByRole('button', { name: `${msg(locale, 'reorders.resume')} ${title}` })).toBeVisible();

    // A next date in the past is refused beside its field, with what was typed kept.
    await article.getByText(msg(locale, 'reorders.changeTitle')).click();
    await article.getByLabel(msg(locale, 'reorders.intervalWeeks')).fill('3');
    await article.getByLabel(msg(locale, 'reorders.nextDate')).fill(addDays(today, -1));
    await article.getByRole('button', { name: msg(locale, 'reorders.save') }).click();
    await expect(page.getByRole('alert')).toContainText(msg(locale, 'reorders.formErrors'));
    await expect(article.getByText(msg(locale, 'reorders.error.past'))).toBeVisible();
    await expect(article.getByLabel(msg(locale, 'reorders.intervalWeeks'))).toHaveValue('3');
    await checkLayout(page, `reorders refused ${locale}`);
    const refusedHtml = await page.content();

    // Changed: every 3 weeks from in two weeks.
    await article.getByLabel(msg(locale, 'reorders.nextDate')).fill(addDays(today, 14));
    await article.getByRole('button', { name: msg(locale, 'reorders.save') }).click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=changed$`));
    await expect(page.locator('.reorders-status')).toContainText(msg(locale, 'reorders.done.changed'));
    await expect(fact(article, msg(locale, 'reorders.interval'))).toHaveText(
      msg(locale, 'reorders.everyWeeks', { weeks: 3 }),
    );
    await checkLayout(page, `reorders ${locale}`);
    const listHtml = await (await page.request.get(path)).text();

    expect(
      await htmlErrors(
        new Map([
          [`order page ${locale}`, `<!DOCTYPE html>${orderHtml.replace(/^<!DOCTYPE html>/i, '')}`],
          [`reorders ${locale}`, listHtml],
          [`reorders refused ${locale}`, `<!DOCTYPE html>${refusedHtml.replace(/^<!DOCTYPE html>/i, '')}`],
        ]),
      ),
    ).toEqual([]);
    expect((await page.request.get(path)).headers()['cache-control']).toContain('no-store');
    const ended = await page.request.post('/api/account/reorders/end', { data: { id: scheduleId } });
    expect(ended.ok()).toBe(true);
  });
}
