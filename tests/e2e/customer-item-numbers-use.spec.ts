// A company's own item numbers in the browser (issue 37, item 3), in de and en, with acme's demo
// numbers (DEMO_FIXTURES.acmeItemNumbers): its buyer types the company's number into the header's
// search and finds the product, the search page lists it too, the order placed with it prints the
// number on the order's PDF. A guest's search for the same number finds nothing.
import type { Page } from '@playwright/test';
import { expect, localePath, msg, open, test, wake } from './helpers.ts';
import { checkoutCart, placeInvoiceOrder } from './checkout-flow.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import type { Cart } from '#lib/cart/contract.ts';

const SKU = DEMO_FIXTURES.products.available;
const OWN = DEMO_FIXTURES.acmeItemNumbers[SKU as keyof typeof DEMO_FIXTURES.acmeItemNumbers];

async function searchInHeader(page: Page, locale: 'de' | 'en', term: string) {
  const box = page.getByRole('banner').getByRole('combobox', { name: msg(locale, 'header.search') });
  await wake(box);
  await box.fill(term);
}

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: the company's own item number finds the product and is printed on the order's PDF`, async ({
    page,
  }) => {
    test.slow();
    const login = await page.request.post('/api/auth/login', {
      data: { username: DEMO_FIXTURES.customers.acme.email, password: DEMO_FIXTURES.password },
    });
    expect(login.ok()).toBe(true);
    const cart: Cart = await checkoutCart(page.request, 3);
    const line = cart.cartItems.find((item) => item.sku === SKU)!;
    expect(line.customerItemNumber).toBe(OWN);

    // The header's search, typed in lower case, and the search page.
    await open(page, localePath(locale, '/i/agb'));
    await searchInHeader(page, locale, OWN.toLowerCase());
    // The product's own item number shows with the hit (the cart's name is in the cart's language).
    const overlay = page.getByRole('dialog', { name: msg(locale, 'search.results') });
    await expect(overlay.getByText(line.itemnum).first()).toBeVisible({ timeout: 10_000 });
    await open(page, `${localePath(locale, '/search-details')}?term=${encodeURIComponent(OWN)}`);
    await expect(page.locator('main').getByText(line.itemnum).first()).toBeVisible();

    // The order, then its confirmation PDF from the order's page.
    const order = await placeInvoiceOrder(page.request, cart);
    await open(page, localePath(locale, `/order/${order.id}`));
    const href = await page
      .getByRole('link', { name: msg(locale, 'order.documents.confirmation'), exact: true })
      .first()
      .getAttribute('href');
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    const printed = pdfText(await pdf.body()).join('\n');
    expect(printed).toContain(`${msg(locale, 'catalog.yourItemNo')} ${OWN}`);
    expect(printed).toContain(line.itemnum);
  });
}

test("a guest's search for a company's own number finds nothing of it", async ({ page }) => {
  const answer = await page.request.post('/api/catalog/search', { data: { locale: 'en', keyword: OWN } });
  expect(answer.status()).toBe(200);
  const { data } = (await answer.json()) as { data: { sku: string }[] };
  expect(data.map((hit) => hit.sku)).not.toContain(SKU);
});
