// Who reaches the editor workspace's endpoints. The endpoints are found by walking src/pages/api/admin
// (each method a route file exports), so a new admin endpoint is checked without anyone touching this
// file: every one but the public sign-in, set-password and sign-out answers 401 to a request without a
// live staff session (none, a customer's, a forged, an expired, a disabled account's). Then the roles
// (staff and tokens are the admin's), the last admin, sign-in with its rate limit and cookie, sign-out,
// and the invitation link that sets a password. Two admins demoting each other at once also run on a
// real PostgreSQL, where the transactions really overlap.
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import {
  adminRouteFiles,
  callAdmin,
  handlerOf,
  queryOf,
  setPasswordToken,
  staffSignIn,
  type AdminRouteFile,
} from '../helpers/admin-harness.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { apiTokens, staffPasswordTokens, staffSessions, staffUsers } from '#lib/server/db/schema.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { addStaff, updateStaff } from '#lib/server/admin/index.ts';
import { randomToken, sha256Hex } from '#lib/server/auth/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import type { ApiError } from '#lib/server/http.ts';
import * as customerLogin from '../../src/pages/api/auth/login.ts';

/** The session cookie's name is a promise to every signed-in editor's browser. */
const STAFF_COOKIE = 'vsf-staff';
const PASSWORD: string = DEMO_FIXTURES.password;
const { editor, admin } = DEMO_FIXTURES.staff;
const customer = DEMO_FIXTURES.customers.normal;
/** The login limits docs/accounts.md promises, which staff sign-ins share (under a staff: account key). */
const FAILURES_PER_ACCOUNT_AND_IP = 5;
const SESSION_HOURS = 8;

const ROUTES = await adminRouteFiles();

/**
 * Endpoints anyone may call: signing in, setting a password from a mailed link (the link is the
 * credential), and signing out (its contract has no error: ending no session is no failure).
 */
const PUBLIC = new Set(['POST /api/admin/sign-in', 'POST /api/admin/set-password', 'POST /api/admin/sign-out']);

/** Values for the [params] of route files. */
const SAMPLE_PARAMS: Record<string, string> = {
  type: 'block',
  identifier: 'menu',
  sku: DEMO_FIXTURES.products.available,
  id: '1',
};

const menu = { type: 'block', identifier: 'menu', locale: '' } as const;
/**
 * One request each endpoint accepts as valid, so that what refuses it is the access check and not the
 * schema (the JSON contract's endpoints validate the body first). A new endpoint needs a line here.
 */
const SAMPLES: Record<string, { query?: Record<string, string>; body?: unknown }> = {
  'GET /api/admin/entries': { query: {} },
  'GET /api/admin/entry': { query: menu },
  'GET /api/admin/version': { query: { ...menu, version: '1' } },
  'POST /api/admin/draft': { body: { ...menu, config: { entries: [] }, content: null, revision: 0 } },
  'POST /api/admin/draft/discard': { body: { ...menu, revision: 1 } },
  'POST /api/admin/publish': { body: { ...menu, revision: 1 } },
  'POST /api/admin/rollback': { body: { ...menu, version: 1, current: 1 } },
  'POST /api/admin/entry/delete': { body: { ...menu, locale: 'en', current: 1 } },
  'GET /api/admin/staff': { query: {} },
  'POST /api/admin/staff': { body: { email: 'intruder@example.com', role: 'admin' } },
  'POST /api/admin/staff/update': { body: { id: 1, role: 'admin' } },
  'GET /api/admin/tokens': { query: {} },
  'POST /api/admin/tokens': { body: { name: 'intruder', scopes: ['content:write'] } },
  'POST /api/admin/tokens/revoke': { body: { id: 1 } },
  'GET /api/admin/content/[type]/[identifier]': {},
  'PUT /api/admin/content/[type]/[identifier]': { body: { config: { entries: [] } } },
  'DELETE /api/admin/content/[type]/[identifier]': {},
  'PUT /api/admin/products/[sku]': { body: { texts: { en: { name: 'Intruder' } } } },
  'PUT /api/admin/categories/[id]': { body: { texts: { en: { name: 'Intruder' } } } },
  'GET /api/admin/imports': { query: {} },
  'POST /api/admin/imports': {
    query: { name: 'stock.csv' },
    body: `sku;stock\n${DEMO_FIXTURES.products.available};1\n`,
  },
  'GET /api/admin/imports/[id]': { query: {} },
  'GET /api/admin/imports/[id]/report.csv': { query: {} },
  'PUT /api/admin/stock': { body: { items: [{ sku: DEMO_FIXTURES.products.available, stock: 1 }] } },
  'PUT /api/admin/prices': {
    body: { items: [{ sku: DEMO_FIXTURES.products.available, prices: [{ currency: 'EUR', cents: 1 }] }] },
  },
  'GET /api/admin/orders': { query: {} },
  'GET /api/admin/orders/[id]': { query: {} },
  'GET /api/admin/orders/[id]/events': { query: {} },
  'POST /api/admin/orders/[id]/events': { body: { type: 'confirmed' } },
  'GET /api/admin/webhooks': { query: {} },
  'POST /api/admin/webhooks': { body: { url: 'https://erp.example.com/hook', eventTypes: [] } },
  'POST /api/admin/webhooks/update': { body: { id: 1, enabled: false } },
  'POST /api/admin/webhooks/delete': { body: { id: 1 } },
  'GET /api/admin/webhooks/deliveries': { query: { endpoint: '1' } },
  'POST /api/admin/webhooks/redeliver': { body: { id: 1 } },
  'GET /api/admin/reviews': { query: {} },
  'POST /api/admin/reviews/publish': { body: { id: '00000000-0000-4000-8000-000000000000' } },
  'POST /api/admin/reviews/reject': { body: { id: '00000000-0000-4000-8000-000000000000', reason: 'Spam.' } },
  'POST /api/admin/reviews/reply': { body: { id: '00000000-0000-4000-8000-000000000000', reply: 'Thanks.' } },
  'GET /api/admin/audit': { query: {} },
  'GET /api/admin/media': { query: {} },
  'POST /api/admin/media': { query: { name: 'intruder.png' }, body: 'not a picture' },
  'POST /api/admin/media/alt': { body: { id: 1, alt: { de: 'Bild' } } },
  'POST /api/admin/media/delete': { body: { id: 1 } },
  'POST /api/admin/media/replace': { query: { id: '1' }, body: 'not a picture' },
  'GET /api/admin/links': { query: { locale: 'de', q: 'bohr' } },
  'POST /api/admin/on-behalf': { body: { userId: '00000000-0000-4000-8000-000000000000' } },
  'GET /api/admin/quotes': { query: {} },
  // A made-up quote, answered with a last day inside the allowed year.
  'POST /api/admin/quotes/answer': {
    body: {
      number: 'Q99999999',
      version: 1,
      validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      message: '',
      prices: [{ line: '00000000-0000-4000-8000-000000000000', unitNetCents: 1 }],
    },
  },
};

interface Endpoint {
  id: string;
  method: string;
  route: AdminRouteFile;
}

const ENDPOINTS: Endpoint[] = ROUTES.flatMap((route) =>
  Object.keys(route.handlers).map((method) => ({ id: `${method} ${route.path}`, method, route })),
);
const GUARDED = ENDPOINTS.filter((e) => !PUBLIC.has(e.id));

/** Sends an endpoint's sample request (GET: as the query; params filled in) with `browser`'s cookies. */
function callSample(
  endpoint: Endpoint,
  browser: Browser,
  extra: { bearer?: string; headers?: Record<string, string> } = {},
): Promise<ApiResult> {
  const sample = SAMPLES[endpoint.id];
  if (!sample) throw new Error(`no sample request for ${endpoint.id}`);
  const params = Object.fromEntries(endpoint.route.params.map((p) => [p, SAMPLE_PARAMS[p]]));
  const path = endpoint.route.path.replace(/\[(\w+)\]/g, (_m, p: string) => encodeURIComponent(SAMPLE_PARAMS[p] ?? ''));
  return callAdmin(
    endpoint.route.handlers[endpoint.method as 'GET']!,
    {
      method: endpoint.method,
      path: path + queryOf(sample.query ?? {}),
      params,
      body: sample.body,
      ...extra,
    },
    browser,
  );
}

const route = (method: string, path: string) => handlerOf(ROUTES, method, path);
const post = (path: string, body: unknown, b?: Browser) => callAdmin(route('POST', path), { path, body }, b);
const get = (path: string, query: Record<string, unknown>, b?: Browser) =>
  callAdmin(route('GET', path), { method: 'GET', path: path + queryOf(query) }, b);
const entries = (b: Browser) => get('/api/admin/entries', {}, b);
const signIn = (b: Browser, email: string, password = PASSWORD) => staffSignIn(ROUTES, b, email, password);

function expectError(r: ApiResult, status: number, code: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ code, status, message: expect.any(String) });
}

async function signedIn(email: string, ip = '127.0.0.1'): Promise<Browser> {
  const b = new Browser(ip);
  const r = await signIn(b, email);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return b;
}

/** A staff account with a password, made the way the staff command makes one. */
async function staffWithPassword(email: string, role: 'editor' | 'admin'): Promise<number> {
  const { user } = await addStaff(await getDb(), { kind: 'cli' }, { email, role, password: 'Staff-Passw0rd!' });
  return user.id;
}

const staffId = async (email: string) =>
  (await (await getDb()).select().from(staffUsers).where(eq(staffUsers.email, email)))[0]!;
const sessionHash = (b: Browser) => sha256Hex(b.jar.get(STAFF_COOKIE)!);

let dataDir: string;

beforeAll(async () => {
  dataDir = await prepareDataDir({ SITE_URL: 'http://shop.test:4321' });
});

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

// --------------------------------------------------------------- the endpoints
describe('admin endpoints found under src/pages/api/admin', () => {
  test('the walk finds the workspace and the content API', () => {
    const ids = ENDPOINTS.map((e) => e.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'POST /api/admin/sign-in',
        'POST /api/admin/draft',
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'GET /api/admin/content/[type]/[identifier]',
        'PUT /api/admin/content/[type]/[identifier]',
        'DELETE /api/admin/content/[type]/[identifier]',
        'PUT /api/admin/products/[sku]',
        'PUT /api/admin/categories/[id]',
      ]),
    );
    expect(ROUTES.every((r) => Object.keys(r.handlers).length > 0)).toBe(true);
  });

  test('every endpoint that needs a session has a sample request here (add one for a new endpoint)', () => {
    expect(GUARDED.filter((e) => !SAMPLES[e.id]).map((e) => e.id)).toEqual([]);
    expect(GUARDED.flatMap((e) => e.route.params).filter((p) => !(p in SAMPLE_PARAMS))).toEqual([]);
  });
});

/** Requests that must not get in, each from a browser made for it. */
const INTRUDERS: { label: string; make: () => Promise<Browser> }[] = [
  { label: 'no cookie', make: async () => new Browser() },
  {
    label: "a signed-in customer's cookies",
    make: async () => {
      const b = new Browser('10.1.0.1');
      const r = await b.call(customerLogin.POST, '/api/auth/login', {
        body: { username: customer.email, password: customer.password },
      });
      expect(r.status).toBe(200);
      expect(b.jar.size).toBeGreaterThan(0);
      return b;
    },
  },
  {
    label: 'a forged vsf-staff cookie',
    make: async () => {
      const b = new Browser();
      b.jar.set(STAFF_COOKIE, randomToken());
      return b;
    },
  },
  {
    label: 'the stored hash of a live admin session as the cookie',
    make: async () => {
      const real = await signedIn(admin.email, '10.1.0.2');
      const b = new Browser();
      b.jar.set(STAFF_COOKIE, sessionHash(real));
      return b;
    },
  },
  {
    label: 'an expired admin session',
    make: async () => {
      const b = await signedIn(admin.email, '10.1.0.3');
      expect((await entries(b)).status).toBe(200);
      await (
        await getDb()
      )
        .update(staffSessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(staffSessions.tokenHash, sessionHash(b)));
      return b;
    },
  },
  {
    label: 'the session of an admin account disabled since',
    make: async () => {
      const id = await staffWithPassword('disabled.admin@example.com', 'admin');
      const b = new Browser('10.1.0.4');
      expect((await signIn(b, 'disabled.admin@example.com', 'Staff-Passw0rd!')).status).toBe(200);
      expect((await entries(b)).status).toBe(200);
      await (await getDb()).update(staffUsers).set({ disabledAt: new Date() }).where(eq(staffUsers.id, id));
      return b;
    },
  },
];

describe.each(INTRUDERS)('a request with $label', ({ make }) => {
  let b: Browser;
  beforeAll(async () => {
    b = await make();
  });

  test.each(GUARDED)('$id answers 401 UNAUTHENTICATED', async (endpoint) => {
    const r = await callSample(endpoint, b);
    expectError(r, 401, 'UNAUTHENTICATED');
  });
});

describe("a sales user's session (ordering on behalf, docs/accounts.md)", () => {
  // Ordering on behalf and answering quotes (sales staff and admins).
  const SALES_ONLY = new Set(['POST /api/admin/on-behalf', 'GET /api/admin/quotes', 'POST /api/admin/quotes/answer']);
  let b: Browser;
  beforeAll(async () => {
    b = await signedIn(DEMO_FIXTURES.staff.sales.email, '10.1.0.6');
  });

  test.each(GUARDED.filter((e) => !SALES_ONLY.has(e.id)))('$id answers 403 FORBIDDEN', async (endpoint) => {
    expectError(await callSample(endpoint, b), 403, 'FORBIDDEN');
  });

  const sample = (id: string) => GUARDED.find((e) => e.id === id)!;

  test('ordering on behalf is theirs: a made-up user is a 404, not a 403', async () => {
    expectError(await callSample(sample('POST /api/admin/on-behalf'), b), 404, 'COMPANY_USER_NOT_FOUND');
  });

  test('quotes are theirs: the queue answers, a made-up quote is a 404, not a 403', async () => {
    expect((await callSample(sample('GET /api/admin/quotes'), b)).status).toBe(200);
    expectError(await callSample(sample('POST /api/admin/quotes/answer'), b), 404, 'QUOTE_NOT_FOUND');
  });

  test.each([...SALES_ONLY])("an editor's session may not use %s", async (id) => {
    expectError(await callSample(sample(id), await signedIn(editor.email, '10.1.0.7')), 403, 'FORBIDDEN');
  });
});

describe('the content API with a bearer token that is not one', () => {
  const viaApi = GUARDED.filter((e) => /\/(content|products|categories)\/|\/(imports|stock|prices)\b/.test(e.id));

  test.each(viaApi)('$id answers 401 even next to a live admin session', async (endpoint) => {
    const b = await signedIn(admin.email, '10.1.0.5');
    for (const bearer of ['vsf_made-up', randomToken(), `vsf_${'a'.repeat(200)}`]) {
      expectError(await callSample(endpoint, b, { bearer }), 401, 'UNAUTHENTICATED');
    }
    expectError(
      await callSample(endpoint, b, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

// ---------------------------------------------------------------------- roles
describe('roles', () => {
  let editorB: Browser;
  let adminB: Browser;

  beforeAll(async () => {
    editorB = await signedIn(editor.email, '10.2.0.1');
    adminB = await signedIn(admin.email, '10.2.0.2');
  });

  const ADMIN_ONLY = [
    'GET /api/admin/staff',
    'POST /api/admin/staff',
    'POST /api/admin/staff/update',
    'GET /api/admin/tokens',
    'POST /api/admin/tokens',
    'POST /api/admin/tokens/revoke',
    // The catalogue's data is the admin's (README, "Bring your catalogue").
    'GET /api/admin/imports',
    'POST /api/admin/imports',
    'GET /api/admin/imports/[id]',
    'PUT /api/admin/stock',
    'PUT /api/admin/prices',
    // Orders name customers and their addresses; webhooks send them out (docs/erp.md, docs/webhooks.md).
    'GET /api/admin/orders',
    'GET /api/admin/orders/[id]',
    'GET /api/admin/orders/[id]/events',
    'POST /api/admin/orders/[id]/events',
    'GET /api/admin/webhooks',
    'POST /api/admin/webhooks',
    'POST /api/admin/webhooks/update',
    'POST /api/admin/webhooks/delete',
    'GET /api/admin/webhooks/deliveries',
    'POST /api/admin/webhooks/redeliver',
    // The audit trail names every staff member and token and spans the admin's own areas.
    'GET /api/admin/audit',
  ];

  test.each(ADMIN_ONLY)('an editor gets 403 FORBIDDEN from %s, and nothing changes', async (id) => {
    const db = await getDb();
    const before = { staff: await db.select().from(staffUsers), tokens: await db.select().from(apiTokens) };
    expectError(
      await callSample(
        ENDPOINTS.find((e) => e.id === id)!,
        editorB,
      ),
      403,
      'FORBIDDEN',
    );
    expect({ staff: await db.select().from(staffUsers), tokens: await db.select().from(apiTokens) }).toEqual(before);
  });

  test('an editor edits content all the same', async () => {
    expect((await entries(editorB)).status).toBe(200);
    expect((await get('/api/admin/entry', menu, editorB)).status).toBe(200);
  });

  test('an admin lists, adds and changes staff, and creates, lists and revokes tokens', async () => {
    const list = await get('/api/admin/staff', {}, adminB);
    expect(list.status).toBe(200);
    expect(list.body.staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: editor.email, role: 'editor', disabled: false }),
        expect.objectContaining({ email: admin.email, role: 'admin', disabled: false }),
      ]),
    );
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|passwordHash/);

    const added = await post('/api/admin/staff', { email: ' Helper@Example.com ', role: 'editor' }, adminB);
    expect([added.status, added.body]).toEqual([
      201,
      expect.objectContaining({ email: 'helper@example.com', role: 'editor', disabled: false }),
    ]);
    expectError(
      await post('/api/admin/staff', { email: 'helper@example.com', role: 'admin' }, adminB),
      409,
      'STAFF_EXISTS',
    );
    const promoted = await post('/api/admin/staff/update', { id: added.body.id, role: 'admin' }, adminB);
    expect([promoted.status, promoted.body.role]).toEqual([200, 'admin']);
    const demoted = await post('/api/admin/staff/update', { id: added.body.id, role: 'editor' }, adminB);
    expect([demoted.status, demoted.body.role]).toEqual([200, 'editor']);
    expectError(await post('/api/admin/staff/update', { id: 999_999, role: 'editor' }, adminB), 404, 'STAFF_NOT_FOUND');

    const created = await post('/api/admin/tokens', { name: 'PIM', scopes: ['catalog:write'] }, adminB);
    expect([created.status, created.body]).toEqual([
      201,
      expect.objectContaining({
        name: 'PIM',
        scopes: ['catalog:write'],
        revokedAt: null,
        token: expect.stringMatching(/^vsf_/),
      }),
    ]);
    const tokens = await get('/api/admin/tokens', {}, adminB);
    expect(tokens.status).toBe(200);
    expect(tokens.body.tokens).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: created.body.id, name: 'PIM' })]),
    );
    expect(JSON.stringify(tokens.body)).not.toContain(created.body.token);
    const revoked = await post('/api/admin/tokens/revoke', { id: created.body.id }, adminB);
    expect([revoked.status, revoked.body.revokedAt]).toEqual([200, expect.any(String)]);
    expectError(await post('/api/admin/tokens/revoke', { id: 999_999 }, adminB), 404, 'TOKEN_NOT_FOUND');
  });

  test('an editor cannot make themselves admin', async () => {
    const self = await staffId(editor.email);
    expectError(await post('/api/admin/staff/update', { id: self.id, role: 'admin' }, editorB), 403, 'FORBIDDEN');
    expectError(await post('/api/admin/staff', { email: editor.email, role: 'admin' }, editorB), 403, 'FORBIDDEN');
    expect((await staffId(editor.email)).role).toBe('editor');
    expectError(await get('/api/admin/staff', {}, editorB), 403, 'FORBIDDEN');
  });

  test('the last admin who can sign in can be neither demoted nor disabled', async () => {
    const db = await getDb();
    const activeAdmins = await db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)));
    expect(activeAdmins.map((a) => a.email)).toEqual([admin.email]);
    const self = activeAdmins[0]!;
    expectError(await post('/api/admin/staff/update', { id: self.id, role: 'editor' }, adminB), 409, 'LAST_ADMIN');
    expectError(await post('/api/admin/staff/update', { id: self.id, disabled: true }, adminB), 409, 'LAST_ADMIN');
    expectError(
      await post('/api/admin/staff/update', { id: self.id, role: 'editor', disabled: true }, adminB),
      409,
      'LAST_ADMIN',
    );
    expect(await staffId(admin.email)).toEqual(self);
    expect((await get('/api/admin/staff', {}, adminB)).status).toBe(200);

    // With a second admin, either may go.
    const second = await post('/api/admin/staff', { email: 'second.admin@example.com', role: 'admin' }, adminB);
    expect(second.status).toBe(201);
    const disabled = await post('/api/admin/staff/update', { id: second.body.id, disabled: true }, adminB);
    expect([disabled.status, disabled.body.disabled]).toEqual([200, true]);
    // Disabled, it no longer counts: the one left is the last again.
    expectError(await post('/api/admin/staff/update', { id: self.id, role: 'editor' }, adminB), 409, 'LAST_ADMIN');
  });

  test('disabling an account in the workspace ends its sessions at once and keeps it out', async () => {
    const id = await staffWithPassword('leaver@example.com', 'editor');
    const leaver = new Browser('10.2.0.3');
    expect((await signIn(leaver, 'leaver@example.com', 'Staff-Passw0rd!')).status).toBe(200);
    expect((await entries(leaver)).status).toBe(200);
    const r = await post('/api/admin/staff/update', { id, disabled: true }, adminB);
    expect([r.status, r.body.disabled]).toEqual([200, true]);
    expect(await (await getDb()).select().from(staffSessions).where(eq(staffSessions.staffId, id))).toEqual([]);
    expectError(await entries(leaver), 401, 'UNAUTHENTICATED');
    const again = await signIn(new Browser('10.2.0.4'), 'leaver@example.com', 'Staff-Passw0rd!');
    expect(again.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.', status: 401 });
  });
});

// -------------------------------------------------------------------- sign-in
describe('POST /api/admin/sign-in', () => {
  test('answers email and role and sets an HttpOnly, SameSite=Strict session cookie on path /', async () => {
    const b = new Browser('10.3.0.1');
    const r = await signIn(b, `  ${admin.email.toUpperCase()} `);
    expect([r.status, r.body]).toEqual([200, { email: admin.email, role: 'admin' }]);
    const cookie = r.setCookies.find((c) => c.name === STAFF_COOKIE)!;
    expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Strict', path: '/' });
    expect(cookie.attributes.secure).toBeUndefined(); // plain http on localhost: a Secure cookie would never come back
    const expires = Date.parse(String(cookie.attributes.expires));
    expect(expires).toBeGreaterThan(Date.now() + (SESSION_HOURS - 1) * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_HOURS * 3_600_000);
    // The database holds the token's SHA-256, never the token.
    const rows = await (
      await getDb()
    )
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, sha256Hex(cookie.value)));
    expect(rows).toHaveLength(1);
    expect(await (await getDb()).select().from(staffSessions).where(eq(staffSessions.tokenHash, cookie.value))).toEqual(
      [],
    );
  });

  test('sets a Secure cookie when the workspace is reached over https', async () => {
    const r = await signIn(new Browser('10.3.0.2', 'https://shop.example'), editor.email);
    expect(r.setCookies.find((c) => c.name === STAFF_COOKIE)!.attributes.secure).toBe(true);
  });

  test("a wrong password, an unknown address and a customer's credentials get the same 401", async () => {
    const b = new Browser('10.3.0.3');
    const answers = [
      await signIn(b, editor.email, 'not-the-password'),
      await signIn(b, 'nobody@example.com', 'whatever-1'),
      await signIn(b, customer.email, customer.password),
    ];
    for (const r of answers) {
      expect([r.status, r.body]).toEqual([
        401,
        { code: 'INVALID_CREDENTIALS', message: 'Invalid credentials.', status: 401 },
      ]);
      expect(r.setCookies.filter((c) => c.name === STAFF_COOKIE && c.value !== 'deleted')).toEqual([]);
    }
  });

  test('the sixth failure for one account from one address is 429 with Retry-After, even with the right password', async () => {
    const attacker = new Browser('10.3.0.4');
    for (let i = 0; i < FAILURES_PER_ACCOUNT_AND_IP; i++)
      expectError(await signIn(attacker, editor.email, `guess-${i}`), 401, 'INVALID_CREDENTIALS');
    const blocked = await signIn(attacker, editor.email);
    expectError(blocked, 429, 'TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.setCookies.filter((c) => c.name === STAFF_COOKIE)).toEqual([]);
    // The editor from another address is not locked out.
    expect((await signIn(new Browser('10.3.0.5'), editor.email)).status).toBe(200);
  });

  test('refuses bodies outside the contract with 400', async () => {
    expectError(
      await post(
        '/api/admin/sign-in',
        { email: admin.email, password: PASSWORD, role: 'admin' },
        new Browser('10.3.0.6'),
      ),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await post('/api/admin/sign-in', { email: admin.email }, new Browser('10.3.0.6')),
      400,
      'VALIDATION_FAILED',
    );
  });
});

// ------------------------------------------------------------------- sign-out
describe('POST /api/admin/sign-out', () => {
  test('deletes the session row, so the cookie stops working even where it was copied', async () => {
    const b = await signedIn(editor.email, '10.4.0.1');
    const copy = b.clone();
    const hash = sessionHash(b);
    const r = await post('/api/admin/sign-out', {}, b);
    expect([r.status, r.body]).toEqual([200, { ok: true }]);
    expect(b.jar.has(STAFF_COOKIE)).toBe(false);
    expect(await (await getDb()).select().from(staffSessions).where(eq(staffSessions.tokenHash, hash))).toEqual([]);
    expectError(await entries(copy), 401, 'UNAUTHENTICATED');
  });

  test("without a session answers ok and ends nobody else's", async () => {
    const other = await signedIn(editor.email, '10.4.0.2');
    const r = await post('/api/admin/sign-out', {}, new Browser());
    expect([r.status, r.body]).toEqual([200, { ok: true }]);
    expect((await entries(other)).status).toBe(200);
  });
});

// --------------------------------------------------------------- set-password
describe('POST /api/admin/set-password', () => {
  const setPassword = (body: unknown) => post('/api/admin/set-password', body, new Browser('10.5.0.1'));

  test("the invitation mail's link sets the password once; then the new account signs in", async () => {
    const adminB = await signedIn(admin.email, '10.5.0.2');
    const email = 'invited.editor@example.com';
    const added = await post('/api/admin/staff', { email, role: 'editor' }, adminB);
    expect(added.status).toBe(201);
    await backgroundSettled();
    const token = setPasswordToken(dataDir, email);
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only its hash is kept.
    const [link] = await (
      await getDb()
    )
      .select()
      .from(staffPasswordTokens)
      .where(eq(staffPasswordTokens.staffId, added.body.id));
    expect(link!.tokenHash).toBe(sha256Hex(token!));

    // No password yet: no way in.
    expectError(await signIn(new Browser('10.5.0.3'), email, 'Anything-1234'), 401, 'INVALID_CREDENTIALS');
    expectError(await setPassword({ token: 'made-up', password: 'Invited-Passw0rd!' }), 400, 'INVALID_TOKEN');
    // A refused password leaves the link usable.
    expectError(await setPassword({ token, password: 'password' }), 400, 'VALIDATION_FAILED');
    expectError(await setPassword({ token, password: 'short' }), 400, 'VALIDATION_FAILED');
    expectError(await setPassword({ token, password: email }), 400, 'VALIDATION_FAILED');
    expect(await setPassword({ token, password: 'Invited-Passw0rd!' })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expectError(await setPassword({ token, password: 'Another-Passw0rd!' }), 400, 'INVALID_TOKEN');
    const b = new Browser('10.5.0.4');
    expect((await signIn(b, email, 'Invited-Passw0rd!')).body).toEqual({ email, role: 'editor' });
    expect((await entries(b)).status).toBe(200);
    expectError(await signIn(new Browser('10.5.0.5'), email, 'Another-Passw0rd!'), 401, 'INVALID_CREDENTIALS');
  });

  test('an expired link is refused', async () => {
    const adminB = await signedIn(admin.email, '10.5.0.6');
    const email = 'late.editor@example.com';
    expect((await post('/api/admin/staff', { email, role: 'editor' }, adminB)).status).toBe(201);
    await backgroundSettled();
    const token = setPasswordToken(dataDir, email)!;
    await (
      await getDb()
    )
      .update(staffPasswordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffPasswordTokens.tokenHash, sha256Hex(token)));
    expectError(await setPassword({ token, password: 'Late-Passw0rd!' }), 400, 'INVALID_TOKEN');
  });
});

// ------------------------------------------- concurrency: PGlite and PostgreSQL
forEachDatabase('two admins changing each other at once', (ctx) => {
  const actorOf = (user: typeof staffUsers.$inferSelect) => ({
    kind: 'staff' as const,
    id: user.id,
    email: user.email,
    role: user.role,
  });

  async function twoAdmins(round: string) {
    const made = await ctx.db
      .insert(staffUsers)
      .values([
        { email: `a-${round}@example.com`, role: 'admin' },
        { email: `b-${round}@example.com`, role: 'admin' },
      ])
      .returning();
    // Only these two count: every admin of earlier rounds is an editor by now.
    return made;
  }

  const activeAdmins = () =>
    ctx.db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.role, 'admin'), isNull(staffUsers.disabledAt)));

  test.each(['demote', 'disable'] as const)(
    'each trying to %s the other: exactly one succeeds, the other gets LAST_ADMIN',
    async (change) => {
      for (let round = 0; round < 5; round++) {
        for (const a of await activeAdmins())
          await ctx.db.update(staffUsers).set({ role: 'editor' }).where(eq(staffUsers.id, a.id));
        const [a, b] = await twoAdmins(`${change}-${round}`);
        const input = (id: number) => (change === 'demote' ? { id, role: 'editor' as const } : { id, disabled: true });
        const results = await Promise.allSettled([
          updateStaff(ctx.db, actorOf(a!), input(b!.id)),
          updateStaff(ctx.db, actorOf(b!), input(a!.id)),
        ]);
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected');
        expect((refused?.reason as ApiError | undefined)?.code).toBe('LAST_ADMIN');
        expect(await activeAdmins()).toHaveLength(1);
      }
    },
  );
});
