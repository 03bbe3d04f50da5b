// Review moderation and the audit log in the workspace at 1366 px, in German and English, on a shop of
// its own: shoppers' reviews (bought, then written through the real API) wait in the queue; the editor
// publishes one (the cached product page shows it at once) and replies (the reply shows beneath it);
// a rejection needs a reason (blank is refused beside the field, the review stays off the page); the
// admin finds those decisions in the audit log, filters and searches them. axe on both pages.
import { expect, expectNoA11yViolations, msg } from './helpers.ts';
import { STAFF, inLanguage, openWorkspace, waitForWorkspace, words, type WorkspaceLocale } from './editor-helpers.ts';
import { moderationSuite, productHtml, queued, said, submitReview } from './moderation-helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const C = DEMO_FIXTURES.customers;
const P = DEMO_FIXTURES.products;
const { test, base } = moderationSuite();
test.use({ viewport: { width: 1366, height: 900 } });

const CASES: { locale: WorkspaceLocale; email: string; publish: string; reject: string }[] = [
  { locale: 'de', email: C.normal.email, publish: P.specialPrice, reject: P.accessories[0]! },
  { locale: 'en', email: C.acme.email, publish: P.markedInStock, reject: P.accessories[2]! },
];
const rejectReason = (locale: WorkspaceLocale) => `Off topic ${locale}`;

for (const { locale, email, publish, reject } of CASES) {
  test(`${locale}: a waiting review is published from the queue onto the cached product page, with the shop's reply`, async ({
    contexts,
  }) => {
    const { context: shopper } = await contexts.open({ locale });
    const review = await submitReview(shopper, base(), {
      email,
      sku: publish,
      locale,
      title: `Solid tool ${locale}`,
    });
    // Rendered and cached before the decision: what the publish event must drop.
    expect(await productHtml(shopper, review.productPath)).not.toContain(review.title);

    const { context } = await contexts.open({ who: 'editor', locale });
    const page = await context.newPage();
    await openWorkspace(page, inLanguage('/admin/reviews', locale));
    await expect(page.getByRole('heading', { level: 1, name: said(locale, 'reviews.title') })).toBeVisible();
    const card = queued(page, review.title);
    // In full: both lines of the text, its product (linked to its page), author, rating and status.
    await expect(card.locator('.moderation-body')).toHaveText(review.body);
    await expect(card.getByRole('link').first()).toHaveAttribute('href', /\/p\/\d+\//);
    await expect(card).toContainText(email);
    await expect(card).toContainText(said(locale, 'reviews.rating', { rating: 4 }));
    await expect(card).toContainText(said(locale, 'reviews.status.pending'));
    await expectNoA11yViolations(page);

    await card.getByRole('button', { name: said(locale, 'reviews.publish') }).click();
    await expect(page.getByRole('status')).toHaveText(said(locale, 'reviews.done.publish', { title: review.title }));
    // Published: out of the waiting list, on the product page at the next request.
    await expect(queued(page, review.title)).toHaveCount(0);
    expect(await productHtml(shopper, review.productPath)).toContain(review.title);

    // The shop's reply, from the published view.
    await page.getByRole('link', { name: said(locale, 'reviews.filter.published'), exact: true }).click();
    const reply = `Thank you, ${locale}!`;
    await queued(page, review.title).getByLabel(said(locale, 'reviews.reply')).fill(reply);
    await queued(page, review.title)
      .getByRole('button', { name: said(locale, 'reviews.saveReply') })
      .click();
    await expect(page.getByRole('status')).toHaveText(said(locale, 'reviews.done.reply', { title: review.title }));
    await expect(queued(page, review.title).getByLabel(said(locale, 'reviews.reply'))).toHaveValue(reply);
    await expectNoA11yViolations(page);

    const product = await shopper.newPage();
    await product.goto(review.productPath);
    const reviews = product.getByRole('region', { name: msg(locale, 'reviews.heading') });
    const shown = reviews.getByRole('listitem').filter({ hasText: review.title });
    await expect(shown).toContainText(msg(locale, 'reviews.reply'));
    await expect(shown).toContainText(reply);
  });

  test(`${locale}: a rejection needs a reason; the rejected review stays off the product page`, async ({
    contexts,
  }) => {
    const { context: shopper } = await contexts.open({ locale });
    const review = await submitReview(shopper, base(), { email, sku: reject, locale, title: `Meh ${locale}` });
    const { context } = await contexts.open({ who: 'editor', locale });
    const page = await context.newPage();
    await openWorkspace(page, inLanguage('/admin/reviews', locale));
    const reason = queued(page, review.title).getByLabel(said(locale, 'reviews.reason'));
    const rejectButton = queued(page, review.title).getByRole('button', { name: said(locale, 'reviews.reject') });

    // Empty: the browser keeps the form (a required field). Blank: the server refuses it beside the field.
    await rejectButton.click();
    expect(await reason.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true);
    await reason.fill('   ');
    await rejectButton.click();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription(said(locale, 'reviews.error.required'));
    await expect(queued(page, review.title)).toContainText(said(locale, 'reviews.status.pending'));
    await expectNoA11yViolations(page);

    await reason.fill(rejectReason(locale));
    await rejectButton.click();
    await expect(page.getByRole('status')).toHaveText(said(locale, 'reviews.done.reject', { title: review.title }));
    expect(await productHtml(shopper, review.productPath)).not.toContain(review.title);
    await page.getByRole('link', { name: said(locale, 'reviews.filter.rejected'), exact: true }).click();
    await expect(queued(page, review.title)).toContainText(
      said(locale, 'reviews.rejectedFor', { reason: rejectReason(locale) }),
    );
  });

  test(`${locale}: the admin finds the decisions in the audit log, filters and searches them`, async ({ contexts }) => {
    const { context } = await contexts.open({ who: 'admin', locale });
    const page = await context.newPage();
    await openWorkspace(page, '/admin');
    await openWorkspace(page, inLanguage('/admin', locale));
    await page
      .getByRole('navigation', { name: words(locale, 'nav.label') })
      .getByRole('link', { name: said(locale, 'nav.audit'), exact: true })
      .click();
    await waitForWorkspace(page);
    const table = page.getByRole('region', { name: said(locale, 'audit.tableLabel') });
    await expect(table.getByRole('row').filter({ hasText: 'review.publish' }).first()).toContainText(
      STAFF.editor.email,
    );
    await expectNoA11yViolations(page);

    await page.getByLabel(said(locale, 'audit.action'), { exact: true }).selectOption('review.reject');
    await page.getByRole('button', { name: said(locale, 'audit.apply') }).click();
    await expect(page).toHaveURL(/action=review\.reject/);
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await expect(rows.first()).toContainText('review.reject');
    for (const text of await rows.allTextContents()) expect(text).toContain('review.reject');

    await page.getByLabel(said(locale, 'audit.search'), { exact: true }).fill(rejectReason(locale));
    await page.getByRole('button', { name: said(locale, 'audit.apply') }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(rejectReason(locale));
    // The target leads to the review in the queue.
    await expect(rows.getByRole('link')).toHaveAttribute('href', /^\/admin\/reviews\?status=all#review-/);
    await expectNoA11yViolations(page);

    // The same address without JavaScript's help: the page itself reads the filters.
    await page.reload();
    await expect(rows).toHaveCount(1);
    await page.getByRole('link', { name: said(locale, 'audit.reset') }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(rows.filter({ hasText: 'review.publish' }).first()).toBeVisible();
  });
}

test('an editor sees the queue in the navigation but not the audit log, which answers 403', async ({ contexts }) => {
  const { context } = await contexts.open({ who: 'editor', locale: 'en' });
  const page = await context.newPage();
  await openWorkspace(page, '/admin');
  const nav = page.getByRole('navigation', { name: words('en', 'nav.label') });
  await expect(nav.getByRole('link', { name: said('en', 'nav.reviews'), exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: said('en', 'nav.audit'), exact: true })).toHaveCount(0);
  const response = await page.goto('/admin/audit');
  expect(response?.status()).toBe(403);
});
