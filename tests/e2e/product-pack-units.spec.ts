// A product sold in packs under a quantity rule, as a B2B buyer meets it on its page: the price per
// pack beside the price, the rule under the quantity, a field that offers only orderable quantities
// (− and + step by the rule, an off-rule number is moved and the reason announced), the price breaks
// in the shopper's currency, the GTIN, and structured data that says the same.
import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, expect, expectNoA11yViolations, localePath, msg, test, wake, type Locale } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';

/** Countersunk screws in packs of 100, at least 2 packs in steps of 2, price breaks from 10 and 40 packs. */
const SKU = DEMO_FIXTURES.products.packRule;

const TEXTS = {
  de: {
    pricePer: 'je Packung à 100 Stück',
    rule: 'Mindestabnahme 2 Packungen · in Schritten zu 2 Packungen',
    table: 'Staffelpreise',
    header: ['Menge', 'Preis je Packung'],
    rows: [
      ['ab 2 Packungen', '36,99 €'],
      ['ab 10 Packungen', '35,09 €'],
      ['ab 40 Packungen', '33,29 €'],
    ],
  },
  en: {
    pricePer: 'per pack of 100 pieces',
    rule: 'Minimum order 2 packs · in steps of 2 packs',
    table: 'Volume pricing',
    header: ['Quantity', 'Price per pack'],
    rows: [
      ['from 2 packs', '€36.99'],
      ['from 10 packs', '€35.09'],
      ['from 40 packs', '€33.29'],
    ],
  },
} as const;

async function productPath(request: APIRequestContext, locale: Locale): Promise<string> {
  const response = await request.post('/api/catalog/search', { data: { keyword: SKU, locale, limit: 10 } });
  const hit = ((await response.json()) as { data: { sku: string; id: number; slug: string }[] }).data.find(
    (p) => p.sku === SKU,
  );
  if (!hit) throw new Error(`fixture ${SKU} not found by search`);
  return localePath(locale, `/p/${hit.id}/${hit.slug}`);
}

const buyBox = (page: Page) => page.locator('form.buy-box');
const quantity = (page: Page, locale: Locale) =>
  buyBox(page).getByRole('spinbutton', { name: msg(locale, 'catalog.quantity') });

/** The rows of a table as the shopper reads them, header row first (Intl's no-break spaces as spaces). */
const tableRows = (page: Page, name: string) =>
  page
    .getByRole('table', { name })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.children].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
    );

test.describe('a product sold in packs under a quantity rule', () => {
  for (const locale of ['de', 'en'] as const) {
    test(`${locale}: price per pack, the rule, orderable quantities, price breaks, GTIN and structured data`, async ({
      page,
    }) => {
      const texts = TEXTS[locale];
      await page.goto(await productPath(page.request, locale));
      await expect(buyBox(page).locator('.buy-box-price')).toContainText(texts.pricePer);
      await expect(buyBox(page).getByText(texts.rule)).toBeVisible();
      const field = quantity(page, locale);
      await expect(field).toHaveValue('2');
      await expect(field).toHaveAttribute('min', '2');
      await expect(field).toHaveAttribute('step', '2');
      await expect(field).toHaveAccessibleDescription(texts.rule);

      expect(await tableRows(page, texts.table)).toEqual([texts.header, ...texts.rows]);
      const gtin = page.locator('.product-properties [data-fact="gtin"]');
      await expect(gtin.locator('dt')).toHaveText(msg(locale, 'product.fact.gtin'));
      await expect(gtin.locator('dd')).toHaveText(/^40\d{11}$/);

      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      const product = ld.find((d) => d['@type'] === 'Product')!;
      expect(product.gtin13).toBe(await gtin.locator('dd').textContent());
      expect(product.offers).toMatchObject({
        price: '36.99',
        priceCurrency: 'EUR',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 2, unitCode: 'PK' },
        priceSpecification: [
          { '@type': 'UnitPriceSpecification', price: '36.99', eligibleQuantity: { minValue: 2 } },
          { '@type': 'UnitPriceSpecification', price: '35.09', eligibleQuantity: { minValue: 10 } },
          { '@type': 'UnitPriceSpecification', price: '33.29', eligibleQuantity: { minValue: 40 } },
        ],
      });
      await expectNoA11yViolations(page, { include: '.product-summary' });
    });
  }

  test('− and + step by the rule; an off-rule quantity is moved to the next orderable one, saying why', async ({
    page,
  }) => {
    const locale = 'en';
    await page.goto(await productPath(page.request, locale));
    const field = quantity(page, locale);
    await wake(field);
    const decrease = buyBox(page).getByRole('button', { name: msg(locale, 'cart.decrease') });
    const increase = buyBox(page).getByRole('button', { name: msg(locale, 'cart.increase') });
    await expect(decrease).toBeDisabled();
    await increase.click();
    await expect(field).toHaveValue('4');
    await decrease.click();
    await expect(field).toHaveValue('2');

    const note = buyBox(page).locator('.buy-box-note');
    await field.fill('3');
    await field.blur();
    await expect(field).toHaveValue('4');
    await expect(note).toHaveText(msg(locale, 'product.quantityRounded', { step: 2, quantity: 4 }));
    await field.fill('1');
    await field.blur();
    await expect(field).toHaveValue('2');
    await expect(note).toHaveText(msg(locale, 'product.quantityRaised', { min: 2, quantity: 2 }));
    // Typing again clears the reason; a number that is no quantity at all is explained, not moved.
    await field.fill('2.5');
    await expect(note).toHaveText('');
    await field.blur();
    await expect(field).toHaveValue('2.5');
    await expect(buyBox(page).getByRole('alert')).toHaveText(msg(locale, 'catalog.quantityInvalid', { max: 9999 }));

    // Sent with Enter, an off-rule quantity is moved first: what is added is what the field then shows.
    await field.fill('7');
    await field.press('Enter');
    await expect(field).toHaveValue('8');
    await expect(page.getByRole('dialog', { name: msg(locale, 'cart.title') })).toBeVisible({ timeout: 15_000 });
    const cart = ((await (await page.request.get('/api/cart/get')).json()) as { cart: Cart | null }).cart;
    expect(cart?.cartItems.map((line) => [line.sku, line.quantity])).toEqual([[SKU, 8]]);
  });

  test("a guest who chose another currency sees that currency's price breaks", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL });
    await context.addCookies([{ name: 'vsf-currency', value: 'GBP', url: BASE_URL }]);
    const page = await context.newPage();
    await page.goto(await productPath(page.request, 'en'));
    await expect(page.locator('html[data-shell="ready"]')).toHaveCount(1);
    const tables = page.getByRole('table', { name: TEXTS.en.table });
    await expect(tables).toHaveCount(1);
    await expect(tables).toHaveAttribute('data-price-currency', 'GBP');
    await expect(tables.getByRole('row').nth(1)).toContainText('£31.99');
    await context.close();
  });

  test('a product sold by the piece in any number shows neither a rule nor price breaks', async ({ page }) => {
    const locale = 'de';
    const response = await page.request.post('/api/catalog/search', {
      data: { keyword: DEMO_FIXTURES.products.available, locale, limit: 10 },
    });
    const hit = ((await response.json()) as { data: { sku: string; id: number; slug: string }[] }).data.find(
      (p) => p.sku === DEMO_FIXTURES.products.available,
    )!;
    await page.goto(localePath(locale, `/p/${hit.id}/${hit.slug}`));
    await expect(quantity(page, locale)).toHaveAttribute('step', '1');
    await expect(page.locator('table.price-breaks')).toHaveCount(0);
    await expect(buyBox(page).locator('.price-per')).toHaveCount(0);
  });
});
