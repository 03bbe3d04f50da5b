// The review's low findings about the editor workspace, each as the attack was made:
//  - the preview cookie kept working after signing out, after "Leave preview" and after the account was
//    disabled: now it names a preview kept on the workspace session, which each of these ends on the
//    server, so a copy of the cookie stops working too (through the route files on the process
//    database, and the binding itself on PGlite and PostgreSQL);
//  - a NUL byte in the preview's exit target answered 500: every target leads to a path of this site,
//    a control character or another origin to the home page;
//  - an anonymous malformed call to /api/admin/** answered 400 before 401: every guarded endpoint,
//    found by walking src/pages/api/admin, answers 401 to an anonymous caller whatever it sends.
import { eq } from 'drizzle-orm';
import type { APIContext, APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { Browser, parseSetCookie, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { adminRouteFiles, callAdmin, handlerOf, staffSignIn, type AdminRequest } from '../helpers/admin-harness.ts';
import { CookieJar } from '../helpers/cart-harness.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { staffSessions, staffUsers } from '#lib/server/db/schema.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { addStaff } from '#lib/server/admin/index.ts';
import { endStaffSession, startStaffSession } from '#lib/server/admin/sessions.ts';
import { endPreview, previewingStaff, startPreview } from '#lib/server/preview.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import * as previewRoute from '../../src/pages/admin/preview.ts';
import * as exitRoute from '../../src/pages/admin/preview/exit.ts';

/** The cookies' names are what browsers, the server front and Varnish hold on to. */
const PREVIEW_COOKIE = 'vsf-preview';
const STAFF_COOKIE = 'vsf-staff';
const PASSWORD: string = DEMO_FIXTURES.password;
const { editor, admin } = DEMO_FIXTURES.staff;
const ROUTES = await adminRouteFiles();
/** Signing in, setting a password from a mailed link and signing out need no session. */
const PUBLIC = new Set(['POST /api/admin/sign-in', 'POST /api/admin/set-password', 'POST /api/admin/sign-out']);

beforeAll(async () => {
  await prepareDataDir({ SITE_URL: 'http://shop.test:4321' });
});

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

/** A page route (src/pages/admin/preview*.ts) run as Astro runs it, redirect() included, with `browser`'s cookies. */
async function page(
  route: APIRoute,
  path: string,
  browser: Browser,
): Promise<{ status: number; location: string | null }> {
  const headers = new Headers();
  if (browser.cookieHeader()) headers.set('cookie', browser.cookieHeader());
  const request = new Request(new URL(path, browser.origin), { headers });
  const cookies = new AstroCookies(request, { warn() {} });
  const context = {
    request,
    cookies,
    url: new URL(request.url),
    params: {},
    locals: {},
    // Astro's own redirect(): the Location header as given.
    redirect: (to: string, status = 302) => new Response(null, { status, headers: { Location: to } }),
  } as unknown as APIContext;
  const response = await route(context);
  browser.apply([...cookies.headers()].map(parseSetCookie));
  return { status: response.status, location: response.headers.get('location') };
}

/** The staff member a page request with `browser`'s cookies is previewed for (what the middleware asks), or null. */
const previewer = (browser: Browser) =>
  previewingStaff(new Request(new URL('/en/', browser.origin), { headers: { cookie: browser.cookieHeader() } }));

const post = (path: string, body: unknown, browser: Browser) =>
  callAdmin(handlerOf(ROUTES, 'POST', path), { path, body }, browser);
const entries = (browser: Browser) =>
  callAdmin(handlerOf(ROUTES, 'GET', '/api/admin/entries'), { method: 'GET', path: '/api/admin/entries' }, browser);
const staffIdOf = async (email: string) =>
  (await (await getDb()).select().from(staffUsers).where(eq(staffUsers.email, email)))[0]!.id;

async function signedIn(email: string, password = PASSWORD): Promise<Browser> {
  const browser = new Browser(
    `10.28.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    'http://shop.test:4321',
  );
  const answer = await staffSignIn(ROUTES, browser, email, password);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return browser;
}

/** Opens the preview as the entry editor's "Preview" link does; answers the browser and a thief's copy of its cookies. */
async function previewing(browser: Browser): Promise<Browser> {
  expect(await page(previewRoute.GET, '/admin/preview?to=%2Fen%2F', browser)).toEqual({
    status: 303,
    location: '/en/',
  });
  expect(browser.jar.has(PREVIEW_COOKIE)).toBe(true);
  return browser.clone('10.99.0.1');
}

// --------------------------------------------------------------- the preview cookie
describe('the preview cookie after the editor is done', () => {
  test('signing out ends the preview, for a copied cookie too', async () => {
    const browser = await signedIn(editor.email);
    const copy = await previewing(browser);
    const id = await staffIdOf(editor.email);
    expect(await previewer(browser)).toBe(id);
    expect(await previewer(copy)).toBe(id);

    expect((await post('/api/admin/sign-out', {}, browser)).status).toBe(200);
    expect(browser.jar.has(PREVIEW_COOKIE)).toBe(false);
    expect(await previewer(copy)).toBeNull();
  });

  test('"Leave preview" ends it on the server; the session stays and a new preview works', async () => {
    const browser = await signedIn(editor.email);
    const copy = await previewing(browser);
    expect(await page(exitRoute.GET, '/admin/preview/exit?to=%2Fen%2Fc%2Ftools', browser)).toEqual({
      status: 303,
      location: '/en/c/tools',
    });
    expect(browser.jar.has(PREVIEW_COOKIE)).toBe(false);
    expect(await previewer(copy)).toBeNull();
    expect((await entries(browser)).status).toBe(200);

    const second = await previewing(browser);
    expect(await previewer(second)).toBe(await staffIdOf(editor.email));
    expect(await previewer(copy)).toBeNull();
  });

  test('disabling the account ends its preview: in the workspace, or straight in the database', async () => {
    const db = await getDb();
    for (const how of ['workspace', 'database'] as const) {
      const email = `previewing.${how}@example.com`;
      const { user } = await addStaff(db, { kind: 'cli' }, { email, role: 'editor', password: 'Staff-Passw0rd!' });
      const copy = await previewing(await signedIn(email, 'Staff-Passw0rd!'));
      expect(await previewer(copy)).toBe(user.id);
      if (how === 'workspace') {
        const disabled = await post(
          '/api/admin/staff/update',
          { id: user.id, disabled: true },
          await signedIn(admin.email),
        );
        expect([disabled.status, disabled.body.disabled]).toEqual([200, true]);
      } else {
        await db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, user.id));
      }
      expect(await previewer(copy)).toBeNull();
    }
  });

  test('without a live session there is no preview to start', async () => {
    const stranger = new Browser('10.99.0.2', 'http://shop.test:4321');
    stranger.jar.set(STAFF_COOKIE, 'made-up-session-token');
    const answer = await page(previewRoute.GET, '/admin/preview?to=%2Fen%2F', stranger);
    expect(answer.status).toBe(303);
    expect(answer.location).toMatch(/^\/admin\/sign-in\?next=/);
    expect(stranger.jar.has(PREVIEW_COOKIE)).toBe(false);
  });
});

forEachDatabase('a preview bound to its workspace session', (ctx) => {
  const SHOP = new URL('http://shop.test:4321/');
  const header = (jar: CookieJar) => [...jar.values].map(([name, value]) => `${name}=${value}`).join('; ');
  const previewed = (jar: CookieJar) =>
    previewingStaff(new Request(SHOP, { headers: { cookie: header(jar) } }), ctx.db);
  /** A second browser holding a copy of `jar`'s preview cookie only. */
  const copyOf = (jar: CookieJar) => {
    const copy = new CookieJar();
    copy.values.set(PREVIEW_COOKIE, jar.values.get(PREVIEW_COOKIE)!);
    return copy;
  };
  const sessionsOf = (staffId: number) => ctx.db.select().from(staffSessions).where(eq(staffSessions.staffId, staffId));

  async function editorPreviewing(email: string): Promise<{ jar: CookieJar; id: number }> {
    const { user } = await addStaff(ctx.db, { kind: 'cli' }, { email, role: 'editor' });
    const jar = new CookieJar();
    await startStaffSession(ctx.db, user, jar.forRequest(), SHOP);
    expect(await startPreview(ctx.db, jar.forRequest(), SHOP)).toBe(true);
    return { jar, id: user.id };
  }

  test('lives while its session does and until its 30 minutes are over', async () => {
    const { jar, id } = await editorPreviewing('bound.expiry@example.com');
    expect(jar.lastSet.get(PREVIEW_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 30 * 60,
    });
    expect(await previewed(jar)).toBe(id);
    const [session] = await sessionsOf(id);
    expect(session!.previewExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    // The database keeps the token's hash, never the token.
    expect(session!.previewHash).toMatch(/^[0-9a-f]{64}$/);
    expect(jar.values.get(PREVIEW_COOKIE)).not.toContain(session!.previewHash);

    await ctx.db
      .update(staffSessions)
      .set({ previewExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, id));
    expect(await previewed(jar)).toBeNull();
    expect(await startPreview(ctx.db, jar.forRequest(), SHOP)).toBe(true);
    expect(await previewed(jar)).toBe(id);
    await ctx.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.staffId, id));
    expect(await previewed(jar)).toBeNull();
    expect(await startPreview(ctx.db, jar.forRequest(), SHOP)).toBe(false);
  });

  test('a new preview replaces the last one; leaving ends it for every copy', async () => {
    const { jar, id } = await editorPreviewing('bound.leave@example.com');
    const first = copyOf(jar);
    expect(await startPreview(ctx.db, jar.forRequest(), SHOP)).toBe(true);
    expect(await previewed(first)).toBeNull();
    const second = copyOf(jar);
    expect(await previewed(second)).toBe(id);
    await endPreview(ctx.db, jar.forRequest(), SHOP);
    expect(jar.values.has(PREVIEW_COOKIE)).toBe(false);
    expect(await previewed(second)).toBeNull();
    expect(await sessionsOf(id)).toHaveLength(1);
  });

  test('signing out and disabling the account end it for every copy', async () => {
    const out = await editorPreviewing('bound.signout@example.com');
    const outCopy = copyOf(out.jar);
    await endStaffSession(ctx.db, out.jar.forRequest(), SHOP);
    expect(out.jar.values.has(PREVIEW_COOKIE)).toBe(false);
    expect(await previewed(outCopy)).toBeNull();

    const gone = await editorPreviewing('bound.disabled@example.com');
    await ctx.db.update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, gone.id));
    expect(await previewed(gone.jar)).toBeNull();
  });
});

// -------------------------------------------------------------- the exit target
describe('the preview exit target', () => {
  const exit = (to: string) =>
    page(
      exitRoute.GET,
      `/admin/preview/exit?to=${encodeURIComponent(to)}`,
      new Browser('10.99.0.3', 'http://shop.test:4321'),
    );

  test.each([
    '/\u0000',
    '/en/c/tools\u0000',
    '/en/%00/\u0000',
    '/\r\nSet-Cookie: vsf-staff=x',
    '/\t/evil.example',
    '/en/\u007f',
    '//evil.example',
    '/\\evil.example',
    '/a/..//evil.example',
    '/./\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '',
  ])('%j leads home, never to a 500 or another origin', async (to) => {
    expect(await exit(to)).toEqual({ status: 303, location: '/' });
  });

  test('a path of this site is kept, non-ASCII percent-encoded as a browser sends it', async () => {
    expect(await exit('/en/c/tools?page=2#top')).toEqual({ status: 303, location: '/en/c/tools?page=2#top' });
    expect(await exit('/i/über uns')).toEqual({ status: 303, location: '/i/%C3%BCber%20uns' });
  });

  test('"Preview" with a NUL in its target opens the preview on the home page', async () => {
    const browser = await signedIn(editor.email);
    expect(await page(previewRoute.GET, `/admin/preview?to=${encodeURIComponent('/en/\u0000')}`, browser)).toEqual({
      status: 303,
      location: '/',
    });
  });
});

// ----------------------------------------------------- 401 before anything else
describe('an anonymous caller of /api/admin/**', () => {
  const guarded = ROUTES.flatMap((route) =>
    Object.entries(route.handlers).map(([method, handler]) => ({
      id: `${method} ${route.path}`,
      method,
      route,
      handler: handler!,
    })),
  ).filter((e) => !PUBLIC.has(e.id));
  /** Requests no schema accepts: not JSON, the wrong type, unknown fields, nothing, a hostile query. */
  const MALFORMED: { label: string; request: Omit<AdminRequest, 'path' | 'method'>; query?: string }[] = [
    { label: 'broken JSON', request: { rawBody: '{"revision": ' } },
    { label: 'the wrong content type', request: { rawBody: 'a=1', contentType: 'application/x-www-form-urlencoded' } },
    { label: 'fields no schema has', request: { rawBody: '{"nonsense":true,"__proto__":{"admin":true}}' } },
    { label: 'an empty body', request: { rawBody: '' } },
    { label: 'a hostile query', request: {}, query: '?type=%00&identifier=..%2F..&locale=xx&version=-1&x=1' },
  ];
  const params = { type: 'nonsense', identifier: '\u0000', sku: '', id: 'NaN' };

  test('the walk finds the guarded endpoints', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(17);
  });

  test.each(guarded)(
    '$id answers 401 UNAUTHENTICATED to every malformed request',
    async ({ method, route, handler }) => {
      const path = route.path.replace(/\[(\w+)\]/g, 'x');
      for (const { label, request, query } of MALFORMED) {
        const answer: ApiResult = await callAdmin(
          handler,
          { ...request, method, path: path + (query ?? ''), params },
          new Browser('10.99.0.4'),
        );
        expect([label, answer.status, answer.body?.code], JSON.stringify(answer.body)).toEqual([
          label,
          401,
          'UNAUTHENTICATED',
        ]);
      }
    },
  );

  test("an editor gets 403 from an admin's endpoint, whatever it sends", async () => {
    const browser = await signedIn(editor.email);
    for (const path of [
      '/api/admin/staff',
      '/api/admin/staff/update',
      '/api/admin/tokens',
      '/api/admin/tokens/revoke',
    ]) {
      const answer = await callAdmin(handlerOf(ROUTES, 'POST', path), { path, rawBody: '{"id": ' }, browser);
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
  });
});
