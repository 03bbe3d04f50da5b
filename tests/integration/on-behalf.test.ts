// Ordering on behalf (issue 36, item 4) on both databases, through the real session code: a sales staff
// member opens a company user's session; it is that user's login (their company, their role) and knows
// who opened it; it may order but not change the user's password or e-mail address; it ends with a
// sign-out, after its hours, when the staff member is disabled or loses the sales role; the start, every
// state change made in it (not its reads) and the end are in the audit log under both names.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { Browser, callRoute } from '../helpers/auth-harness.ts';
import { seedFixtures } from '../helpers/cart-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'storefront-on-behalf-'));
delete process.env.DATABASE_URL;
delete process.env.SMTP_URL;
process.env.LOG_LEVEL = 'warn';

const { authRoutes } = await import('#lib/server/auth/routes.ts');
const { resolveSession } = await import('#lib/server/auth/session.ts');
const { startOnBehalf, recordOnBehalfAction, ON_BEHALF_HOURS } = await import('#lib/server/auth/on-behalf.ts');
const { changePassword } = await import('#lib/server/auth/account.ts');
const { requestEmailChange } = await import('#lib/server/auth/email-change.ts');
const { markRead } = await import('#lib/server/request-reads.ts');
const { addStaff, updateStaff } = await import('#lib/server/admin/index.ts');
const { cartHandOver } = await import('#lib/server/cart/index.ts');
const { resolveFeatures } = await import('#lib/content/features.ts');
const { auditLog, customerUsers, onBehalfSessions } = await import('#lib/server/db/schema.ts');
const { backgroundSettled } = await import('#lib/server/mail/background.ts');
const { closeDatabase } = await import('#lib/server/db/index.ts');

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

const foreman = DEMO_FIXTURES.acmeUsers.foreman1;
let staffCount = 0;

forEachDatabase('ordering on behalf', (ctx) => {
  const features = resolveFeatures({});
  const auth = authRoutes({ db: async () => ctx.db, features: async () => features, cart: cartHandOver });
  const me = (b: Browser) => b.call(auth.me, '/api/auth/me', { body: {} });
  let userId = '';

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    const [user] = await ctx.db.select().from(customerUsers).where(eq(customerUsers.email, foreman.email));
    userId = user!.id;
  });

  /** A new staff member of `role`, as the workspace's actor. */
  async function staffMember(role: 'sales' | 'admin' | 'editor') {
    const email = `sales-${++staffCount}-${ctx.kind}@example.com`;
    const { user } = await addStaff(ctx.db, { kind: 'cli' }, { email, role, password: 'Staff-Passw0rd!' });
    return { kind: 'staff' as const, id: user.id, email, role };
  }

  /** Opens the foreman's session on behalf of `staff` in a new browser, as the workspace's button does. */
  async function openFor(staff: Awaited<ReturnType<typeof staffMember>>, id = userId) {
    const browser = new Browser();
    let answer: unknown;
    const route: APIRoute = async ({ cookies, url }) => {
      answer = await startOnBehalf(ctx.db, staff, id, { cookies, url });
      return new Response(null, { status: 204 });
    };
    const { result } = await callRoute(route, '/api/admin/on-behalf', { body: {} });
    browser.apply(result.setCookies);
    return { browser, answer };
  }

  /** What the middleware does after a request answered `status`, for a request that resolved the session. */
  async function act(browser: Browser, path: string, options: { status?: number; reads?: boolean } = {}) {
    const route: APIRoute = async (context) => {
      if (options.reads) markRead(context.request);
      await resolveSession(context.cookies, { db: ctx.db, url: context.url });
      await recordOnBehalfAction(
        async () => ctx.db,
        { request: context.request, path, cookies: context.cookies },
        options.status ?? 200,
      );
      return new Response(null, { status: 204 });
    };
    const { result } = await callRoute(route, path, { body: {}, cookieHeader: browser.cookieHeader() });
    browser.apply(result.setCookies);
  }

  const auditOf = (actor: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `staff:${actor}`))
      .orderBy(auditLog.id);

  test("the session is the user's own login, with the banner's marker and who opened it", async () => {
    const staff = await staffMember('sales');
    const { browser, answer } = await openFor(staff);
    expect(answer).toEqual({ ok: true, location: '/' });
    expect(browser.jar.get('vsf-behalf')).toMatch(/^Frank Förster \(foreman1@acme\.example\), \S/);
    const r = await me(browser);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user).toMatchObject({ email: foreman.email, role: 'buyer' });
    const [row] = await ctx.db.select().from(onBehalfSessions).where(eq(onBehalfSessions.staffId, staff.id));
    expect(row!.userId).toBe(userId);
    expect(row!.expiresAt.getTime() - row!.startedAt.getTime()).toBe(ON_BEHALF_HOURS * 3_600_000);
    const [started] = await auditOf(staff.email);
    expect(started).toMatchObject({
      action: 'on-behalf.start',
      target: `customer-user:${foreman.email}`,
      details: expect.objectContaining({ user: foreman.name }),
    });
  });

  test('every state change is audited under both names, refused ones too; reads and GETs are not', async () => {
    const staff = await staffMember('sales');
    const { browser } = await openFor(staff);
    await act(browser, '/api/cart/add');
    await act(browser, '/api/orders/create', { status: 409 });
    await act(browser, '/api/catalog/prices', { reads: true });
    const rows = (await auditOf(staff.email)).filter((r) => r.action === 'on-behalf.request');
    expect(rows.map((r) => [r.target, r.details])).toEqual([
      [
        `customer-user:${foreman.email}`,
        expect.objectContaining({ method: 'POST', path: '/api/cart/add', status: 200 }),
      ],
      [`customer-user:${foreman.email}`, expect.objectContaining({ path: '/api/orders/create', status: 409 })],
    ]);
  });

  test("a customer's own session leaves no audit row", async () => {
    const browser = new Browser('10.9.0.1');
    const login = await browser.call(auth.login, '/api/auth/login', {
      body: { username: foreman.email, password: foreman.password },
    });
    expect(login.status).toBe(200);
    expect(browser.jar.has('vsf-behalf')).toBe(false);
    const before = await ctx.db.select().from(auditLog);
    await act(browser, '/api/cart/add');
    expect(await ctx.db.select().from(auditLog)).toHaveLength(before.length);
  });

  test("it may not change the user's password or e-mail address", async () => {
    const staff = await staffMember('sales');
    const { browser } = await openFor(staff);
    const route: APIRoute = async ({ cookies, url }) => {
      const session = (await resolveSession(cookies, { db: ctx.db, url }))!;
      const input = { currentPassword: foreman.password, newPassword: 'Taken-Over-Passw0rd' };
      await expect(changePassword(ctx.db, session, input, '10.9.0.2')).rejects.toMatchObject({
        code: 'ON_BEHALF_REFUSED',
        status: 403,
      });
      await expect(
        requestEmailChange(
          ctx.db,
          session,
          { newEmail: 'thief@example.com', currentPassword: foreman.password },
          '10.9.0.2',
        ),
      ).rejects.toMatchObject({ code: 'ON_BEHALF_REFUSED' });
      return new Response(null, { status: 204 });
    };
    await callRoute(route, '/api/auth/change-password', { body: {}, cookieHeader: browser.cookieHeader() });
  });

  test('signing out ends it, with its audit row; the cookies go, the marker too', async () => {
    const staff = await staffMember('sales');
    const { browser } = await openFor(staff);
    expect((await browser.call(auth.logout, '/api/auth/logout', { body: {} })).status).toBe(200);
    expect(browser.jar.has('vsf-behalf')).toBe(false);
    const [row] = await ctx.db.select().from(onBehalfSessions).where(eq(onBehalfSessions.staffId, staff.id));
    expect(row!.endedAt).not.toBeNull();
    expect((await auditOf(staff.email)).map((r) => r.action)).toEqual(['on-behalf.start', 'on-behalf.end']);
  });

  describe('it ends at once, whatever cookies the browser keeps', () => {
    test('when the staff member is disabled', async () => {
      const staff = await staffMember('sales');
      const { browser } = await openFor(staff);
      expect((await me(browser)).status).toBe(200);
      await updateStaff(ctx.db, { kind: 'cli' }, { id: staff.id, disabled: true });
      expect((await me(browser)).status).toBe(401);
      expect(browser.jar.has('vsf-behalf')).toBe(false);
    });

    test('when the staff member loses the sales role (an admin may order on behalf too)', async () => {
      const staff = await staffMember('admin');
      const { browser } = await openFor(staff);
      expect((await me(browser)).status).toBe(200);
      await updateStaff(ctx.db, { kind: 'cli' }, { id: staff.id, role: 'editor' });
      expect((await me(browser)).status).toBe(401);
    });

    test('after its hours', async () => {
      const staff = await staffMember('sales');
      const { browser } = await openFor(staff);
      await ctx.db
        .update(onBehalfSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(and(eq(onBehalfSessions.staffId, staff.id)));
      expect((await me(browser)).status).toBe(401);
    });
  });

  test('a disabled user or a made-up id cannot be opened, and nothing is written', async () => {
    const staff = await staffMember('sales');
    await expect(openFor(staff, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'COMPANY_USER_NOT_FOUND',
      status: 404,
    });
    await ctx.db.update(customerUsers).set({ status: 'disabled' }).where(eq(customerUsers.id, userId));
    try {
      await expect(openFor(staff)).rejects.toMatchObject({ code: 'COMPANY_USER_NOT_FOUND' });
    } finally {
      await ctx.db.update(customerUsers).set({ status: 'active' }).where(eq(customerUsers.id, userId));
    }
    expect(await ctx.db.select().from(onBehalfSessions).where(eq(onBehalfSessions.staffId, staff.id))).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actor, `staff:${staff.email}`))
        .orderBy(desc(auditLog.id)),
    ).toEqual([]);
  });
});
