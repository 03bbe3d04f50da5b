// "My item numbers" in the browser (issue 37, item 3), in de and en, as acme's buyer (its admin): the
// account navigation leads there; a number is added with the plain form; a CSV file with one bad row is
// imported, the bad row explained on its own line; the list finds both numbers; one is removed with
// its row's button. The page passes axe and the Nu checker, and nothing scrolls sideways at 390 and
// 1366 px.
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, expectNoA11yViolations, localePath, msg, open, test, type Locale } from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

/** Products acme has no number for in the demo data, a pair per locale so the two runs do not meet. */
const ITEMS: Record<'de' | 'en', [string, string]> = { de: ['10011-01', '10012-01'], en: ['10013-01', '10014-01'] };

for (const locale of ['de', 'en'] as const satisfies readonly Locale[]) {
  test(`${locale}: a buyer adds a number, imports a file with one bad row explained, finds and removes one`, async ({
    page,
  }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    const [first, second] = ITEMS[locale];
    const own = [`E2E-${locale.toUpperCase()}-1`, `E2E-${locale.toUpperCase()}-2`];
    // A retried run starts from no numbers for its two products.
    for (const item of [first, second]) await page.request.post('/api/account/item-numbers/remove', { data: { item } });
    const path = localePath(locale, '/my-account/item-numbers');

    await open(page, localePath(locale, '/my-account/my-profile'));
    await page
      .getByRole('navigation', { name: msg(locale, 'route.MyAccount') })
      .getByRole('link', { name: msg(locale, 'account.ItemNumbers'), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.ItemNumbers') })).toBeVisible();

    // Added with the form (keyboard: type, then Enter in the last field).
    await page.getByRole('textbox', { name: msg(locale, 'itemNumbers.itemnum') }).fill(first);
    const number = page.getByRole('textbox', { name: msg(locale, 'itemNumbers.own'), exact: true });
    await number.fill(own[0]!);
    await number.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=set$`));
    await expect(page.locator('.item-numbers-status')).toContainText(msg(locale, 'itemNumbers.done.set'));
    await expect(page.locator(`tr[data-number="${own[0]}"]`)).toContainText(first);

    // A file with a heading, a good row and a row naming no product (line 3).
    const csv = join(tmpdir(), `item-numbers-${locale}-${Date.now()}.csv`);
    await writeFile(csv, ['Artikelnummer;Ihre Nummer', `${second};${own[1]}`, '99999-99;E2E-BAD'].join('\r\n'));
    await page.getByLabel(msg(locale, 'itemNumbers.file'), { exact: true }).setInputFiles(csv);
    await page.getByRole('button', { name: msg(locale, 'itemNumbers.import') }).click();
    await expect(page.locator('.item-numbers-status')).toContainText(
      msg(locale, 'itemNumbers.report.written', { written: '1', unchanged: '0' }),
    );
    const report = page.getByRole('region', { name: msg(locale, 'itemNumbers.report.refusedTitle') });
    await expect(report.locator('tbody tr')).toHaveCount(1);
    await expect(report.locator('tr[data-line="3"]')).toContainText(msg(locale, 'itemNumbers.refusal.unknown-product'));

    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page, `item numbers ${locale} ${width}`);
    }
    await expectNoA11yViolations(page);
    const reportHtml = await page.content();

    // The list finds both by part of the own number.
    await page.getByRole('searchbox', { name: msg(locale, 'itemNumbers.searchLabel') }).fill(`E2E-${locale}`);
    await page
      .locator('#content')
      .getByRole('button', { name: msg(locale, 'itemNumbers.search'), exact: true })
      .click();
    const rows = page.locator('table.item-numbers tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(page.locator(`tr[data-number="${own[1]}"]`)).toContainText(second);
    const listHtml = await (await page.request.get(path)).text();

    // Removed with its row's button.
    await page
      .locator(`tr[data-number="${own[0]}"]`)
      .getByRole('button', {
        name: `${msg(locale, 'itemNumbers.remove')} ${msg(locale, 'itemNumbers.removeFor', { number: own[0]! })}`,
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}\\?done=removed$`));
    await expect(page.locator('.item-numbers-status')).toContainText(msg(locale, 'itemNumbers.done.removed'));
    await expect(page.locator(`tr[data-number="${own[0]}"]`)).toHaveCount(0);
    await expect(page.locator(`tr[data-number="${own[1]}"]`)).toHaveCount(1);
    await expectNoA11yViolations(page);

    expect(
      await htmlErrors(
        new Map([
          [`item numbers ${locale}`, listHtml],
          [`item numbers report ${locale}`, `<!DOCTYPE html>${reportHtml.replace(/^<!DOCTYPE html>/i, '')}`],
        ]),
      ),
    ).toEqual([]);
    const headers = (await page.request.get(path)).headers();
    expect(headers['cache-control']).toContain('no-store');
    await page.request.post('/api/account/item-numbers/remove', { data: { item: second } });
  });
}
