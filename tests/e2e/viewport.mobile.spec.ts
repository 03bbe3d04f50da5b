// No page scrolls sideways on a 390 px phone; the header leaves the first screen to the page.
import { expect, localePath, msg, test } from './helpers.ts';
import { guestToPayment, open } from './checkout-flow.ts';
import { pageWidthTests } from './viewport-check.ts';

for (const locale of ['de', 'en'] as const) {
  test.describe(`viewport 390 px (${locale})`, () => {
    pageWidthTests(locale);
    test('the header with its search field is at most 120 px tall', async ({ page }) => {
      await open(page, localePath(locale, '/'));
      const box = await page.getByRole('banner').boundingBox();
      expect(box!.height).toBeLessThanOrEqual(120);
      await expect(page.getByRole('banner').getByRole('search')).toBeInViewport();
    });
    test('step labels break only between words and the total sits right above Place order', async ({ page }) => {
      await guestToPayment(page, locale, `steps-${locale}@example.com`);
      const labels = page
        .getByRole('navigation', { name: msg(locale, 'checkout.steps') })
        .locator('.checkout-step-label > span:not([aria-hidden]):not(.visually-hidden)');
      // A word broken inside gives a label more lines than words.
      for (const label of await labels.all()) {
        const { lines, words } = await label.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return { lines: tops.size, words: (el.textContent ?? '').trim().split(/\s+/).length };
        });
        expect(lines, `${await label.textContent()} lines`).toBeLessThanOrEqual(words);
      }
      const button = page.getByRole('button', { name: msg(locale, 'checkout.placeOrder') });
      const total = page.locator('main form').getByText(msg(locale, 'cart.total'), { exact: true });
      // Between them only the tax line and the terms sentence the buyer accepts with the button.
      const terms = page.locator('main form .checkout-terms');
      const [totalBox, termsBox, buttonBox] = [
        await total.boundingBox(),
        await terms.boundingBox(),
        await button.boundingBox(),
      ];
      expect(totalBox!.y).toBeLessThan(termsBox!.y);
      expect(termsBox!.y).toBeLessThan(buttonBox!.y);
      expect(buttonBox!.y - (totalBox!.y + totalBox!.height) - termsBox!.height).toBeLessThan(100);
    });
  });
}
