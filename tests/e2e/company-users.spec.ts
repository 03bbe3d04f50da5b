// The company's Users page at 1366 px, in German and English: the flow in company-users-flow.ts.
import { test } from './helpers.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';
import { inviteAndActivate } from './company-users-flow.ts';

test.use({ viewport: { width: 1366, height: 800 } });

for (const locale of ['de', 'en'] as const) {
  test.describe(`account: company users (${locale})`, () => {
    let mailbox: Mailbox;
    test.beforeAll(async () => {
      mailbox = await openMailbox();
    });
    test.afterAll(async () => {
      await mailbox?.close();
    });

    test('the admin invites a buyer; the mailed link activates the account; the buyer signs in', async ({ page }) => {
      await inviteAndActivate(page, locale, mailbox);
    });
  });
}
