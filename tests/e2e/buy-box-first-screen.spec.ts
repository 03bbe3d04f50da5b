// On a desktop (1366 × 900), a product's name, item number, price, quantity and 'Add to cart' are on
// the first screen, beside the pictures; the phone's first screen is phone-buying.mobile.spec.ts's.
import { expect, localePath, msg, open, test } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

test.use({ viewport: { width: 1366, height: 900 } });

for (const locale of ['de', 'en'] as const) {
  test(`${locale}: the buy box is on the first screen of a product with accessories`, async ({ page }) => {
    const response = await page.request.post('/api/catalog/search', {
      data: { keyword: DEMO_FIXTURES.products.available, locale, limit: 10 },
    });
    const hit = ((await response.json()) as { data: { id: number; sku: string; slug: string }[] }).data.find(
      (p) => p.sku === DEMO_FIXTURES.products.available,
    )!;
    await open(page, localePath(locale, `/p/${hit.id}/${hit.slug}`));
    const buyBox = page.locator('.buy-box');
    for (const [what, part] of [
      ['the name', page.getByRole('heading', { level: 1 })],
      ['the item number', page.locator('.product-facts').getByText(msg(locale, 'catalog.itemNo'))],
      ['the price', buyBox.locator('.price').first()],
      ['the quantity', buyBox.getByRole('spinbutton')],
      ['Add to cart', buyBox.getByRole('button', { name: msg(locale, 'catalog.addToCart') })],
    ] as const) {
      const box = await part.boundingBox();
      expect(box, what).not.toBeNull();
      expect(box!.y + box!.height, `${what} ends on the first screen`).toBeLessThanOrEqual(900);
    }
  });
}
