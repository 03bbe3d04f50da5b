// The company's Users page on a 390 px phone, in German and English: the same flow as at 1366 px
// (company-users-flow.ts), and each user's card fits the width (nothing scrolls sideways).
import { expect, localePath, test } from './helpers.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';
import { expectNoSidewaysScroll } from './viewport-check.ts';
import { inviteAndActivate } from './company-users-flow.ts';

for (const locale of ['de', 'en'] as const) {
  test.describe(`account: company users on a phone (${locale})`, () => {
    let mailbox: Mailbox;
    test.beforeAll(async () => {
      mailbox = await openMailbox();
    });
    test.afterAll(async () => {
      await mailbox?.close();
    });

    test('the admin invites a buyer from the phone; the mailed link activates the account', async ({ page }) => {
      // Two browsers, two mails, axe and the Nu checker twice: longer than one page's budget.
      test.setTimeout(180_000);
      await inviteAndActivate(page, locale, mailbox);
      await page.goto(localePath(locale, '/my-account/company-users'));
      await expectNoSidewaysScroll(page, `users ${locale}`);
      for (const button of await page.getByRole('button').all()) {
        if (!(await button.isVisible())) continue;
        await button.scrollIntoViewIfNeeded();
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5);
      }
    });
  });
}
