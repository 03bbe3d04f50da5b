// The checkout on a phone (390×844, touch): the same steps a desktop shopper takes, in French, with
// every button tappable (not under the fixed bottom navigation) and nothing wider than the screen.
import type { Page } from '@playwright/test';
import { choose, expect, expectNoA11yViolations, localePath, msg, test } from './helpers.ts';
import { expectThankYou, guestToPayment } from './checkout-flow.ts';

/** No element makes the page scroll sideways. */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('fr: a guest orders on invoice on a phone', async ({ page }) => {
  await guestToPayment(page, 'fr', 'claire@example.com');
  await expectNoHorizontalScroll(page);
  await choose(page.getByRole('radio', { name: msg('fr', 'checkout.paymentMethod.invoice') }));
  await expectNoA11yViolations(page);
  // tap() scrolls to the button and fails if anything (the fixed bottom navigation) would take the tap.
  await page.getByRole('button', { name: msg('fr', 'checkout.placeOrder') }).tap();
  await expectThankYou(page, 'fr');
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole('link', { name: msg('fr', 'checkout.continueShopping') })).toHaveAttribute(
    'href',
    localePath('fr', '/'),
  );
});
