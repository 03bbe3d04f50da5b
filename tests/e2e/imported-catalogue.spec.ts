// A catalogue brought in by `npm run import` (the BMEcat 2005 fixture with its pictures and data sheets;
// the CSV and BMEcat 1.2 fixtures are walked in tests/integration/import.test.ts), on a shop of its own, as shoppers meet it in German and English: the
// supplier's group tree as categories, a product in packs with its quantity rule and price breaks, its
// features in the details and as filters of its listing, its pictures as AVIF and WebP through srcset
// and its data sheet as a download, and the quick order refusing a quantity below the minimum or off
// the step. The import runs as an adopter runs it: the command line, against the shop's database.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { buildTestShop, seededDataDir, startShopInstance, type ShopInstance } from '#tests/helpers/shop-instance.ts';
import { expect, localePath, msg, open, preDecideConsent, test, wake, type Locale } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The supplier's catalogue carries no stock: the ERP's stock file follows it, as in a real first import. */
const STOCK = 'sku;stock\nSP-4X40;500\nSB-750;20\n';

/** What the fixture says, in the words each language shows. */
const SHOWN = {
  de: {
    parent: 'Befestigungstechnik',
    child: 'Holzschrauben',
    screw: 'Spanplattenschraube 4 x 40 mm, Senkkopf, verzinkt',
    pricePer: 'je Packung à 100 Stück',
    rule: 'Mindestabnahme 2 Packungen · in Schritten zu 2 Packungen',
    breaks: {
      name: 'Staffelpreise',
      rows: [
        ['ab 2 Packungen', '4,95 €'],
        ['ab 20 Packungen', '4,45 €'],
      ],
    },
    features: [
      ['Länge', '40 mm'],
      ['Oberfläche', 'verzinkt'],
    ],
    filter: { group: 'Oberfläche', value: 'verzinkt' },
  },
  en: {
    parent: 'Fixings',
    child: 'Wood screws',
    screw: 'Chipboard screw 4 x 40 mm, countersunk, zinc plated',
    pricePer: 'per pack of 100 pieces',
    rule: 'Minimum order 2 packs · in steps of 2 packs',
    breaks: {
      name: 'Volume pricing',
      rows: [
        ['from 2 packs', '€4.95'],
        ['from 20 packs', '€4.45'],
      ],
    },
    features: [
      ['Length', '40 mm'],
      ['Surface', 'zinc plated'],
    ],
    filter: { group: 'Surface', value: 'zinc plated' },
  },
} as const;

let shop: ShopInstance;
let dataDir: string;

/** Runs the import command as an adopter would, on the shop's database folder; resolves with its output. */
function importCommand(dir: string, files: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _, ...inherited } = process.env;
    const child = spawn(process.execPath, ['scripts/import.ts', ...files], {
      cwd: root,
      env: { ...inherited, DATA_DIR: dir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`import exited ${code}:\n${output}`)),
    );
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const outDir = await buildTestShop();
  dataDir = await seededDataDir(40);
  const stockFile = join(dataDir, 'stock.csv');
  writeFileSync(stockFile, STOCK);
  const output = await importCommand(dataDir, ['tests/fixtures/import/bmecat-2005-new.xml', stockFile]);
  expect(output).toMatch(/import: \S+ done in [\d.]+ s: .* 0 refused/);
  expect(output).toContain('new filters in the listings:');
  shop = await startShopInstance({ outDir, dataDir, env: { LOG_LEVEL: 'warn' } });
});

test.afterAll(async () => {
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function shopper(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: shop.url, viewport });
  await preDecideConsent(context);
  return context;
}

/** The product's page, found as a shopper finds it: searching its item number. */
async function productPage(page: Page, sku: string, locale: Locale): Promise<string> {
  const response = await page.request.post('/api/catalog/search', { data: { keyword: sku, locale, limit: 10 } });
  const { data } = (await response.json()) as { data: { id: number; sku: string; slug: string }[] };
  const hit = data.find((p) => p.sku === sku);
  expect(hit, `${sku} found by search`).toBeDefined();
  return localePath(locale, `/p/${hit!.id}/${hit!.slug}`);
}

const cellTexts = (rows: ReturnType<Page['locator']>) =>
  rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
  );

for (const locale of ['de', 'en'] as const) {
  const shown = SHOWN[locale];

  test.describe(`an imported catalogue (${locale})`, () => {
    test('the group tree as categories; the features as filters of the listing', async ({ browser }) => {
      const context = await shopper(browser);
      const page = await context.newPage();
      // From the product up its group tree, as the breadcrumbs lead (the demo has a "Befestigungstechnik"
      // of its own: the import's gets an address of its own, the group id appended).
      await open(page, await productPage(page, 'SP-4X40', locale));
      const crumbs = page.getByRole('navigation', { name: msg(locale, 'catalog.breadcrumbs') });
      const parentHref = await crumbs.getByRole('link', { name: shown.parent, exact: true }).getAttribute('href');
      await crumbs.getByRole('link', { name: shown.child, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: shown.child })).toBeVisible();
      expect(new URL(page.url()).pathname.startsWith(`${parentHref}/`)).toBe(true);
      await expect(page.getByRole('main').getByText(shown.screw)).toBeVisible();

      const filters = page.getByRole('region', { name: msg(locale, 'catalog.filters') });
      const group = filters.getByRole('group', { name: shown.filter.group, exact: true });
      const option = group.getByRole('checkbox', { name: new RegExp(`^${shown.filter.value} \\(1\\)`) });
      await wake(option);
      await option.click();
      await expect(option).toBeChecked();
      await expect(page).toHaveURL(/\?.+/);
      await expect(page.getByRole('main').getByText(shown.screw)).toBeVisible();

      await page.goto(parentHref!);
      await expect(page.getByRole('heading', { level: 1, name: shown.parent })).toBeVisible();
      await expect(page.getByRole('main').getByText(shown.screw)).toBeVisible();
      await context.close();
    });

    test('a product in packs: price per pack, the rule, price breaks and features', async ({ browser }) => {
      const context = await shopper(browser);
      const page = await context.newPage();
      await open(page, await productPage(page, 'SP-4X40', locale));
      await expect(page.getByRole('heading', { level: 1, name: shown.screw })).toBeVisible();
      const buyBox = page.locator('form.buy-box');
      await expect(buyBox.locator('.buy-box-price')).toContainText(shown.pricePer);
      await expect(buyBox.getByText(shown.rule)).toBeVisible();
      const quantity = buyBox.getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') });
      await expect(quantity).toHaveAttribute('min', '2');
      await expect(quantity).toHaveAttribute('step', '2');
      const breaks = page.getByRole('table', { name: shown.breaks.name });
      expect((await cellTexts(breaks.getByRole('row'))).slice(1)).toEqual(shown.breaks.rows);
      const details = page.locator('.product-properties');
      for (const [label, value] of shown.features)
        await expect(
          details.locator('.product-property').filter({ has: page.getByText(label, { exact: true }) }),
        ).toContainText(value);
      await expect(details.locator('[data-fact="gtin"] dd')).toHaveText('4012345000030');
      await context.close();
    });

    test('pictures as WebP and JPEG through srcset, with their size; the data sheet as a download', async ({
      browser,
    }) => {
      const context = await shopper(browser);
      const page = await context.newPage();
      await open(page, await productPage(page, 'SB-750', locale));
      const picture = page.getByRole('main').locator('picture').first();
      for (const [type, element] of [
        ['image/webp', 'source[type="image/webp"]'],
        ['image/jpeg', 'img'],
      ] as const) {
        const srcset = (await picture.locator(element).getAttribute('srcset')) ?? '';
        expect(srcset, type).toMatch(/^\/images\/m\/[a-f0-9]{32}\.w\d+\.(webp|jpg) \d+w(, \S+ \d+w)+$/);
        const first = srcset.split(',')[0]!.trim().split(' ')[0]!;
        const rendition = await page.request.get(first);
        expect(rendition.status(), first).toBe(200);
        expect(rendition.headers()['content-type']).toBe(type);
      }
      const img = picture.locator('img');
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(img).toHaveAttribute('height', /^\d+$/);
      await expect(img).toHaveJSProperty('complete', true);

      const sheet = page.locator('.product-documents a').first();
      await expect(sheet).toContainText('PDF');
      const href = await sheet.getAttribute('href');
      const pdf = await page.request.get(href!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
      await context.close();
    });

    test('the quick order refuses a quantity below the minimum or off the step, and takes one on it', async ({
      browser,
    }) => {
      const context = await shopper(browser);
      const page = await context.newPage();
      const login = await page.request.post('/api/auth/login', {
        data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
      });
      expect(login.ok()).toBe(true);
      await open(page, localePath(locale, '/my-account/my-items'));
      const quick = page.getByRole('region', { name: msg(locale, 'quickOrder.title') });
      const field = quick.getByLabel(msg(locale, 'quickOrder.label'));
      await wake(field);
      await field.fill(['SP-4X40 1', 'SP-4X40 3', 'SP-4X40 4'].join('\n'));
      await quick.getByRole('button', { name: msg(locale, 'quickOrder.check') }).click();
      const rows = quick.getByRole('table').locator('tbody tr');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText(msg(locale, 'cart.error.QUANTITY_RULE'));
      await expect(rows.nth(1)).toContainText(msg(locale, 'cart.error.QUANTITY_RULE'));
      await expect(rows.nth(2)).toContainText(msg(locale, 'quickOrder.ready'));
      await context.close();
    });

    test('at 390 px the listing and the product page fit the screen', async ({ browser }) => {
      const context = await shopper(browser, { width: 390, height: 844 });
      const page = await context.newPage();
      await open(page, await productPage(page, 'SP-4X40', locale));
      await expectNoSidewaysScroll(page, 'imported product');
      await page
        .getByRole('navigation', { name: msg(locale, 'catalog.breadcrumbs') })
        .getByRole('link', { name: shown.child, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: shown.child })).toBeVisible();
      await expectNoSidewaysScroll(page, 'imported listing');
      await context.close();
    });
  });
}
