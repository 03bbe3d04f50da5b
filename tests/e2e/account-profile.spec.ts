// My profile, as a customer registered for the test (the demo customers keep their e-mail and
// password): the name and contact form refuses a blank name beside the field and keeps what was
// typed, then saves; a new e-mail address takes effect only through the link mailed to it, and then
// is the login; a password change keeps this browser signed in and signs out another browser of the
// same customer, and the customer gets a mail about it. Plain forms: no script is needed to use them.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  absolute,
  escapeRegExp,
  expect,
  expectNoA11yViolations,
  localePath,
  msg,
  preDecideConsent,
  test,
  type Locale,
} from './helpers.ts';
import { openMailbox, type Mailbox } from './mailbox.ts';
import { registerAndActivate } from './accounts.ts';

const PROFILE = '/my-account/my-profile';
const PASSWORD = 'Profile-Passw0rd!';

/** Registers a customer; the request context (the page's own, when given) is then signed in as them. */
async function register(request: APIRequestContext, locale: Locale, mailbox: Mailbox): Promise<{ email: string }> {
  const email = `profile-${locale}-${randomUUID().slice(0, 8)}@example.com`;
  await registerAndActivate(
    request,
    { email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' },
    { mailbox, locale },
  );
  return { email };
}

async function signIn(request: APIRequestContext, username: string, password = PASSWORD): Promise<number> {
  return (await request.post('/api/auth/login', { data: { username, password } })).status();
}

const section = (page: Page, locale: Locale, title: Parameters<typeof msg>[1]) =>
  page.getByRole('region', { name: msg(locale, title) });

for (const locale of ['en', 'de'] as const) {
  test.describe(`account: my profile (${locale})`, () => {
    let mailbox: Mailbox;
    test.beforeAll(async () => {
      mailbox = await openMailbox();
    });
    test.afterAll(async () => {
      await mailbox?.close();
    });

    test('edit the name, then move the account to a new e-mail address through the mailed link', async ({ page }) => {
      const { email } = await register(page.request, locale, mailbox);
      const response = await page.goto(localePath(locale, PROFILE));
      expect(response?.status()).toBe(200);
      expect(response?.headers()['cache-control']).toBe('private, no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.MyProfile') })).toBeVisible();
      await expect(
        page
          .getByRole('navigation', { name: msg(locale, 'route.MyAccount') })
          .getByRole('link', { name: msg(locale, 'account.MyProfile') }),
      ).toHaveAttribute('aria-current', 'page');

      // A blank first name is refused beside the field; what was typed stays.
      const details = section(page, locale, 'profile.details');
      const firstName = details.getByLabel(msg(locale, 'checkout.address.firstName'));
      await firstName.fill(' ');
      await details.getByLabel(msg(locale, 'checkout.address.lastName')).fill('Hopper');
      await details.getByLabel(new RegExp(`^${escapeRegExp(msg(locale, 'profile.phone'))}`)).fill('+49 30 1234567');
      const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(PROFILE));
      await details.getByRole('button', { name: msg(locale, 'profile.save') }).click();
      expect((await refused).status()).toBe(422);
      await expect(firstName).toHaveAttribute('aria-invalid', 'true');
      await expect(firstName).toHaveAccessibleDescription(msg(locale, 'checkout.validation.required'));
      await expect(details.getByLabel(msg(locale, 'checkout.address.lastName'))).toHaveValue('Hopper');
      await expect(details.getByLabel(new RegExp(`^${escapeRegExp(msg(locale, 'profile.phone'))}`))).toHaveValue(
        '+49 30 1234567',
      );

      await firstName.fill('Grace');
      await details.getByRole('button', { name: msg(locale, 'profile.save') }).click();
      await expect(page).toHaveURL(absolute(`${localePath(locale, PROFILE)}?done=profile`));
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'profile.saved'));
      await expect(
        page.getByText(msg(locale, 'profile.intro', { name: 'Grace Hopper', email, customernum: '' }).split(',')[0]!),
      ).toBeVisible();
      await expect(firstName).toHaveValue('Grace');
      await expectNoA11yViolations(page);

      // The e-mail change needs the current password; a wrong one keeps the typed address.
      const newEmail = `moved-${locale}-${randomUUID().slice(0, 8)}@example.com`;
      const emailForm = section(page, locale, 'profile.emailTitle');
      await emailForm.getByLabel(msg(locale, 'profile.newEmail')).fill(newEmail);
      await emailForm.getByLabel(msg(locale, 'profile.currentPassword')).fill('not-the-password');
      await emailForm.getByRole('button', { name: msg(locale, 'profile.emailSubmit') }).click();
      await expect(emailForm.getByLabel(msg(locale, 'profile.currentPassword'))).toHaveAccessibleDescription(
        msg(locale, 'profile.error.wrongPassword'),
      );
      await expect(emailForm.getByLabel(msg(locale, 'profile.newEmail'))).toHaveValue(newEmail);
      await emailForm.getByLabel(msg(locale, 'profile.currentPassword')).fill(PASSWORD);
      await emailForm.getByRole('button', { name: msg(locale, 'profile.emailSubmit') }).click();
      await expect(page).toHaveURL(absolute(`${localePath(locale, PROFILE)}?done=email`));
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'profile.emailSent'));
      // Not yet: the login is still the old address.
      expect(await signIn(page.request, newEmail)).toBe(401);

      const linkPattern = /https?:\/\/\S+\/confirm-email\?token=[^\s<>"]+/;
      const mail = await mailbox.waitFor(newEmail, linkPattern);
      const link = new URL(linkPattern.exec(mail.text)![0]);
      // In the customer's language (registered in it).
      expect(link.pathname).toBe(localePath(locale, '/confirm-email'));
      await mailbox.waitFor(email, new RegExp(escapeRegExp(newEmail)));
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByText(msg(locale, 'profile.confirm.question', { email: newEmail }))).toBeVisible();
      await page.getByRole('button', { name: msg(locale, 'profile.confirm.submit') }).click();
      await expect(page.getByRole('status')).toHaveText(msg(locale, 'profile.confirm.done', { email: newEmail }));
      await expectNoA11yViolations(page);
      // The link works once.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('alert')).toHaveText(msg(locale, 'profile.confirm.used'));

      // The new address is the login now; the old one is not.
      await page.context().clearCookies();
      expect(await signIn(page.request, email)).toBe(401);
      expect(await signIn(page.request, newEmail)).toBe(200);
      await page.goto(localePath(locale, PROFILE));
      await expect(page.locator('.profile-email')).toHaveText(newEmail);
    });

    test('a password change keeps this browser signed in and signs out the other one', async ({ page, browser }) => {
      const { email } = await register(page.request, locale, mailbox);
      const other = await browser.newContext();
      await preDecideConsent(other);
      const otherPage = await other.newPage();
      try {
        expect(await signIn(otherPage.request, email)).toBe(200);
        await otherPage.goto(localePath(locale, PROFILE));
        await expect(
          otherPage.getByRole('heading', { level: 1, name: msg(locale, 'account.MyProfile') }),
        ).toBeVisible();

        await page.goto(localePath(locale, PROFILE));
        const form = section(page, locale, 'profile.passwordTitle');
        await form.getByLabel(msg(locale, 'profile.currentPassword')).fill(PASSWORD);
        await form.getByLabel(msg(locale, 'profile.newPassword'), { exact: true }).fill('Brand-New-Passw0rd');
        await form.getByLabel(msg(locale, 'profile.repeatPassword')).fill('Brand-New-Passw0rd-typo');
        await form.getByRole('button', { name: msg(locale, 'profile.passwordSubmit') }).click();
        await expect(form.getByLabel(msg(locale, 'profile.repeatPassword'))).toHaveAccessibleDescription(
          msg(locale, 'profile.error.passwordMismatch'),
        );
        // Passwords are never sent back into the page.
        await expect(form.getByLabel(msg(locale, 'profile.currentPassword'))).toHaveValue('');

        await form.getByLabel(msg(locale, 'profile.currentPassword')).fill(PASSWORD);
        await form.getByLabel(msg(locale, 'profile.newPassword'), { exact: true }).fill('Brand-New-Passw0rd');
        await form.getByLabel(msg(locale, 'profile.repeatPassword')).fill('Brand-New-Passw0rd');
        await form.getByRole('button', { name: msg(locale, 'profile.passwordSubmit') }).click();
        await expect(page.getByRole('status')).toHaveText(msg(locale, 'profile.passwordChanged'));
        await expectNoA11yViolations(page);

        // This browser stays in; the other one's next account page asks it to sign in, and its refresh fails.
        await page.reload();
        await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.MyProfile') })).toBeVisible();
        await otherPage.goto(localePath(locale, PROFILE));
        await expect(otherPage.getByText(msg(locale, 'account.signInRequired'))).toBeVisible();
        expect((await otherPage.request.post('/api/auth/refresh', { data: {} })).status()).toBe(401);

        const mail = await mailbox.waitFor(email, /UTC/);
        expect(mail.text).toMatch(/#login/);
        expect(await signIn(otherPage.request, email)).toBe(401);
        expect(await signIn(otherPage.request, email, 'Brand-New-Passw0rd')).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
}
