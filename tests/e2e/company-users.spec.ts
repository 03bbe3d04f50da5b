// The company's Users page at 1366 px, in German and English: the flow in company-users-flow.ts. And a
// role without the permission is told so in its language where the account pages show a coded error.
import { expect, localePath, msg, test } from './helpers.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
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
      // Two browsers, two mails, axe and the Nu checker twice: longer than one page's budget.
      test.setTimeout(180_000);
      await inviteAndActivate(page, locale, mailbox);
    });

    test("a buyer saving the company's profile is told, translated, that their role does not allow it", async ({
      page,
    }) => {
      const { email, password } = DEMO_FIXTURES.acmeUsers.foreman2;
      expect((await page.request.post('/api/auth/login', { data: { username: email, password } })).status()).toBe(200);
      await page.goto(localePath(locale, '/my-account/my-profile'));
      const details = page.getByRole('region', { name: msg(locale, 'profile.details') });
      // The save itself (the form's post to the page, or the island's call), not another island's request.
      const saves = [localePath(locale, '/my-account/my-profile'), '/api/account/profile'];
      const refused = page.waitForResponse(
        (r) => r.request().method() === 'POST' && saves.includes(new URL(r.url()).pathname),
      );
      await details.getByRole('button', { name: msg(locale, 'profile.save') }).click();
      expect((await refused).status()).toBe(403);
      await expect(details.getByRole('alert')).toHaveText(msg(locale, 'server.PERMISSION_DENIED'));
    });
  });
}
