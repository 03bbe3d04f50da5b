// The company's Users page end to end, shared by the desktop (1366 px) and phone (390 px) specs: the demo
// company's admin (buyer@acme.example) invites a buyer on the Users page, the invitation link the shop
// really mailed lets the invitee choose a password and signs them in, and the new buyer then signs in
// with it, sees no Users page in the navigation and is told (translated) that their role does not allow
// it. The page is clean under axe and the Nu checker. Plain forms: no script is needed.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { absolute, expect, expectNoA11yViolations, localePath, msg, type Locale } from './helpers.ts';
import { htmlErrors } from './html-checker.ts';
import type { Mailbox } from './mailbox.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

const USERS = '/my-account/company-users';
const ADMIN = DEMO_FIXTURES.customers.acme;
const NEW_PASSWORD = 'Invited-Passw0rd!';

async function signIn(request: APIRequestContext, username: string, password: string): Promise<number> {
  return (await request.post('/api/auth/login', { data: { username, password } })).status();
}

/** The navigation of the account area, and its link to the Users page. */
const usersLink = (page: Page, locale: Locale) =>
  page
    .getByRole('navigation', { name: msg(locale, 'route.MyAccount') })
    .getByRole('link', { name: msg(locale, 'account.CompanyUsers') });

export async function inviteAndActivate(page: Page, locale: Locale, mailbox: Mailbox): Promise<void> {
  expect(await signIn(page.request, ADMIN.email, ADMIN.password)).toBe(200);
  const response = await page.goto(localePath(locale, USERS));
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: msg(locale, 'account.CompanyUsers') })).toBeVisible();
  await expect(usersLink(page, locale)).toHaveAttribute('aria-current', 'page');
  const list = page.getByRole('region', { name: msg(locale, 'companyUsers.listTitle') });
  await expect(list.getByRole('cell', { name: 'approver@acme.example', exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  expect(await htmlErrors(new Map([[`users ${locale}`, await page.content()]]))).toEqual([]);

  // A blank name is refused beside the field; what was typed stays.
  const email = `invited-${locale}-${randomUUID().slice(0, 8)}@example.com`;
  const invite = page.getByRole('region', { name: msg(locale, 'companyUsers.inviteTitle') });
  await invite.getByLabel(msg(locale, 'companyUsers.email')).fill(email);
  await invite.getByRole('button', { name: msg(locale, 'companyUsers.invite') }).click();
  const name = invite.getByLabel(msg(locale, 'companyUsers.name'));
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(msg(locale, 'validation.required'));
  await expect(invite.getByLabel(msg(locale, 'companyUsers.email'))).toHaveValue(email);

  await name.fill('Bea Builder');
  await invite.getByLabel(msg(locale, 'companyUsers.role')).selectOption('buyer');
  await invite.getByLabel(msg(locale, 'companyUsers.language')).selectOption(locale);
  await invite.getByRole('button', { name: msg(locale, 'companyUsers.invite') }).click();
  await expect(page).toHaveURL(absolute(`${localePath(locale, USERS)}?done=invited`));
  await expect(page.getByRole('status')).toHaveText(msg(locale, 'companyUsers.done.invited'));
  const row = list.getByRole('row').filter({ hasText: email });
  await expect(row.getByRole('cell', { name: msg(locale, 'companyUsers.status.invited'), exact: true })).toBeVisible();

  // The link the shop mailed, in the invitee's language.
  const linkPattern = /https?:\/\/\S+\/accept-invitation\?token=[^\s<>"]+/;
  const mail = await mailbox.waitFor(email, linkPattern);
  const link = new URL(linkPattern.exec(mail.text)![0]);
  expect(link.pathname).toBe(localePath(locale, '/accept-invitation'));

  // The invitee, in a browser of their own.
  const invitee = await page.context().browser()!.newContext();
  try {
    const their = await invitee.newPage();
    await their.goto(`${link.pathname}${link.search}`);
    await expect(their.getByText(msg(locale, 'invitation.question', { name: 'Bea Builder', email }))).toBeVisible();
    await expectNoA11yViolations(their);
    expect(await htmlErrors(new Map([[`invitation ${locale}`, await their.content()]]))).toEqual([]);
    await their.getByLabel(msg(locale, 'invitation.password'), { exact: true }).fill(NEW_PASSWORD);
    await their.getByLabel(msg(locale, 'invitation.repeat')).fill(NEW_PASSWORD);
    await their.getByRole('button', { name: msg(locale, 'invitation.submit') }).click();
    await expect(their.getByRole('status')).toHaveText(msg(locale, 'invitation.done'));
    const me = await their.request.get('/api/auth/me');
    expect(((await me.json()) as { user: { email: string; role: string } }).user).toMatchObject({
      email,
      role: 'buyer',
    });
    // The link works once.
    await their.goto(`${link.pathname}${link.search}`);
    await expect(their.getByRole('alert')).toHaveText(msg(locale, 'invitation.invalid'));

    // Signed out, the new buyer signs in with the chosen password; their navigation has no Users page.
    await invitee.clearCookies();
    expect(await signIn(their.request, email, NEW_PASSWORD)).toBe(200);
    await their.goto(localePath(locale, '/my-account/my-profile'));
    await expect(their.getByRole('heading', { level: 1, name: msg(locale, 'account.MyProfile') })).toBeVisible();
    await expect(usersLink(their, locale)).toHaveCount(0);
    const denied = await their.goto(localePath(locale, USERS));
    expect(denied?.status()).toBe(403);
    await expect(their.getByRole('alert')).toHaveText(msg(locale, 'server.PERMISSION_DENIED'));
  } finally {
    await invitee.close();
  }

  // The admin sees the buyer active now.
  await page.reload();
  await expect(row.getByRole('cell', { name: msg(locale, 'companyUsers.status.active'), exact: true })).toBeVisible();
}
