// The workspace's Import page as an admin uses it, on a shop of its own (editor-helpers.ts): an
// editor neither sees nor opens it; an admin uploads a stock file and follows it from the bytes sent
// to the report, whose refused line is also in the CSV download; a check-only run says that it changed
// nothing (and the real run after it proves it); axe and the Nu Html Checker on the page with a report,
// and the page at 390 px and 1280 px in German and English.
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { importMessages } from '#lib/admin/import-messages.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { htmlErrors } from './html-checker.ts';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import {
  inLanguage,
  openWorkspace,
  startEditorShop,
  words,
  workspaceTest,
  type EditorShop,
  type WorkspaceLocale,
} from './editor-helpers.ts';

let shop: EditorShop;
const test = workspaceTest(() => shop);

test.beforeAll(async () => {
  // A build (when the sources changed since the last one) and a seeded database.
  test.setTimeout(600_000);
  shop = await startEditorShop();
});

test.afterAll(async () => {
  await shop?.stop();
});

const say = (locale: WorkspaceLocale, key: keyof typeof importMessages.de) => importMessages[locale][key];

const { available, limited } = DEMO_FIXTURES.products;
const UNKNOWN = 'E2E-NO-SUCH-SKU';

/** A stock file for two demo products and one sku the shop does not have (line 4, after the header). */
const stockFile = (name: string, first: number, second: number) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`sku;stock\n${available};${first}\n${limited};${second}\n${UNKNOWN};1\n`),
});

const fileField = (page: Page, locale: WorkspaceLocale) =>
  page.getByLabel(say(locale, 'import.upload.file'), { exact: true });

/** Chooses the file, ticks the options and starts; resolves once the run's report is on the page. */
async function runImport(page: Page, locale: WorkspaceLocale, file: ReturnType<typeof stockFile>, check = false) {
  await fileField(page, locale).setInputFiles(file);
  if (check) await page.getByRole('checkbox', { name: say(locale, 'import.upload.check') }).check();
  await page.getByRole('button', { name: say(locale, 'import.upload.start') }).click();
  await expect(page.getByRole('link', { name: say(locale, 'import.report.download') })).toBeVisible();
}

/** The refused records' table: its body rows as the cells' texts. */
async function refusedRows(page: Page, locale: WorkspaceLocale): Promise<string[][]> {
  const table = page.getByRole('region', { name: say(locale, 'import.report.tableLabel') });
  const rows = table.locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim() ?? '')));
}

/** Starts an import through the API and waits until it has ended; returns its id. */
async function importByApi(request: APIRequestContext, name: string, body: string): Promise<string> {
  const started = await request.post(`/api/admin/imports?name=${encodeURIComponent(name)}`, {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.from(body),
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/admin/imports/${id}`)).json()) as { status: string }).status)
    .not.toBe('running');
  return id;
}

test.describe('who may import', () => {
  test('an editor sees no Import entry; the page answers 403 with the reason, the API 403', async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'editor' });
    const page = await context.newPage();
    await openWorkspace(page, '/admin');
    const nav = page.getByRole('navigation', { name: words('en', 'nav.label') });
    await expect(nav.getByRole('link', { name: words('en', 'nav.content') })).toBeVisible();
    await expect(nav.getByRole('link', { name: words('en', 'nav.import') })).toHaveCount(0);

    const response = await page.goto('/admin/import');
    expect(response?.status()).toBe(403);
    await expect(page.getByText(words('en', 'page.forbidden'))).toBeVisible();
    await expect(page.locator('input[type="file"]')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);

    const upload = await context.request.post('/api/admin/imports?name=stock.csv', {
      headers: { 'content-type': 'application/octet-stream' },
      data: stockFile('stock.csv', 1, 1).buffer,
    });
    expect(upload.status()).toBe(403);
  });
});

test.describe('an admin imports', () => {
  test('a stock file: bytes sent, the run, then the report with the one refused line and its CSV', async ({
    contexts,
  }, testInfo) => {
    const { context } = await contexts.open({ who: 'admin' });
    const page = await context.newPage();
    await openWorkspace(page, '/admin');
    const nav = page.getByRole('navigation', { name: words('en', 'nav.label') });
    await nav.getByRole('link', { name: words('en', 'nav.import') }).click();
    await expect(page).toHaveURL(/\/admin\/import$/);
    await expect(nav.getByRole('link', { name: words('en', 'nav.import') })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1, name: say('en', 'import.title') })).toBeVisible();

    // Without a file the form says what is missing, at the field.
    await page.getByRole('button', { name: say('en', 'import.upload.start') }).click();
    await expect(fileField(page, 'en')).toBeFocused();
    await expect(fileField(page, 'en')).toHaveAccessibleDescription(new RegExp(say('en', 'import.upload.noFile')));

    // The upload is held until the page has shown its byte progress, then let through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/admin\/imports\?/, async (route) => {
      await held;
      await route.continue();
    });
    await fileField(page, 'en').setInputFiles(stockFile('stock.csv', 777, 778));
    await page.getByRole('button', { name: say('en', 'import.upload.start') }).click();
    await expect(page.getByRole('progressbar', { name: say('en', 'import.upload.sending') })).toBeVisible();
    await expect(page.getByRole('button', { name: say('en', 'import.upload.start') })).toBeDisabled();
    await page.screenshot({ path: testInfo.outputPath('import-uploading.png') });
    release();

    // Then the run (its counts so far) and, when it has ended, the report, announced once.
    await expect(page.getByText(say('en', 'import.progress.running'))).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('import-running.png') });
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const sentence = '3 records read: 2 updated, 1 refused.';
    await expect(page.locator('.import-summary')).toHaveText(sentence);
    await expect(page.getByRole('status').filter({ hasText: sentence })).toHaveCount(1);
    await expect(page.getByText(say('en', 'import.report.checkOnly'))).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/import\?id=[0-9a-f-]{36}$/);
    expect(await refusedRows(page, 'en')).toEqual([
      ['stock.csv', '4', UNKNOWN, 'sku', expect.stringContaining(UNKNOWN)],
    ]);

    // The download is the same report as CSV.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: say('en', 'import.report.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^import-[0-9a-f-]{36}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('file,line,id,field,reason');
    expect(csv.slice(1)).toHaveLength(1);
    expect(csv[1]).toMatch(new RegExp(`^"stock\\.csv","4","${UNKNOWN}","sku","[^"]*${UNKNOWN}[^"]*"$`));

    // The run is first in the last imports, and its link opens the same report after a reload.
    const list = page.getByRole('region', { name: say('en', 'import.recent.tableLabel') });
    const row = list.getByRole('row').nth(1);
    await expect(row).toContainText('stock.csv');
    await expect(row).toContainText(DEMO_FIXTURES.staff.admin.email);
    await expect(row).toContainText(say('en', 'import.status.done'));
    await expect(row).toContainText(sentence);
    await row.getByRole('link', { name: /^Open the report on stock\.csv of / }).click();
    await expect(page.locator('.import-summary')).toHaveText(sentence);
    expect(await refusedRows(page, 'en')).toHaveLength(1);
  });

  test('check only (in German): the report says nothing changed, and the real run after it proves so', async ({
    contexts,
  }) => {
    const { context } = await contexts.open({ who: 'admin', locale: 'de' });
    const page = await context.newPage();
    await openWorkspace(page, inLanguage('/admin/import', 'de'));
    const file = stockFile('bestand.csv', 601, 602);

    await runImport(page, 'de', file, true);
    const sentence = '3 Datensätze gelesen: 2 geändert, 1 abgelehnt.';
    await expect(page.locator('.import-summary')).toHaveText(sentence);
    await expect(page.getByText(say('de', 'import.report.checkOnly'), { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: say('de', 'import.report.checkOnly') })).toHaveCount(1);
    expect(await refusedRows(page, 'de')).toEqual([
      ['bestand.csv', '4', UNKNOWN, 'sku', expect.stringContaining(UNKNOWN)],
    ]);

    // Had the check written the stock, the same file would now leave both products unchanged.
    await openWorkspace(page, '/admin/import');
    await runImport(page, 'de', file);
    await expect(page.locator('.import-summary')).toHaveText(sentence);
    await expect(page.getByText(say('de', 'import.report.checkOnly'))).toHaveCount(0);
    const rows = page.getByRole('region', { name: say('de', 'import.recent.tableLabel') }).getByRole('row');
    await expect(rows.nth(1)).not.toContainText(say('de', 'import.mode.check'));
    await expect(rows.nth(2)).toContainText(say('de', 'import.mode.check'));
  });
});

test.describe('quality of the Import page', () => {
  for (const locale of ['de', 'en'] as WorkspaceLocale[]) {
    test(`axe, the Nu Html Checker and the width at 390 and 1280 px, with a report (${locale})`, async ({
      contexts,
    }, testInfo) => {
      const { context } = await contexts.open({ who: 'admin', locale });
      const id = await importByApi(
        context.request,
        `quality-${locale}.csv`,
        `sku;stock\n${available};5\n${UNKNOWN};1\n`,
      );
      const path = inLanguage(`/admin/import?id=${id}`, locale);
      const page = await context.newPage();
      const response = await openWorkspace(page, path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('region', { name: say(locale, 'import.report.tableLabel') })).toBeVisible();
      await expectNoA11yViolations(page);

      const documents = new Map([[path, await (await context.request.get(path)).text()]]);
      const errors = await htmlErrors(documents);
      expect(errors.length, `Nu Html Checker found ${errors.length} error(s):\n${errors.join('\n')}`).toBe(0);

      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        await expectNoSidewaysScroll(page, `import page at ${width} px`);
        await page.screenshot({ path: testInfo.outputPath(`import-${locale}-${width}.png`), fullPage: true });
      }
    });
  }

  test('an unknown id says there is no such import (404)', async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'admin' });
    const page = await context.newPage();
    const response = await openWorkspace(page, '/admin/import?id=00000000-0000-4000-8000-000000000000');
    expect(response?.status()).toBe(404);
    await expect(page.getByText(say('en', 'import.report.notFound'))).toBeVisible();
    await expect(page.getByRole('button', { name: say('en', 'import.upload.start') })).toBeVisible();
  });
});
