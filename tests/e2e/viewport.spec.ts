// No page scrolls sideways on a 1,366 px laptop screen, and the main menu stays one row there.
import { expect, localePath, msg, test } from './helpers.ts';
import { open } from './checkout-flow.ts';
import { pageWidthTests } from './viewport-check.ts';

test.use({ viewport: { width: 1366, height: 900 } });

for (const locale of ['de', 'en'] as const) {
  test.describe(`viewport 1366 px (${locale})`, () => {
    pageWidthTests(locale);
    test('the main menu is one row; what does not fit is under More, by keyboard too', async ({ page }) => {
      await open(page, localePath(locale, '/'));
      const nav = page.getByRole('navigation', { name: msg(locale, 'header.mainNavigation') });
      const tops = await nav
        .locator('.menu-row > li:visible')
        .evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().top));
      expect(new Set(tops).size, 'rows of the main menu').toBe(1);
      const more = nav.getByRole('button', { name: msg(locale, 'header.moreMenu') });
      if (await more.count()) {
        await more.focus();
        await page.keyboard.press('Enter');
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        await expect(nav.locator('#menu-more-panel').getByRole('link').first()).toBeVisible();
      }
    });
  });
}
