// A company's users on both databases, through the real handlers and real sessions: an admin invites a
// user by e-mail (an address any user has is refused), the mailed link works once and expires, a new link
// spends the old one, accepting makes the user active and signed in; roles change, a disabled user cannot
// sign in and their sessions end at once; the company never loses its last active admin, not even when
// two admins demote each other at the same moment (PostgreSQL); another company's user is a 404.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { Browser, type ApiResult } from '../helpers/auth-harness.ts';
import { seedFixtures } from '../helpers/cart-harness.ts';
import type { Mail } from '../helpers/parse-mail.ts';

// Mail goes to the outbox of this data dir; set before any module reads the environment.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-company-users-'));
process.env.DATA_DIR = dataDir;
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
delete process.env.AUTH_SECRET;
delete process.env.TRUST_PROXY;
process.env.SITE_URL = 'http://shop.test:4321';
process.env.LOG_LEVEL = 'warn';

await import('#lib/server/auth/index.ts');
const { authRoutes } = await import('#lib/server/auth/routes.ts');
const { resolveSession } = await import('#lib/server/auth/session.ts');
const { cartHandOver } = await import('#lib/server/cart/index.ts');
const { companyUsersRoutes } = await import('#lib/server/company-users/handlers.ts');
const { resolveFeatures } = await import('#lib/content/features.ts');
const { customerUsers, passwordTokens, refreshTokens } = await import('#lib/server/db/schema.ts');
const { backgroundSettled } = await import('#lib/server/mail/background.ts');
const { closeDatabase } = await import('#lib/server/db/index.ts');
const { activateRegistration } = await import('#lib/server/auth/registrations.ts');
const { claimGuestOrder } = await import('#lib/server/orders/index.ts');
const { activationToken, outboxMails } = await import('../helpers/accounts.ts');

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

async function mailsTo(to: string): Promise<Mail[]> {
  await backgroundSettled();
  return outboxMails(dataDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** The token of the newest invitation mailed to an address. */
async function invitationToken(to: string): Promise<string> {
  const mail = (await mailsTo(to)).at(-1)!;
  const link = /(http:\/\/shop\.test:4321\S*\/accept-invitation\?token=\S+)/.exec(mail.text)?.[1];
  return new URL(link!).searchParams.get('token')!;
}

let ipCounter = 0;
const freshIp = () => `10.78.${Math.floor(++ipCounter / 200)}.${(ipCounter % 200) + 1}`;
const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;
const PASSWORD = 'Company-Passw0rd';
const NEW_PASSWORD = 'Invited-Passw0rd';

forEachDatabase('company users', (ctx) => {
  const features = resolveFeatures({});
  const auth = authRoutes({ db: async () => ctx.db, features: async () => features, cart: cartHandOver });
  // The shopper of a real session, as currentShopper reads it, on this suite's database.
  const users = companyUsersRoutes({
    db: async () => ctx.db,
    shopper: async (cookies, url) => {
      const session = await resolveSession(cookies, { db: ctx.db, ...(url ? { url } : {}) });
      return session
        ? { customerId: session.customer.id, user: { id: session.user.id, role: session.user.role } }
        : { customerId: null, user: null };
    },
  });

  beforeAll(() => seedFixtures(ctx.db));

  const me = (b: Browser) => b.call(auth.me, '/api/auth/me', { body: {} });
  const login = (b: Browser, username: string, password: string) =>
    b.call(auth.login, '/api/auth/login', { body: { username, password } });
  const list = (b: Browser) => b.call(users.list, '/api/account/company-users', { method: 'GET' });
  const invite = (b: Browser, body: unknown) => b.call(users.invite, '/api/account/company-users/invite', { body });
  const resend = (b: Browser, id: string) =>
    b.call(users.resend, '/api/account/company-users/resend', { body: { id } });
  const role = (b: Browser, id: string, to: string) =>
    b.call(users.changeRole, '/api/account/company-users/role', { body: { id, role: to } });
  const status = (b: Browser, id: string, action: 'disable' | 'enable') =>
    b.call(users.setStatus, '/api/account/company-users/status', { body: { id, action } });
  const accept = (b: Browser, token: string, password = NEW_PASSWORD) =>
    b.call(users.acceptInvitation, '/api/account/company-users/accept', {
      body: { token, password, repeatPassword: password },
    });
  const expectError = (r: ApiResult, code: string, statusCode: number) =>
    expect({ status: r.status, code: r.body.code }, JSON.stringify(r.body)).toEqual({ status: statusCode, code });

  /** A new company (a registered customer), its admin signed in in a browser of its own. */
  async function company(name: string): Promise<{ admin: Browser; email: string; id: string }> {
    const admin = new Browser(freshIp());
    const email = uniqueEmail(name);
    const r = await admin.call(auth.register, '/api/auth/register', {
      body: { email, password: PASSWORD, firstName: 'Ada', lastName: name },
    });
    expect(r.status).toBe(202);
    const token = (await mailsTo(email)).map(activationToken).find(Boolean)!;
    const activated = await activateRegistration(ctx.db, { token, password: PASSWORD, ip: admin.ip }, claimGuestOrder);
    expect(activated.ok).toBe(true);
    expect((await login(admin, email, PASSWORD)).status).toBe(200);
    return { admin, email, id: activated.ok ? activated.customer.id : '' };
  }

  /** Invites a user into the company and accepts the invitation in a browser of their own, signed in. */
  async function member(admin: Browser, name: string, userRole = 'buyer') {
    const email = uniqueEmail(name);
    const invited = await invite(admin, { name, email, role: userRole, locale: 'en' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const browser = new Browser(freshIp());
    expect((await accept(browser, await invitationToken(email))).status).toBe(200);
    return { browser, email, id: invited.body.user.id as string };
  }

  test('an invitation creates an invited user and mails a link in their language; following it they choose a password, are active and signed in', async () => {
    const { admin } = await company('invite');
    const email = uniqueEmail('Foreman');
    const r = await invite(admin, { name: 'Frida Foreman', email, role: 'buyer', locale: 'fr' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.user).toMatchObject({
      name: 'Frida Foreman',
      email: email.toLowerCase(),
      role: 'buyer',
      status: 'invited',
      primary: false,
    });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^Invitation à .* sur /);
    expect(mail!.text).toContain('http://shop.test:4321/fr/accept-invitation?token=');
    // Not signed in by the invitation: no password yet.
    expectError(await login(new Browser(freshIp()), email, NEW_PASSWORD), 'INVALID_CREDENTIALS', 401);

    const invitee = new Browser(freshIp());
    const accepted = await accept(invitee, await invitationToken(email));
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await me(invitee)).body.user).toMatchObject({ email: email.toLowerCase(), role: 'buyer' });
    expect(
      (await list(admin)).body.users.find((u: { email: string }) => u.email === email.toLowerCase()),
    ).toMatchObject({
      status: 'active',
    });
    expect((await login(new Browser(freshIp()), email, NEW_PASSWORD)).status).toBe(200);
  });

  test('an invitation link works once, and only within its 7 days', async () => {
    const { admin } = await company('single-use');
    const email = uniqueEmail('once');
    await invite(admin, { name: 'Once', email, role: 'viewer', locale: 'de' });
    const token = await invitationToken(email);
    expect((await accept(new Browser(freshIp()), token)).status).toBe(200);
    expectError(await accept(new Browser(freshIp()), token, 'Another-Passw0rd'), 'INVALID_TOKEN', 400);
    expect((await login(new Browser(freshIp()), email, NEW_PASSWORD)).status).toBe(200);

    const late = uniqueEmail('late');
    const invited = await invite(admin, { name: 'Late', email: late, role: 'viewer', locale: 'de' });
    const lateToken = await invitationToken(late);
    await ctx.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, invited.body.user.id));
    expectError(await accept(new Browser(freshIp()), lateToken), 'INVALID_TOKEN', 400);
    const [row] = await ctx.db.select().from(customerUsers).where(eq(customerUsers.id, invited.body.user.id));
    expect([row!.status, row!.passwordHash]).toEqual(['invited', null]);
  });

  test('a password the rules refuse leaves the link working', async () => {
    const { admin } = await company('rules');
    const email = uniqueEmail('rules');
    await invite(admin, { name: 'Rules', email, role: 'buyer', locale: 'de' });
    const token = await invitationToken(email);
    const invitee = new Browser(freshIp());
    const r = await accept(invitee, token, 'password');
    expectError(r, 'VALIDATION_FAILED', 400);
    expect((await me(invitee)).status).toBe(401);
    expect((await accept(invitee, token)).status).toBe(200);
  });

  test('sending an invitation again spends the earlier link; an accepted invitation is not sent again', async () => {
    const { admin } = await company('resend');
    const email = uniqueEmail('again');
    const invited = await invite(admin, { name: 'Again', email, role: 'buyer', locale: 'it' });
    const first = await invitationToken(email);
    const again = await resend(admin, invited.body.user.id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    expect((await mailsTo(email)).at(-1)!.subject).toMatch(/^Invito a /);
    expectError(await accept(new Browser(freshIp()), first), 'INVALID_TOKEN', 400);
    expect((await accept(new Browser(freshIp()), second)).status).toBe(200);
    expectError(await resend(admin, invited.body.user.id), 'USER_NOT_INVITED', 409);
  });

  test('an e-mail address any user of any company has is refused, in any case', async () => {
    const a = await company('taken-a');
    const b = await company('taken-b');
    expectError(
      await invite(a.admin, { name: 'Twin', email: b.email.toUpperCase(), role: 'buyer', locale: 'de' }),
      'EMAIL_TAKEN',
      409,
    );
    const colleague = await member(b.admin, 'colleague');
    expectError(
      await invite(a.admin, { name: 'Twin', email: colleague.email, role: 'buyer', locale: 'de' }),
      'EMAIL_TAKEN',
      409,
    );
    expectError(
      await invite(a.admin, { name: 'Twin', email: 'not-an-address', role: 'buyer', locale: 'de' }),
      'VALIDATION_FAILED',
      400,
    );
    expectError(
      await invite(a.admin, { name: 'Boss', email: uniqueEmail('boss'), role: 'owner', locale: 'de' }),
      'VALIDATION_FAILED',
      400,
    );
    expectError(
      await invite(a.admin, { name: 'X', email: uniqueEmail('x'), role: 'buyer', locale: 'de', id: a.id }),
      'VALIDATION_FAILED',
      400,
    );
  });

  test('a role change takes effect at the next request: a buyer made admin manages users, an admin made viewer no more', async () => {
    const { admin } = await company('roles');
    const buyer = await member(admin, 'promoted');
    expectError(await list(buyer.browser), 'PERMISSION_DENIED', 403);
    expect((await role(admin, buyer.id, 'admin')).body.user).toMatchObject({ role: 'admin' });
    expect((await list(buyer.browser)).status).toBe(200);
    expect((await role(buyer.browser, buyer.id, 'viewer')).status).toBe(200);
    expectError(await list(buyer.browser), 'PERMISSION_DENIED', 403);
  });

  test('a disabled user cannot sign in and their sessions end at once; enabled again, they sign in with their password', async () => {
    const { admin } = await company('disable');
    const user = await member(admin, 'disabled');
    const secondTab = new Browser(freshIp());
    expect((await login(secondTab, user.email, NEW_PASSWORD)).status).toBe(200);
    expect((await me(user.browser)).status).toBe(200);

    expect((await status(admin, user.id, 'disable')).body.user).toMatchObject({ status: 'disabled' });
    expect((await me(user.browser)).status).toBe(401);
    expect((await me(secondTab)).status).toBe(401);
    const open = await ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    expect(open).toEqual([]);
    expectError(await login(new Browser(freshIp()), user.email, NEW_PASSWORD), 'INVALID_CREDENTIALS', 401);

    expect((await status(admin, user.id, 'enable')).body.user).toMatchObject({ status: 'active' });
    // The old sessions stay ended; a new sign-in works.
    expect((await me(secondTab)).status).toBe(401);
    expect((await login(new Browser(freshIp()), user.email, NEW_PASSWORD)).status).toBe(200);
  });

  test('a disabled invitee’s link no longer works; enabled again, they are invited again', async () => {
    const { admin } = await company('disable-invited');
    const email = uniqueEmail('pending');
    const invited = await invite(admin, { name: 'Pending', email, role: 'buyer', locale: 'de' });
    const token = await invitationToken(email);
    await status(admin, invited.body.user.id, 'disable');
    expectError(await accept(new Browser(freshIp()), token), 'INVALID_TOKEN', 400);
    expect((await status(admin, invited.body.user.id, 'enable')).body.user).toMatchObject({ status: 'invited' });
    expect((await resend(admin, invited.body.user.id)).status).toBe(200);
    expect((await accept(new Browser(freshIp()), await invitationToken(email))).status).toBe(200);
  });

  test('the last active admin can be neither demoted nor disabled', async () => {
    const { admin, id } = await company('last-admin');
    expectError(await role(admin, id, 'buyer'), 'LAST_ADMIN', 409);
    expectError(await status(admin, id, 'disable'), 'LAST_ADMIN', 409);
    // An invited or disabled admin is no admin who can sign in.
    const invitedAdmin = await invite(admin, {
      name: 'Later',
      email: uniqueEmail('later'),
      role: 'admin',
      locale: 'de',
    });
    expect(invitedAdmin.status).toBe(201);
    expectError(await role(admin, id, 'buyer'), 'LAST_ADMIN', 409);
    const second = await member(admin, 'second-admin', 'admin');
    expect((await role(second.browser, id, 'buyer')).status).toBe(200);
    expectError(await status(second.browser, second.id, 'disable'), 'LAST_ADMIN', 409);
    expect(
      (await list(second.browser)).body.users.filter(
        (u: { role: string; status: string }) => u.role === 'admin' && u.status === 'active',
      ),
    ).toHaveLength(1);
  });

  test('two admins demoting each other at the same moment leave one admin', async () => {
    for (let round = 0; round < 4; round++) {
      const first = await company(`race-${round}`);
      const second = await member(first.admin, `race-${round}`, 'admin');
      const answers = await Promise.all([
        role(first.admin, second.id, 'buyer'),
        role(second.browser, first.id, 'buyer'),
      ]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual(
        expect.arrayContaining([200]),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.find((a) => a.status !== 200)!;
      // Demoted first, the other admin no longer has the permission; or the lock saw one admin left.
      expect(['PERMISSION_DENIED', 'LAST_ADMIN']).toContain(refused.body.code);
      const admins = await ctx.db.execute(
        sql`SELECT count(*)::int AS n FROM customer_users WHERE customer_id = ${first.id} AND role = 'admin' AND status = 'active'`,
      );
      expect((admins as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
  });

  test("another company's user is the 404 of a made-up id, for every operation", async () => {
    const a = await company('mine');
    const b = await company('theirs');
    const theirs = await member(b.admin, 'theirs');
    const invited = await invite(b.admin, { name: 'Invited', email: uniqueEmail('inv'), role: 'buyer', locale: 'de' });
    for (const id of [theirs.id, b.id, invited.body.user.id, randomUUID()]) {
      expectError(await role(a.admin, id, 'admin'), 'COMPANY_USER_NOT_FOUND', 404);
      expectError(await status(a.admin, id, 'disable'), 'COMPANY_USER_NOT_FOUND', 404);
      expectError(await resend(a.admin, id), 'COMPANY_USER_NOT_FOUND', 404);
    }
    expect((await me(theirs.browser)).body.user).toMatchObject({ role: 'buyer' });
    expect((await list(a.admin)).body.users.map((u: { id: string }) => u.id)).toEqual([a.id]);
  });

  test('a guest is 401, a user without the permission 403, on every operation', async () => {
    const { admin, id } = await company('guarded');
    const buyer = await member(admin, 'buyer');
    const guest = new Browser(freshIp());
    for (const [browser, code, statusCode] of [
      [guest, 'UNAUTHENTICATED', 401],
      [buyer.browser, 'PERMISSION_DENIED', 403],
    ] as const) {
      expectError(await list(browser), code, statusCode);
      expectError(
        await invite(browser, { name: 'N', email: uniqueEmail('n'), role: 'admin', locale: 'de' }),
        code,
        statusCode,
      );
      expectError(await role(browser, buyer.id, 'admin'), code, statusCode);
      expectError(await status(browser, id, 'disable'), code, statusCode);
      expectError(await resend(browser, id), code, statusCode);
    }
    expect((await me(buyer.browser)).body.user.role).toBe('buyer');
  });

  test('invitations are rate limited per company, like the other mail-sending requests', async () => {
    const { admin } = await company('limited');
    const answers: number[] = [];
    for (let i = 0; i < 21; i++)
      answers.push(
        (await invite(admin, { name: `N${i}`, email: uniqueEmail(`limit${i}`), role: 'viewer', locale: 'de' })).status,
      );
    expect(answers.slice(0, 20).every((s) => s === 201)).toBe(true);
    const refused = await invite(admin, { name: 'Over', email: uniqueEmail('over'), role: 'viewer', locale: 'de' });
    expectError(refused, 'TOO_MANY_ATTEMPTS', 429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[20]).toBe(429);
  });
});
