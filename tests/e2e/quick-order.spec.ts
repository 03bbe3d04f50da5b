// The quick order page in the browser (issue 37, item 4), in de (a guest: the test shop lets guests buy)
// and en (a signed-in customer): the header's link leads there; the finder suggests items as one types
// and adds a line; a 300-line CSV file with 5 bad lines is uploaded, every bad line explained beside it
// and the 295 good ones added to the cart at once. The page passes axe and the Nu checker before and
// after the check, and nothing scrolls sideways at 390 and 1366 px.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  msgPlural,
  open,
  test,
  wake,
  type Locale,
} from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { ResolvedQuickLine } from '#lib/cart/bulk-contract.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';

/** Item numbers the shop would take one piece of now, and one it would refuse as not available, found through the API. */
async function catalogue(request: APIRequestContext) {
  const candidates = Array.from({ length: 200 }, (_, i) => ({ ref: `${10001 + i}-01`, quantity: 1 }));
  const answer = await request.post('/api/cart/resolve-lines', { data: { lines: candidates } });
  expect(answer.status(), await answer.text()).toBe(200);
  const { lines } = (await answer.json()) as { lines: ResolvedQuickLine[] };
  const orderable = lines.filter((line) => line.item && line.error === null).map((line) => line.ref);
  const unavailable = lines.find((line) => line.error === 'PRODUCT_NOT_AVAILABLE')!.ref;
  expect(orderable.length).toBeGreaterThan(50);
  return { orderable, unavailable };
}

for (const locale of ['de', 'en'] as Locale[]) {
  test(`${locale}: a 300-line CSV upload is checked line by line, 5 bad lines explained, 295 added at once`, async ({
    page,
  }) => {
    test.slow();
    if (locale === 'en') {
      const login = await page.request.post('/api/auth/login', {
        data: { username: DEMO_FIXTURES.customers.normal.email, password: DEMO_FIXTURES.password },
      });
      expect(login.ok()).toBe(true);
    }
    const { orderable, unavailable } = await catalogue(page.request);
    const path = localePath(locale, '/quick-order');

    // The header leads there.
    await open(page, localePath(locale, '/'));
    await page
      .locator('.site-header')
      .getByRole('link', { name: msg(locale, 'header.quickOrder') })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'quickOrder.title') })).toBeVisible();

    // The finder suggests items as one types, and "Add line" puts the chosen one into the box.
    const finder = page.getByLabel(msg(locale, 'quickOrderPage.finder'));
    await wake(finder);
    await finder.fill(locale === 'de' ? 'Akku' : 'drill');
    const suggestion = page.locator('.quick-order-finder datalist option').first();
    await expect(suggestion).toBeAttached();
    const suggested = (await suggestion.getAttribute('value'))!;
    await finder.fill(suggested);
    await page.getByRole('spinbutton', { name: msg(locale, 'quickOrderPage.quantity') }).fill('2');
    await page.getByRole('button', { name: msg(locale, 'quickOrderPage.addLine') }).click();
    const box = page.getByRole('textbox', { name: msg(locale, 'quickOrder.label') });
    await expect(box).toHaveValue(`${suggested} 2`);
    await expect(finder).toBeFocused();
    await box.fill('');

    // A buyer's export: a heading row, 295 good lines (some items more than once) and 5 bad ones.
    const good = Array.from({ length: 295 }, (_, i) => `${i + 1};${orderable[i % orderable.length]};1`);
    const bad = [
      '296;99999-99;1',
      `297;${unavailable};1`,
      `298;${orderable[0]};zwei`,
      `299;${orderable[1]};0`,
      `300;${orderable[2]};${MAX_QUANTITY + 1}`,
    ];
    const csv = join(tmpdir(), `quick-order-${locale}-${Date.now()}.csv`);
    await writeFile(csv, ['Pos;Artikelnummer;Menge', ...good.slice(0, 150), ...bad, ...good.slice(150)].join('\r\n'));
    await page.getByLabel(msg(locale, 'quickOrderPage.file')).setInputFiles(csv);
    await page.getByRole('button', { name: msg(locale, 'quickOrder.check') }).click();

    await expect(page.locator('.quick-order-summary')).toContainText(
      msg(locale, 'quickOrderPage.summary', { ready: '295', total: '300' }),
    );
    await expect(page.locator('.quick-order-summary')).toContainText(
      msgPlural(locale, 'quickOrderPage.refusedCount', 5),
    );
    const refused = page.locator('tr.quick-order-error');
    await expect(refused).toHaveCount(5);
    await expect(page.locator('tr.quick-order-ok')).toHaveCount(295);
    // Each bad line says why, on the file's own line number (the heading is line 1).
    const reasons = [
      msg(locale, 'quickOrder.unknown'),
      msg(locale, 'cart.error.PRODUCT_NOT_AVAILABLE'),
      msg(locale, 'quickOrder.badQuantity', { quantity: 'zwei', max: MAX_QUANTITY }),
      msg(locale, 'quickOrder.badQuantity', { quantity: '0', max: MAX_QUANTITY }),
      msg(locale, 'quickOrder.badQuantity', { quantity: String(MAX_QUANTITY + 1), max: MAX_QUANTITY }),
    ];
    for (const [i, reason] of reasons.entries()) {
      await expect(refused.nth(i).locator('td').first()).toHaveText(String(152 + i));
      await expect(refused.nth(i).locator('td').last()).toHaveText(reason);
    }
    // The box holds the file's lines, to correct and check again.
    expect((await box.inputValue()).split('\n')).toHaveLength(300);

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page, `quick order ${locale} ${width}`);
    }
    await expectNoA11yViolations(page);
    const pageHtml = await page.content();
    const getHtml = await (await page.request.get(path)).text();
    expect(
      await htmlErrors(
        new Map([
          [`quick order ${locale}`, getHtml],
          [`quick order checked ${locale}`, `<!DOCTYPE html>${pageHtml.replace(/^<!DOCTYPE html>/i, '')}`],
        ]),
      ),
    ).toEqual([]);

    // All good lines at once: the cart holds each item once, with the pieces of every line that named it.
    await page.getByRole('button', { name: msgPlural(locale, 'quickOrder.addValid', 295) }).click();
    // Back on the page with the cart drawer open, as after any add from a plain form.
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('dialog', { name: msg(locale, 'cart.title') })).toBeVisible();
    const cart = await page.request.post('/api/cart/get', { data: {} });
    const { cart: held } = (await cart.json()) as { cart: { cartItems: { quantity: number }[] } };
    expect(held.cartItems).toHaveLength(Math.min(295, orderable.length));
    expect(held.cartItems.reduce((sum, line) => sum + line.quantity, 0)).toBe(295);
  });
}

test('a file that is neither CSV nor XLSX is refused with the reason, and what was typed is still there', async ({
  page,
}) => {
  await open(page, localePath('en', '/quick-order'));
  const box = page.getByRole('textbox', { name: msg('en', 'quickOrder.label') });
  await box.fill('10003-01 4');
  const picture = join(tmpdir(), `not-a-list-${Date.now()}.png`);
  await writeFile(picture, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  await page.getByLabel(msg('en', 'quickOrderPage.file')).setInputFiles(picture);
  await page.getByRole('button', { name: msg('en', 'quickOrder.check') }).click();
  await expect(page.getByRole('alert')).toHaveText(msg('en', 'quickOrderPage.fileFormat'));
  await expect(box).toHaveValue('10003-01 4');
  await expectNoA11yViolations(page);
});
