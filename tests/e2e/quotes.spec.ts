// Quote requests in the browser (issue 37, item 1), in de and en: a new company's buyer asks for a
// quote on their cart from the account's Quotes page; sales staff answer it in the workspace (a price
// typed as the language writes it, a last valid day and a message); the buyer accepts, the cart holds
// the quoted price, and the order placed carries it. The quote's PDF prints the quoted price. The
// buyer's pages and the workspace page pass axe; the buyer's pass the Nu checker and scroll sideways
// at neither 390 nor 1366 px.
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { expect, expectNoA11yViolations, localePath, msg, open, test, BASE_URL, type Locale } from './helpers.ts';
import { checkoutCart, placeInvoiceOrder } from './checkout-flow.ts';
import { registerAndActivate } from './accounts.ts';
import { htmlErrors } from './html-checker.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { quoteMessages } from '#lib/admin/quote-messages.ts';
import type { Cart } from '#lib/cart/contract.ts';

const SKU = DEMO_FIXTURES.products.available;
/** The price staff type, as each language writes it, and what it is in cents. */
const TYPED: Record<'de' | 'en', string> = { de: '123,45', en: '123.45' };
const QUOTED = 123.45;

/** Sales staff answer the quote in the workspace, in the workspace's language, as a person does. */
async function answerInWorkspace(browser: Browser, locale: 'de' | 'en', number: string, itemnum: string) {
  const t = quoteMessages[locale];
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    const { email, password } = DEMO_FIXTURES.staff.sales;
    const signedIn = await context.request.post('/api/admin/sign-in', { data: { email, password } });
    expect(signedIn.status(), await signedIn.text()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/admin/quotes?lang=${locale}`);
    await page.getByRole('link', { name: number, exact: true }).click();
    await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible();
    await page.getByRole('textbox', { name: new RegExp(`${itemnum}`) }).fill(TYPED[locale]);
    await page.getByLabel(t['quotes.message']).fill(`Best price for ${locale}`);
    await expectNoA11yViolations(page);
    await page.getByRole('button', { name: t['quotes.answer'] }).click();
    await expect(page.getByRole('status')).toContainText(t['quotes.answered'].replace('{{number}}', number));
  } finally {
    await context.close();
  }
}

for (const locale of ['de', 'en'] as const satisfies readonly Locale[]) {
  test(`${locale}: request a quote → staff answer in the workspace → accept → the order carries the quoted price`, async ({
    page,
    browser,
  }) => {
    test.slow();
    const id = randomUUID().slice(0, 8);
    await registerAndActivate(
      page.request,
      {
        email: `quote-${locale}-${id}@example.com`,
        password: 'Quote-Pass-2026!',
        firstName: 'Quinn',
        lastName: 'Quote',
      },
      { locale },
    );
    let cart: Cart = await checkoutCart(page.request, 3);
    const line = cart.cartItems.find((item) => item.sku === SKU)!;
    const setTwo = await page.request.post('/api/cart/quantity', {
      data: { lineId: line.id, quantity: 2, version: cart.version },
    });
    expect(setTwo.ok(), await setTwo.text()).toBe(true);

    // The buyer asks from the account's Quotes page.
    const list = localePath(locale, '/my-account/quotes');
    await open(page, list);
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.Quotes') })).toBeVisible();
    await expect(page.getByText(msg(locale, 'quotes.requestHint', { count: 1 }))).toBeVisible();
    await page.getByLabel(msg(locale, 'quotes.comment')).fill('Two drills, what is your best price?');
    await page.getByRole('button', { name: msg(locale, 'quotes.requestButton') }).click();
    await expect(page).toHaveURL(new RegExp(`${list}/Q\\d+\\?done=request$`));
    const number = /\/(Q\d+)\?/.exec(page.url())![1]!;
    await expect(page.getByRole('status')).toContainText(msg(locale, 'quotes.done.request', { number }));
    await expect(page.getByText(msg(locale, 'quotes.status.requested')).first()).toBeVisible();
    const requestedHtml = await (await page.request.get(`${list}/${number}`)).text();

    await answerInWorkspace(browser, locale, number, line.itemnum);

    // The buyer sees the answer, checks its PDF and accepts.
    await open(page, `${list}/${number}`);
    await expect(page.getByText(msg(locale, 'quotes.status.answered')).first()).toBeVisible();
    const money = new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' });
    await expect(page.locator('table.quote-lines')).toContainText(money.format(QUOTED));
    await expect(page.locator('.quote-history')).toContainText(`Best price for ${locale}`);
    const pdfHref = await page.getByRole('link', { name: msg(locale, 'quotes.pdf') }).getAttribute('href');
    const pdf = await page.request.get(pdfHref!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const printed = pdfText(await pdf.body()).join('\n');
    expect(printed).toContain(number);
    expect(printed).toContain(line.itemnum);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page, `quote ${locale} ${width}`);
    }
    await expectNoA11yViolations(page);
    const answeredHtml = await (await page.request.get(`${list}/${number}`)).text();
    await page.getByRole('button', { name: msg(locale, 'quotes.accept') }).click();
    await expect(page).toHaveURL(new RegExp(`${list}/${number}\\?done=accept$`));
    await expect(page.getByRole('status')).toContainText(msg(locale, 'quotes.done.accept'));

    // The cart holds the quoted price; the order placed charges it.
    cart = ((await (await page.request.post('/api/cart/get', { data: {} })).json()) as { cart: Cart }).cart;
    const quotedLine = cart.cartItems.find((item) => item.sku === SKU)!;
    expect(quotedLine).toMatchObject({ quantity: 2, quote: { number, applies: true }, rowTotal: 2 * QUOTED });
    const order = await placeInvoiceOrder(page.request, cart);
    expect(order.cartInfo.cartItems[0]).toMatchObject({ sku: SKU, rowTotal: 2 * QUOTED, quote: { number } });

    // The quote is ordered: its list says so, and it offers no more steps.
    await open(page, list);
    await expect(page.getByRole('row', { name: new RegExp(number) })).toContainText(
      msg(locale, 'quotes.status.ordered'),
    );
    await expectNoA11yViolations(page);
    expect(
      await htmlErrors(
        new Map([
          [`quotes ${locale}`, await (await page.request.get(list)).text()],
          [`quote requested ${locale}`, requestedHtml],
          [`quote answered ${locale}`, answeredHtml],
        ]),
      ),
    ).toEqual([]);
  });
}
