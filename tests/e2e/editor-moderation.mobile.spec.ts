// Review moderation and the audit log on a 390 px phone, in German and English, on a shop of its own:
// the queue (a review in full with its three forms) and the audit table fit the width (the table
// scrolls inside its own region), every button can be reached, a publish from the phone puts the review
// on the product page, and axe finds nothing on either page.
import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations } from './helpers.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { inLanguage, openWorkspace, type WorkspaceLocale } from './editor-helpers.ts';
import { moderationSuite, productHtml, queued, said, submitReview } from './moderation-helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;
const { test, base } = moderationSuite();

/** Each of the page's buttons, scrolled to, lies within the viewport's width. */
async function expectButtonsWithin(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()!.width;
  const buttons = page.getByRole('button');
  expect(await buttons.count(), `${what}: buttons`).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    expect(box.x, `${what}: ${await button.textContent()}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${what}: ${await button.textContent()}`).toBeLessThanOrEqual(width + 0.5);
  }
}

const CASES: { locale: WorkspaceLocale; email: string; sku: string }[] = [
  { locale: 'de', email: C.normal.email, sku: P.specialPrice },
  { locale: 'en', email: C.acme.email, sku: P.markedInStock },
];

for (const { locale, email, sku } of CASES) {
  test(`${locale}: the queue and the audit log fit 390 px; a review published from the phone is on its page`, async ({
    contexts,
  }) => {
    const { context: shopper } = await contexts.open({ locale });
    const review = await submitReview(shopper, base(), {
      email,
      sku,
      locale,
      title: `Handy review ${locale}`,
    });
    const { context } = await contexts.open({ who: 'admin', locale });
    const page = await context.newPage();
    await openWorkspace(page, inLanguage('/admin/reviews', locale));
    await expect(queued(page, review.title)).toBeVisible();
    await expectNoSidewaysScroll(page, 'review queue');
    await expectButtonsWithin(page, 'review queue');
    await expectNoA11yViolations(page);

    await queued(page, review.title)
      .getByRole('button', { name: said(locale, 'reviews.publish') })
      .click();
    await expect(page.getByRole('status')).toHaveText(said(locale, 'reviews.done.publish', { title: review.title }));
    expect(await productHtml(shopper, review.productPath)).toContain(review.title);

    await openWorkspace(page, inLanguage('/admin/audit', locale));
    const table = page.getByRole('region', { name: said(locale, 'audit.tableLabel') });
    await expect(table.getByRole('row').filter({ hasText: 'review.publish' }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'audit log');
    await expectButtonsWithin(page, 'audit log');
    await expectNoA11yViolations(page);
  });
}
