// The profile on both databases, through the real handlers: name and contact data change only for the
// signed-in customer, under the checkout's field rules and a strict schema; an e-mail change needs the
// current password, takes effect only through the single-use, expiring link mailed to the new address
// (and only for the customer who asked), and never tells whether an address is registered; a password
// change needs the current password, ends every other session (this one stays) and mails the customer.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { Browser, type ApiResult } from '../helpers/auth-harness.ts';
import { seedFixtures } from '../helpers/cart-harness.ts';
import { parseMail, type Mail } from '../helpers/parse-mail.ts';

// Mail goes to the outbox of this data dir; the auth secret is generated there too. Set before any
// module reads the environment.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-profile-'));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.AUTH_SECRET;
delete process.env.TRUST_PROXY;
process.env.SITE_URL = 'http://shop.test:4321';
process.env.LOG_LEVEL = 'warn';

// The domain's index first, as the app loads it (routes.ts alone would meet its own import cycle half-done).
await import('#lib/server/auth/index.ts');
const { authRoutes } = await import('#lib/server/auth/routes.ts');
const { cartHandOver } = await import('#lib/server/cart/index.ts');
const { profileRoutes } = await import('#lib/server/auth/profile-routes.ts');
const { requestEmailChange } = await import('#lib/server/auth/email-change.ts');
const { userRow } = await import('#lib/server/auth/customers.ts');
const { resolveFeatures } = await import('#lib/content/features.ts');
const { customers, customerUsers, emailChangeTokens, refreshTokens } = await import('#lib/server/db/schema.ts');
const { backgroundSettled } = await import('#lib/server/mail/background.ts');
const { closeDatabase } = await import('#lib/server/db/index.ts');
const { CHECKOUT_MESSAGES } = await import('#lib/checkout/address.ts');
const { AUTH_MESSAGES } = await import('#lib/auth/contract.ts');
const { activateRegistration } = await import('#lib/server/auth/registrations.ts');
const { claimGuestOrder } = await import('#lib/server/orders/index.ts');
const { activationToken } = await import('../helpers/accounts.ts');

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

/** Every mail to `to` so far (subject and text), oldest first. */
async function mailsTo(to: string): Promise<Mail[]> {
  await backgroundSettled();
  let files: string[] = [];
  try {
    files = readdirSync(join(dataDir, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    /* no mail yet */
  }
  return files
    .map((f) => parseMail(readFileSync(join(dataDir, 'outbox', f), 'utf8')))
    .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

const linkIn = (mail: Mail) => /\/confirm-email\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1];

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'Profile-Passw0rd';
// The link lifetime docs/accounts.md promises, stated here rather than imported from the code.
const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

forEachDatabase('profile', (ctx) => {
  const features = { ...resolveFeatures({}), companyRequired: false };
  const auth = authRoutes({ db: async () => ctx.db, features: async () => features, cart: cartHandOver });
  const profile = profileRoutes({ db: async () => ctx.db, features: async () => features });

  beforeAll(() => seedFixtures(ctx.db));

  const me = (b: Browser) => b.call(auth.me, '/api/auth/me', { body: {} });
  const login = (b: Browser, username: string, password = PASSWORD) =>
    b.call(auth.login, '/api/auth/login', { body: { username, password } });
  const update = (b: Browser, body: unknown) => b.call(profile.update, '/api/account/profile', { body });
  const read = (b: Browser) => b.call(profile.get, '/api/account/profile', { method: 'GET' });
  const askEmail = (b: Browser, body: unknown) =>
    b.call(profile.requestEmailChange, '/api/account/email-change', { body });
  const confirm = (b: Browser, token: string) =>
    b.call(profile.confirmEmailChange, '/api/account/email-change-confirm', { body: { token } });
  const changePassword = (b: Browser, body: unknown) =>
    b.call(auth.changePassword, '/api/auth/change-password', { body });

  /** A new customer, registered and signed in, in a browser of its own. */
  async function customer(name: string): Promise<{ browser: Browser; email: string; id: string }> {
    const browser = new Browser(freshIp());
    const email = uniqueEmail(name);
    const r = await browser.call(auth.register, '/api/auth/register', {
      body: { email, password: PASSWORD, firstName: 'Ada', lastName: name },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const activation = (await mailsTo(email)).map(activationToken).find(Boolean)!;
    expect(
      (await activateRegistration(ctx.db, { token: activation, password: PASSWORD, ip: browser.ip }, claimGuestOrder))
        .ok,
    ).toBe(true);
    expect((await login(browser, email)).status).toBe(200);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.email, email));
    return { browser, email, id: row!.id };
  }

  const rowOf = async (id: string) => (await ctx.db.select().from(customers).where(eq(customers.id, id)))[0]!;
  const expectError = (r: ApiResult, status: number, code: string) =>
    expect({ status: r.status, code: r.body.code }).toEqual({ status, code });

  test('changes name, company and phone of the signed-in customer only; blank optional fields are removed', async () => {
    const a = await customer('alpha');
    const b = await customer('beta');
    const before = await rowOf(b.id);
    const r = await update(a.browser, {
      firstName: '  Grace ',
      lastName: 'Hopper',
      company: 'Navy Labs',
      phone: '+49 30 123456',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.profile).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Navy Labs',
      phone: '+49 30 123456',
      email: a.email,
    });
    expect(await rowOf(a.id)).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      company: 'Navy Labs',
      phone: '+49 30 123456',
    });
    expect(await rowOf(b.id)).toEqual(before);
    expect((await read(a.browser)).body.profile.firstName).toBe('Grace');
    expect((await read(b.browser)).body.profile.firstName).toBe('Ada');
    // The session's user follows the new name.
    expect((await me(a.browser)).body.user.firstName).toBe('Grace');
    const cleared = await update(a.browser, { firstName: 'Grace', lastName: 'Hopper', company: '', phone: '  ' });
    expect(cleared.body.profile).toMatchObject({ company: null, phone: null });
    expectError(await update(new Browser(freshIp()), { firstName: 'X', lastName: 'Y' }), 401, 'UNAUTHENTICATED');
    expectError(await read(new Browser(freshIp())), 401, 'UNAUTHENTICATED');
  });

  test("refuses unknown fields and bad values with the checkout's messages, changing nothing", async () => {
    const a = await customer('strict');
    const before = await rowOf(a.id);
    const other = await customer('target');
    for (const extra of [
      { email: 'evil@example.com' },
      { customerId: other.id },
      { id: other.id },
      { customernum: '1' },
    ]) {
      expectError(await update(a.browser, { firstName: 'A', lastName: 'B', ...extra }), 400, 'VALIDATION_FAILED');
    }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ firstName: ' ', lastName: 'B' }, 'firstName', CHECKOUT_MESSAGES.required],
      [{ lastName: 'B' }, 'firstName', CHECKOUT_MESSAGES.required],
      [{ firstName: 'A', lastName: 'B', phone: 'call me' }, 'phone', CHECKOUT_MESSAGES.invalidPhone],
      [{ firstName: 'A'.repeat(101), lastName: 'B' }, 'firstName', CHECKOUT_MESSAGES.tooLong],
      [{ firstName: 'A\u0000', lastName: 'B' }, 'firstName', CHECKOUT_MESSAGES.invalidCharacters],
      [{ firstName: 'A', lastName: 'B', company: 'C'.repeat(151) }, 'company', CHECKOUT_MESSAGES.tooLong],
    ];
    for (const [body, path, message] of cases) {
      const r = await update(a.browser, body);
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toContainEqual({ path, message });
    }
    expect(await rowOf(a.id)).toEqual(before);
    expect(await rowOf(other.id)).toMatchObject({ email: other.email });
  });

  test('the company is required where the shop requires it, as in the checkout', async () => {
    const strict = profileRoutes({ db: async () => ctx.db, features: async () => ({ companyRequired: true }) });
    const a = await customer('company');
    const r = await a.browser.call(strict.update, '/api/account/profile', { body: { firstName: 'A', lastName: 'B' } });
    expectError(r, 400, 'VALIDATION_FAILED');
    expect(r.body.details).toEqual([{ path: 'company', message: CHECKOUT_MESSAGES.required }]);
    expect(
      (
        await a.browser.call(strict.update, '/api/account/profile', {
          body: { firstName: 'A', lastName: 'B', company: 'ACME' },
        })
      ).status,
    ).toBe(200);
  });

  test('an e-mail change needs the current password and takes effect only through the link to the new address', async () => {
    const a = await customer('mover');
    const target = uniqueEmail('moved');
    const wrong = await askEmail(a.browser, { newEmail: target, currentPassword: 'not-my-password' });
    expectError(wrong, 400, 'INVALID_PASSWORD');
    expect(await ctx.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.customerId, a.id))).toEqual([]);
    expect(await mailsTo(target)).toEqual([]);
    const same = await askEmail(a.browser, { newEmail: a.email.toUpperCase(), currentPassword: PASSWORD });
    expectError(same, 400, 'VALIDATION_FAILED');
    expect(same.body.details).toEqual([{ path: 'newEmail', message: 'This is already your email address' }]);
    expectError(
      await askEmail(a.browser, { newEmail: 'not-an-address', currentPassword: PASSWORD }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await askEmail(a.browser, { newEmail: target, currentPassword: PASSWORD, email: target }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await askEmail(new Browser(freshIp()), { newEmail: target, currentPassword: PASSWORD }),
      401,
      'UNAUTHENTICATED',
    );

    const asked = await askEmail(a.browser, { newEmail: ` ${target.toUpperCase()} `, currentPassword: PASSWORD });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body).toEqual({ ok: true });
    // Nothing changed yet: the login is still the old address.
    expect((await rowOf(a.id)).email).toBe(a.email);
    expectError(await login(new Browser(freshIp()), target), 401, 'INVALID_CREDENTIALS');
    // The old address is told, with the new one; the new one gets the link (stored only hashed).
    const [notice] = await mailsTo(a.email).then((m) => m.filter((x) => x.text.includes(target)));
    expect(notice?.text).toContain(target);
    expect(notice && linkIn(notice)).toBeUndefined();
    const [mail] = await mailsTo(target);
    const token = decodeURIComponent(linkIn(mail!)!);
    expect(mail!.text).toContain('http://shop.test:4321/de/confirm-email?token='.replace('/de', ''));
    const stored = await ctx.db.select().from(emailChangeTokens).where(eq(emailChangeTokens.customerId, a.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Opened on any device, signed in or not (here: as another customer): the token's customer changes.
    const bystander = await customer('bystander');
    const done = await confirm(bystander.browser, token);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ email: target });
    expect((await rowOf(a.id)).email).toBe(target);
    expect((await rowOf(bystander.id)).email).toBe(bystander.email);
    // Single use.
    const again = await confirm(new Browser(freshIp()), token);
    expectError(again, 400, 'INVALID_TOKEN');
    expect(again.body.details).toEqual({ reason: 'used' });
    // The login is the new address now, and the old one no longer works.
    expect((await login(new Browser(freshIp()), target)).status).toBe(200);
    expectError(await login(new Browser(freshIp()), a.email), 401, 'INVALID_CREDENTIALS');
    // The session that asked is still signed in.
    expect((await me(a.browser)).body.user.email).toBe(target);
    expectError(await confirm(new Browser(freshIp()), 'made-up-token'), 400, 'INVALID_TOKEN');
  });

  test('a link expires, and only the newest link of a customer works', async () => {
    const a = await customer('expiry');
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, a.id));
    const [user] = await ctx.db.select().from(customerUsers).where(eq(customerUsers.id, a.id));
    const session = { customer: row!, user: userRow(user!), familyId: randomUUID(), onBehalf: null };
    const old = new Date(Date.now() - EMAIL_CHANGE_TTL_MS - 60_000);
    const expired = await requestEmailChange(
      ctx.db,
      session,
      { newEmail: uniqueEmail('late'), currentPassword: PASSWORD },
      freshIp(),
      old,
    );
    expect(expired.kind).toBe('link');
    const r = await confirm(new Browser(freshIp()), (expired as { token: string }).token);
    expectError(r, 400, 'INVALID_TOKEN');
    expect(r.body.details).toEqual({ reason: 'expired' });
    const recent = await requestEmailChange(
      ctx.db,
      session,
      { newEmail: uniqueEmail('intime'), currentPassword: PASSWORD },
      freshIp(),
      new Date(Date.now() - EMAIL_CHANGE_TTL_MS + 60_000),
    );
    const inTime = await confirm(new Browser(freshIp()), (recent as { token: string }).token);
    expect(inTime.status, JSON.stringify(inTime.body)).toBe(200);
    await ctx.db.update(customers).set({ email: a.email }).where(eq(customers.id, a.id));

    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    expect((await askEmail(a.browser, { newEmail: first, currentPassword: PASSWORD })).status).toBe(200);
    expect((await askEmail(a.browser, { newEmail: second, currentPassword: PASSWORD })).status).toBe(200);
    const firstToken = decodeURIComponent(linkIn((await mailsTo(first))[0]!)!);
    const secondToken = decodeURIComponent(linkIn((await mailsTo(second))[0]!)!);
    const superseded = await confirm(new Browser(freshIp()), firstToken);
    expectError(superseded, 400, 'INVALID_TOKEN');
    expect((await rowOf(a.id)).email).toBe(a.email);
    expect((await confirm(new Browser(freshIp()), secondToken)).body).toEqual({ email: second });
  });

  test('an address of another account: the same answer, its owner is told instead of getting a link', async () => {
    const a = await customer('prober');
    const owner = await customer('owner');
    const free = uniqueEmail('free');
    const takenAnswer = await askEmail(a.browser, { newEmail: owner.email, currentPassword: PASSWORD });
    const freeAnswer = await askEmail(a.browser, { newEmail: free, currentPassword: PASSWORD });
    expect({ status: takenAnswer.status, body: takenAnswer.body }).toEqual({
      status: freeAnswer.status,
      body: freeAnswer.body,
    });
    const ownerMails = await mailsTo(owner.email);
    const registered = ownerMails.find((m) => m.text.includes(owner.email) && /bereits ein Kundenkonto/.test(m.text));
    expect(registered, ownerMails.map((m) => m.text).join('\n---\n')).toBeDefined();
    expect(ownerMails.some((m) => linkIn(m))).toBe(false);
    expect((await rowOf(owner.id)).email).toBe(owner.email);
    expect((await rowOf(a.id)).email).toBe(a.email);

    // An address taken between the request and the confirmation: a clear refusal, nothing changes.
    const token = decodeURIComponent(linkIn((await mailsTo(free))[0]!)!);
    const late = await customer('latecomer');
    await ctx.db.update(customers).set({ email: free }).where(eq(customers.id, late.id));
    expectError(await confirm(new Browser(freshIp()), token), 409, 'EMAIL_TAKEN');
    expect((await rowOf(a.id)).email).toBe(a.email);
  });

  test('requests are limited per customer and hour', async () => {
    const a = await customer('flood');
    for (let i = 0; i < 5; i++)
      expect((await askEmail(a.browser, { newEmail: uniqueEmail(`f${i}`), currentPassword: PASSWORD })).status).toBe(
        200,
      );
    const blocked = await askEmail(a.browser, { newEmail: uniqueEmail('f6'), currentPassword: PASSWORD });
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  test('a password change needs the current password, ends every other session, keeps this one and mails the customer', async () => {
    const a = await customer('keys');
    const other = new Browser(freshIp());
    expect((await login(other, a.email)).status).toBe(200);
    const otherFamily = (await ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, a.id))).length;
    expect(otherFamily).toBeGreaterThanOrEqual(2);

    expectError(
      await changePassword(a.browser, { currentPassword: 'wrong-password', newPassword: 'New-Passw0rd!' }),
      400,
      'INVALID_PASSWORD',
    );
    expectError(
      await changePassword(a.browser, { currentPassword: PASSWORD, newPassword: 'short' }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await changePassword(a.browser, { currentPassword: PASSWORD, newPassword: 'short' })).body.message).toBe(
      AUTH_MESSAGES.passwordTooShort,
    );
    expectError(
      await changePassword(a.browser, { currentPassword: PASSWORD, newPassword: 'New-Passw0rd!', logoutOthers: false }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await me(other)).status).toBe(200);
    expect((await mailsTo(a.email)).filter((m) => /Passwort .* wurde geändert/.test(m.subject))).toEqual([]);

    const changedAt = Date.now();
    const r = await changePassword(a.browser, { currentPassword: PASSWORD, newPassword: 'New-Passw0rd!' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // This browser stays signed in; the other one is out, its refresh token too.
    expect((await me(a.browser)).status).toBe(200);
    expectError(await me(other), 401, 'UNAUTHENTICATED');
    const stolen = other.clone();
    expectError(await stolen.call(auth.refresh, '/api/auth/refresh', { body: {} }), 401, 'UNAUTHENTICATED');
    const alive = await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, a.id), sql`${refreshTokens.revokedAt} IS NULL`));
    expect(new Set(alive.map((t) => t.familyId)).size).toBe(1);
    // The new password is the login now.
    expectError(await login(new Browser(freshIp()), a.email), 401, 'INVALID_CREDENTIALS');
    expect((await login(new Browser(freshIp()), a.email, 'New-Passw0rd!')).status).toBe(200);
    // The mail, in the customer's language (registered in German), says when.
    const mails = (await mailsTo(a.email)).filter((m) => /Passwort .* wurde geändert/.test(m.subject));
    expect(mails).toHaveLength(1);
    const day = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'UTC' }).format(changedAt);
    expect(mails[0]!.text).toContain(day);
    expect(mails[0]!.text).toMatch(/UTC/);
    expect(mails[0]!.text).toContain('Passwort vergessen?');
  });
});
