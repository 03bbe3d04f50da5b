// The editor workspace's content writes and the content API, end to end through the route files:
// drafts that shoppers never see (but the preview does), two editors on one entry, publishing and its
// publish event, history and rollback, validation and HTML sanitizing, the content API's ETag and
// If-Match, product and category texts, API tokens, and an audit row for every write that happened
// and none for a refused one. Concurrent first writes of one entry also run on a real PostgreSQL.
import type { APIRoute } from 'astro';
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { callAdmin, queryOf, setPasswordToken } from '../helpers/admin-harness.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import {
  apiTokens,
  auditLog,
  categoryTranslations,
  contentBlocks,
  contentDrafts,
  contentVersions,
  products,
  productTranslations,
  publishEvents,
  staffUsers,
} from '#lib/server/db/schema.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { getContent } from '#lib/server/content.ts';
import { renderPreview } from '#lib/server/preview.ts';
import { putLive, saveDraft } from '#lib/server/admin/content-writes.ts';
import type { Actor } from '#lib/server/admin/audit.ts';
import { sha256Hex } from '#lib/server/auth/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { ApiError } from '#lib/server/http.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { EntryKey } from '#lib/admin/contract.ts';
import * as signInRoute from '../../src/pages/api/admin/sign-in.ts';
import * as setPasswordRoute from '../../src/pages/api/admin/set-password.ts';
import * as entriesRoute from '../../src/pages/api/admin/entries.ts';
import * as entryRoute from '../../src/pages/api/admin/entry.ts';
import * as versionRoute from '../../src/pages/api/admin/version.ts';
import * as draftRoute from '../../src/pages/api/admin/draft.ts';
import * as discardRoute from '../../src/pages/api/admin/draft/discard.ts';
import * as publishRoute from '../../src/pages/api/admin/publish.ts';
import * as rollbackRoute from '../../src/pages/api/admin/rollback.ts';
import * as deleteRoute from '../../src/pages/api/admin/entry/delete.ts';
import * as staffRoute from '../../src/pages/api/admin/staff.ts';
import * as staffUpdateRoute from '../../src/pages/api/admin/staff/update.ts';
import * as tokensRoute from '../../src/pages/api/admin/tokens.ts';
import * as revokeRoute from '../../src/pages/api/admin/tokens/revoke.ts';
import * as contentRoute from '../../src/pages/api/admin/content/[type]/[identifier].ts';
import * as productRoute from '../../src/pages/api/admin/products/[sku].ts';
import * as categoryRoute from '../../src/pages/api/admin/categories/[id].ts';

const PASSWORD: string = DEMO_FIXTURES.password;
const { editor, admin } = DEMO_FIXTURES.staff;
const SKU = DEMO_FIXTURES.products.available;

// ------------------------------------------------------------------ the audit
interface AuditRow {
  actor: string;
  action: string;
  target: string;
  fromVersion: number | null;
  toVersion: number | null;
}
/** Every write that succeeded, in order: the audit log must hold exactly these rows. */
const writes: AuditRow[] = [];
let refusedWrites = 0;
const wrote = (row: Omit<AuditRow, 'fromVersion' | 'toVersion'> & Partial<AuditRow>) =>
  writes.push({ fromVersion: null, toVersion: null, ...row });

/** Asserts a write's answer; a 2xx is a write the audit must show, anything else one it must not. */
function expectWrite(r: ApiResult, status: number, row?: Parameters<typeof wrote>[0]): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  if (status < 300) wrote(row!);
  else refusedWrites += 1;
}

function expectError(r: ApiResult, status: number, code: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ code, status, message: expect.any(String) });
}

// ------------------------------------------------------------------- requests
const post = (route: { POST: APIRoute }, path: string, body: unknown, b: Browser) =>
  callAdmin(route.POST, { path, body }, b);
const getEntry = (key: EntryKey, b: Browser) =>
  callAdmin(entryRoute.GET, { method: 'GET', path: `/api/admin/entry${queryOf(key)}` }, b);
const save = (b: Browser, key: EntryKey, config: unknown, revision: number, content: string | null = null) =>
  post(draftRoute, '/api/admin/draft', { ...key, config, content, revision }, b);
const publish = (b: Browser, key: EntryKey, revision: number) =>
  post(publishRoute, '/api/admin/publish', { ...key, revision }, b);
const rollback = (b: Browser, key: EntryKey, version: number, current: number) =>
  post(rollbackRoute, '/api/admin/rollback', { ...key, version, current }, b);
const remove = (b: Browser, key: EntryKey, current: number) =>
  post(deleteRoute, '/api/admin/entry/delete', { ...key, current }, b);
const discard = (b: Browser, key: EntryKey, revision: number) =>
  post(discardRoute, '/api/admin/draft/discard', { ...key, revision }, b);

interface ApiCall {
  bearer?: string;
  ifMatch?: string;
  body?: unknown;
  browser?: Browser;
}
/** The content API at /api/admin/content/{type}/{identifier}?locale=… */
function contentApi(
  method: 'GET' | 'PUT' | 'DELETE',
  key: EntryKey,
  { bearer, ifMatch, body, browser }: ApiCall = {},
): Promise<ApiResult> {
  const path = `/api/admin/content/${key.type}/${key.identifier}${key.locale ? `?locale=${key.locale}` : ''}`;
  return callAdmin(
    contentRoute[method],
    {
      method,
      path,
      params: { type: key.type, identifier: key.identifier },
      body,
      bearer,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    },
    browser,
  );
}
const putProduct = (sku: string, body: unknown, bearer: string) =>
  callAdmin(productRoute.PUT, {
    method: 'PUT',
    path: `/api/admin/products/${encodeURIComponent(sku)}`,
    params: { sku },
    body,
    bearer,
  });
const putCategory = (id: string, body: unknown, bearer: string) =>
  callAdmin(categoryRoute.PUT, { method: 'PUT', path: `/api/admin/categories/${id}`, params: { id }, body, bearer });

const sameKey = (t: typeof contentBlocks | typeof contentDrafts | typeof contentVersions, key: EntryKey) =>
  and(eq(t.type, key.type), eq(t.identifier, key.identifier), eq(t.locale, key.locale));
const liveRow = async (key: EntryKey) =>
  (await (await getDb()).select().from(contentBlocks).where(sameKey(contentBlocks, key)))[0] ?? null;
const draftRow = async (key: EntryKey) =>
  (await (await getDb()).select().from(contentDrafts).where(sameKey(contentDrafts, key)))[0] ?? null;
const history = async (key: EntryKey) =>
  (await getDb())
    .select()
    .from(contentVersions)
    .where(sameKey(contentVersions, key))
    .orderBy(asc(contentVersions.version));

// ------------------------------------------------------------------ the people
let dataDir: string;
const editorA = new Browser('10.10.0.1');
const editorB = new Browser('10.10.0.2');
const adminB = new Browser('10.10.0.3');
const ACTOR_A = `staff:${editor.email}`;
const ACTOR_B = 'staff:editor.b@example.com';
const ACTOR_ADMIN = `staff:${admin.email}`;
let editorAId: number;

async function signIn(b: Browser, email: string, password = PASSWORD): Promise<void> {
  const r = await callAdmin(signInRoute.POST, { path: '/api/admin/sign-in', body: { email, password } }, b);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A staff member invited by the admin who set their password from the mailed link. */
async function invite(email: string, role: 'editor' | 'admin'): Promise<number> {
  const added = await post(staffRoute, '/api/admin/staff', { email, role }, adminB);
  expectWrite(added, 201, { actor: ACTOR_ADMIN, action: 'staff.add', target: `staff:${added.body.id}` });
  await backgroundSettled();
  const token = setPasswordToken(dataDir, email);
  expectWrite(
    await post(setPasswordRoute, '/api/admin/set-password', { token, password: 'Invited-Passw0rd!' }, new Browser()),
    200,
    { actor: `staff:${email}`, action: 'staff.password-set', target: `staff:${added.body.id}` },
  );
  return added.body.id as number;
}

beforeAll(async () => {
  dataDir = await prepareDataDir();
  await signIn(editorA, editor.email);
  await signIn(adminB, admin.email);
  await invite('editor.b@example.com', 'editor');
  await signIn(editorB, 'editor.b@example.com', 'Invited-Passw0rd!');
  editorAId = (await (await getDb()).select().from(staffUsers).where(eq(staffUsers.email, editor.email)))[0]!.id;
});

afterAll(async () => {
  await backgroundSettled();
  await closeDatabase();
});

// ---------------------------------------------------------------------- drafts
const MENU: EntryKey = { type: 'block', identifier: 'menu', locale: '' };
const menuWith = (title: string) => ({
  entries: [{ kind: 'link', titles: [{ locale: 'de', title }], url: '/i/agb', visibility: 'all' }],
});
let seedMenu: unknown;

describe('drafts', () => {
  test('a saved draft is revision 1 and listed as changed; shoppers still get the live entry, the preview the draft', async () => {
    const before = await getEntry(MENU, editorA);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      ...MENU,
      editable: true,
      html: false,
      draft: null,
      live: { version: 1, by: 'seed' },
    });
    seedMenu = before.body.live.config;

    const r = await save(editorA, MENU, menuWith('Entwurf'), 0);
    expectWrite(r, 200, { actor: ACTOR_A, action: 'draft.save', target: 'block:menu:*', fromVersion: 0, toVersion: 1 });
    expect(r.body).toMatchObject({
      revision: 1,
      baseVersion: 1,
      config: menuWith('Entwurf'),
      content: null,
      by: ACTOR_A,
    });

    const list = await callAdmin(entriesRoute.GET, { method: 'GET', path: '/api/admin/entries' }, editorB);
    const row = list.body.entries.find(
      (e: { type: string; identifier: string }) => e.type === 'block' && e.identifier === 'menu',
    );
    expect(row).toMatchObject({
      editable: true,
      locales: [{ locale: '', status: 'changed', version: 1 }],
      lastEditor: ACTOR_A,
    });

    const detail = (await getEntry(MENU, editorB)).body;
    expect(detail.draft).toMatchObject({ revision: 1, baseVersion: 1, config: menuWith('Entwurf'), by: ACTOR_A });
    expect(detail.live).toMatchObject({ version: 1, config: seedMenu });

    expect((await getContent('block:menu', 'de'))!.config).toEqual(seedMenu);
    const previewed = await renderPreview(editorAId, () => getContent('block:menu', 'de'));
    expect(previewed!.config).toEqual(menuWith('Entwurf'));
    // The preview left nothing behind for the next shopper.
    expect((await getContent('block:menu', 'en'))!.config).toEqual(seedMenu);
  });

  test('two editors open revision 1: the first save wins, the second gets 409 and nothing of either is lost or mixed', async () => {
    const opened = (await getEntry(MENU, editorB)).body.draft.revision;
    expect(opened).toBe(1);
    const first = await save(editorA, MENU, menuWith('Von A'), opened);
    expectWrite(first, 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:menu:*',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(first.body.revision).toBe(2);
    const second = await save(editorB, MENU, menuWith('Von B'), opened);
    expectWrite(second, 409);
    expectError(second, 409, 'VERSION_CONFLICT');
    expect(second.body.details).toEqual({ revision: 2, by: ACTOR_A });
    const stored = await draftRow(MENU);
    expect(stored).toMatchObject({ revision: 2, config: menuWith('Von A'), updatedBy: ACTOR_A });
    expect(JSON.stringify(await (await getDb()).select().from(contentDrafts))).not.toContain('Von B');
  });

  test('a draft is discarded only at the revision the editor saw', async () => {
    const key: EntryKey = { type: 'block', identifier: 'footer', locale: 'en' };
    const live = (await getEntry(key, editorA)).body.live;
    expectWrite(await save(editorA, key, live.config, 0), 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:footer:en',
      fromVersion: 0,
      toVersion: 1,
    });
    const stale = await discard(editorB, key, 2);
    expectWrite(stale, 409);
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(await draftRow(key)).not.toBeNull();
    expectWrite(await discard(editorB, key, 1), 200, {
      actor: ACTOR_B,
      action: 'draft.discard',
      target: 'block:footer:en',
      fromVersion: 1,
    });
    expect(await draftRow(key)).toBeNull();
    expect((await getEntry(key, editorA)).body).toMatchObject({ draft: null, live: { version: 1 } });
    expectWrite(await discard(editorB, key, 1), 409);
  });
});

// -------------------------------------------------------------------- publish
describe('publish', () => {
  test('a stale revision is a conflict; the right one goes live as the next version with its publish event', async () => {
    const stale = await publish(editorB, MENU, 1);
    expectWrite(stale, 409);
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect((await liveRow(MENU))!.version).toBe(1);

    const db = await getDb();
    const [lastEvent] = await db
      .select({ seq: publishEvents.seq })
      .from(publishEvents)
      .orderBy(desc(publishEvents.seq))
      .limit(1);
    const r = await publish(editorB, MENU, 2);
    expectWrite(r, 200, { actor: ACTOR_B, action: 'publish', target: 'block:menu:*', fromVersion: 1, toVersion: 2 });
    // The menu is in every page's shell: every language's shell is dropped.
    const shells = LOCALES.map((l) => `shell:${l}`).sort();
    expect(r.body).toMatchObject({ version: 2, tags: shells, liveAt: expect.any(String), ms: expect.any(Number) });

    const live = await liveRow(MENU);
    expect(live).toMatchObject({ version: 2, config: menuWith('Von A'), updatedBy: ACTOR_B });
    expect(await draftRow(MENU)).toBeNull();
    expect((await getContent('block:menu', 'de'))!.config).toEqual(menuWith('Von A'));
    expect(
      (await history(MENU)).map((v) => ({
        version: v.version,
        config: v.config,
        by: v.publishedBy,
        deleted: v.deleted,
      })),
    ).toEqual([
      { version: 1, config: seedMenu, by: 'seed', deleted: false },
      { version: 2, config: menuWith('Von A'), by: ACTOR_B, deleted: false },
    ]);
    const events = await db
      .select()
      .from(publishEvents)
      .where(eq(publishEvents.source, 'editor'))
      .orderBy(asc(publishEvents.seq));
    const event = events.find((e) => e.seq > (lastEvent?.seq ?? 0))!;
    expect(event).toMatchObject({
      changes: { content: [{ type: 'block', identifier: 'menu' }] },
      tags: shells,
      appliedAt: expect.any(Date),
    });
    expect((await getEntry(MENU, editorA)).body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    const again = await publish(editorB, MENU, 2);
    expectWrite(again, 404);
    expectError(again, 404, 'CONTENT_NOT_FOUND');
  });

  test("a language row publishes only its own language's shell", async () => {
    const key: EntryKey = { type: 'block', identifier: 'notification-bar', locale: 'it' };
    const live = await liveRow(key);
    expectWrite(await save(editorA, key, { backgroundColor: '#000000', iconColor: '#ffffff' }, 0, live!.content), 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:notification-bar:it',
      fromVersion: 0,
      toVersion: 1,
    });
    const r = await publish(editorA, key, 1);
    expectWrite(r, 200, {
      actor: ACTOR_A,
      action: 'publish',
      target: 'block:notification-bar:it',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(r.body.tags).toEqual(['shell:it']);
  });

  test('rollback to the seed version with the live version the editor saw; a stale one changes nothing', async () => {
    const before = { live: await liveRow(MENU), history: await history(MENU) };
    const stale = await rollback(editorA, MENU, 1, 1);
    expectWrite(stale, 409);
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.details).toEqual({ version: 2 });
    expect({ live: await liveRow(MENU), history: await history(MENU) }).toEqual(before);

    const r = await rollback(editorA, MENU, 1, 2);
    expectWrite(r, 200, { actor: ACTOR_A, action: 'rollback', target: 'block:menu:*', fromVersion: 2, toVersion: 3 });
    expect(r.body).toMatchObject({ version: 3, tags: LOCALES.map((l) => `shell:${l}`).sort() });
    expect(await liveRow(MENU)).toMatchObject({ version: 3, config: seedMenu });
    expect((await history(MENU)).map((v) => v.version)).toEqual([1, 2, 3]);
    expect((await history(MENU))[2]!.config).toEqual(seedMenu);
    const v1 = await callAdmin(
      versionRoute.GET,
      { method: 'GET', path: `/api/admin/version${queryOf({ ...MENU, version: 1 })}` },
      editorB,
    );
    expect(v1.body).toEqual({ version: 1, config: seedMenu, content: null, deleted: false });

    const unknown = await rollback(editorA, MENU, 99, 3);
    expectWrite(unknown, 404);
    expectError(unknown, 404, 'CONTENT_NOT_FOUND');
  });

  test("deletes a language's own version the editor saw, as a version the history can restore; never a block's row for all languages", async () => {
    const footerEn: EntryKey = { type: 'block', identifier: 'footer', locale: 'en' };
    const seeded = await liveRow(footerEn);
    const allLanguages = await remove(editorA, MENU, 3);
    expectWrite(allLanguages, 403);
    expectError(allLanguages, 403, 'FORBIDDEN');
    expect(await liveRow(MENU)).toMatchObject({ version: 3 });
    const stale = await remove(editorA, footerEn, 7);
    expectWrite(stale, 409);
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(await liveRow(footerEn)).toEqual(seeded);

    const r = await remove(editorA, footerEn, 1);
    expectWrite(r, 200, { actor: ACTOR_A, action: 'delete', target: 'block:footer:en', fromVersion: 1, toVersion: 2 });
    expect(r.body).toMatchObject({ version: 2, tags: ['shell:en'] });
    expect(await liveRow(footerEn)).toBeNull();
    expect((await history(footerEn)).map((v) => [v.version, v.deleted])).toEqual([
      [1, false],
      [2, true],
    ]);

    const back = await rollback(editorA, footerEn, 1, 2);
    expectWrite(back, 200, {
      actor: ACTOR_A,
      action: 'rollback',
      target: 'block:footer:en',
      fromVersion: 2,
      toVersion: 3,
    });
    expect(await liveRow(footerEn)).toMatchObject({ version: 3, config: seeded!.config });
  });
});

// ----------------------------------------------------------------- validation
describe('validation', () => {
  const BAR: EntryKey = { type: 'block', identifier: 'notification-bar', locale: 'de' };

  test('a config its kind refuses is 422 CONTENT_INVALID naming the field, and no draft is stored', async () => {
    const colour = await save(editorA, BAR, { backgroundColor: 'red', iconColor: '#b45309' }, 0);
    expectWrite(colour, 422);
    expectError(colour, 422, 'CONTENT_INVALID');
    expect(colour.body.details).toEqual([
      { path: 'config.backgroundColor', message: expect.stringMatching(/hex colour/) },
    ]);

    const entryField = await save(editorA, MENU, { entries: [{ ...menuWith('x').entries[0], target: '_blank' }] }, 0);
    expectWrite(entryField, 422);
    expectError(entryField, 422, 'CONTENT_INVALID');
    expect(entryField.body.details).toEqual([{ path: 'config.entries.0', message: expect.stringContaining('target') }]);

    const topField = await save(editorA, MENU, { entries: [], columns: [] }, 0);
    expectWrite(topField, 422);
    expect(topField.body.details).toEqual([{ path: 'config', message: expect.stringContaining('columns') }]);

    const unknownKind = await save(editorA, { type: 'block', identifier: 'no-such-block', locale: '' }, {}, 0);
    expectWrite(unknownKind, 422);
    expectError(unknownKind, 422, 'CONTENT_INVALID');

    expect(await draftRow(BAR)).toBeNull();
    expect(await draftRow(MENU)).toBeNull();
  });

  test('NUL, other control characters and lone surrogates in a config are 400 VALIDATION_FAILED, never 500', async () => {
    const cases: [unknown, string][] = [
      [menuWith('a\u0000b'), 'config.entries.0.titles.0.title'],
      [menuWith('\u0007'), 'config.entries.0.titles.0.title'],
      [menuWith('\uD800'), 'config.entries.0.titles.0.title'],
      [{ entries: [], 'x\u0000': 1 }, 'config'],
    ];
    for (const [config, path] of cases) {
      const r = await save(editorA, MENU, config, 0);
      expectWrite(r, 400);
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toEqual([expect.objectContaining({ path })]);
    }
    const content = await save(editorA, BAR, { backgroundColor: '#fff4e5', iconColor: '#b45309' }, 0, 'Hallo\u0000');
    expectWrite(content, 400);
    expectError(content, 400, 'VALIDATION_FAILED');
    expect(await draftRow(MENU)).toBeNull();
  });

  test('HTML of a content page is stored sanitized', async () => {
    const key: EntryKey = { type: 'page', identifier: 'agb', locale: 'de' };
    const { config } = (await getEntry(key, editorA)).body.live;
    const html =
      '<p>Es gelten unsere <strong>AGB</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>';
    const r = await save(editorA, key, config, 0, html);
    expectWrite(r, 200, { actor: ACTOR_A, action: 'draft.save', target: 'page:agb:de', fromVersion: 0, toVersion: 1 });
    const stored = (await draftRow(key))!.content!;
    expect(stored).toBe(r.body.content);
    expect(stored).toContain('<p>Es gelten unsere <strong>AGB</strong>.</p>');
    expect(stored).not.toMatch(/<script|onerror|javascript:/i);
    // A kind without HTML keeps none.
    const menu = await save(editorA, MENU, seedMenu, 0, '<p>Menu</p>');
    expectWrite(menu, 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:menu:*',
      fromVersion: 0,
      toVersion: 1,
    });
    expect(menu.body.content).toBeNull();
  });

  test('HTML a row holds unsanitized (written by SQL) reaches the workspace sanitized, live and in the history', async () => {
    // The history shows HTML as markup, so what never passed a save is sanitized on the way out.
    const key: EntryKey = { type: 'page', identifier: 'impressum', locale: 'fr' };
    const raw =
      '<p>Mentions</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>';
    const db = await getDb();
    const live = (await liveRow(key))!;
    await db.update(contentBlocks).set({ content: raw }).where(sameKey(contentBlocks, key));
    await db
      .insert(contentVersions)
      .values({ ...key, version: live.version, config: live.config, content: raw, publishedBy: 'sql' });
    const entry = await getEntry(key, editorA);
    expect(entry.status).toBe(200);
    const version = await callAdmin(
      versionRoute.GET,
      { method: 'GET', path: `/api/admin/version${queryOf({ ...key, version: live.version })}` },
      editorA,
    );
    expect(version.status, JSON.stringify(version.body)).toBe(200);
    for (const shown of [entry.body.live.content, version.body.content] as string[]) {
      expect(shown).toContain('<p>Mentions</p>');
      expect(shown).not.toMatch(/<script|onerror|javascript:/i);
    }
  });
});

// ----------------------------------------------------------- tokens and the API
interface Token {
  id: number;
  name: string;
  token: string;
}
const tokens: Record<'read' | 'write' | 'catalog' | 'owned', Token> = {} as never;

describe('API tokens', () => {
  test('are created by an admin; the token is in that answer only, the database keeps its SHA-256', async () => {
    const specs = {
      read: ['content:read'],
      write: ['content:write', 'content:read'],
      catalog: ['catalog:write'],
    } as const;
    for (const [name, scopes] of Object.entries(specs) as [keyof typeof specs, readonly string[]][]) {
      const r = await post(tokensRoute, '/api/admin/tokens', { name: `cms-${name}`, scopes }, adminB);
      expectWrite(r, 201, { actor: ACTOR_ADMIN, action: 'token.create', target: `token:${r.body.id}` });
      expect(r.body).toMatchObject({
        name: `cms-${name}`,
        scopes: [...scopes].sort(),
        revokedAt: null,
        lastUsedAt: null,
        token: expect.stringMatching(/^vsf_[\w-]{43}$/),
      });
      tokens[name] = r.body as Token;
      const [row] = await (await getDb()).select().from(apiTokens).where(eq(apiTokens.id, r.body.id));
      expect(row!.tokenHash).toBe(sha256Hex(r.body.token));
      expect(JSON.stringify(row)).not.toContain(r.body.token.slice(4));
    }
    const list = await callAdmin(tokensRoute.GET, { method: 'GET', path: '/api/admin/tokens' }, adminB);
    expect(list.body.tokens.map((t: { id: number }) => t.id)).toEqual(
      expect.arrayContaining(Object.values(tokens).map((t) => t.id)),
    );
    expect(JSON.stringify(list.body)).not.toMatch(/vsf_/);
  });
});

describe('content API', () => {
  const BAR: EntryKey = { type: 'block', identifier: 'notification-bar', locale: 'en' };
  const PAGE: EntryKey = { type: 'page', identifier: 'api-page', locale: '' };
  const bar = { backgroundColor: '#000000', iconColor: '#ffffff' };

  test('GET needs content:read and answers the live entry with its version as ETag', async () => {
    const forbidden = await contentApi('GET', BAR, { bearer: tokens.catalog.token });
    expectError(forbidden, 403, 'FORBIDDEN');
    const r = await contentApi('GET', BAR, { bearer: tokens.read.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('etag')).toBe('"1"');
    expect(r.body).toMatchObject({
      ...BAR,
      version: 1,
      config: { backgroundColor: '#fff4e5', iconColor: '#b45309' },
      content: expect.any(String),
      updatedBy: 'seed',
    });
    // A staff session (an editor's script) reads too.
    expect((await contentApi('GET', BAR, { browser: editorA })).status).toBe(200);
    expectError(
      await contentApi('GET', { ...BAR, identifier: 'no-such-block' }, { bearer: tokens.read.token }),
      404,
      'CONTENT_NOT_FOUND',
    );
  });

  test('PUT replaces an entry only with the If-Match of its live version', async () => {
    const before = await liveRow(BAR);
    const forbidden = await contentApi('PUT', BAR, {
      bearer: tokens.read.token,
      ifMatch: '"1"',
      body: { config: bar },
    });
    expectWrite(forbidden, 403);
    expectError(forbidden, 403, 'FORBIDDEN');
    const missing = await contentApi('PUT', BAR, { bearer: tokens.write.token, body: { config: bar } });
    expectWrite(missing, 428);
    expectError(missing, 428, 'PRECONDITION_REQUIRED');
    for (const stale of ['"0"', '"2"', 'W/"7"', '1', 'garbage']) {
      const r = await contentApi('PUT', BAR, { bearer: tokens.write.token, ifMatch: stale, body: { config: bar } });
      expectWrite(r, 412);
      expectError(r, 412, 'PRECONDITION_FAILED');
    }
    expect(await liveRow(BAR)).toEqual(before);

    const r = await contentApi('PUT', BAR, {
      bearer: tokens.write.token,
      ifMatch: '"1"',
      body: { config: bar, content: '<b>Neu</b><script>x()</script>' },
    });
    expectWrite(r, 200, {
      actor: `token:${tokens.write.id}:cms-write`,
      action: 'api.put',
      target: 'block:notification-bar:en',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(r.headers.get('etag')).toBe('"2"');
    expect(r.body).toMatchObject({ ...BAR, version: 2, created: false });
    expect(await liveRow(BAR)).toMatchObject({
      version: 2,
      config: bar,
      content: '<b>Neu</b>',
      updatedBy: `token:${tokens.write.id}:cms-write`,
    });
    expect((await history(BAR)).map((v) => v.version)).toEqual([1, 2]);
    const invalid = await contentApi('PUT', BAR, {
      bearer: tokens.write.token,
      ifMatch: '"2"',
      body: { config: { ...bar, iconColor: 'white' } },
    });
    expectWrite(invalid, 422);
    expectError(invalid, 422, 'CONTENT_INVALID');
    expect((await liveRow(BAR))!.version).toBe(2);
  });

  test('PUT of a new page answers 201; DELETE needs If-Match and leaves a deleted version in the history', async () => {
    const created = await contentApi('PUT', PAGE, {
      bearer: tokens.write.token,
      body: { config: { title: 'From the CMS' }, content: '<p>Hello</p>' },
    });
    expectWrite(created, 201, {
      actor: `token:${tokens.write.id}:cms-write`,
      action: 'api.put',
      target: 'page:api-page:*',
      fromVersion: 0,
      toVersion: 1,
    });
    expect(created.headers.get('etag')).toBe('"1"');
    expect(await liveRow(PAGE)).toMatchObject({
      version: 1,
      config: { title: 'From the CMS', description: '' },
      content: '<p>Hello</p>',
    });

    const unmatched = await contentApi('DELETE', PAGE, { bearer: tokens.write.token });
    expectWrite(unmatched, 428);
    expect(await liveRow(PAGE)).not.toBeNull();
    const r = await contentApi('DELETE', PAGE, { bearer: tokens.write.token, ifMatch: '"1"' });
    expectWrite(r, 200, {
      actor: `token:${tokens.write.id}:cms-write`,
      action: 'api.delete',
      target: 'page:api-page:*',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(r.headers.get('etag')).toBe('"2"');
    expect(await liveRow(PAGE)).toBeNull();
    expect((await history(PAGE)).map((v) => ({ version: v.version, deleted: v.deleted }))).toEqual([
      { version: 1, deleted: false },
      { version: 2, deleted: true },
    ]);
    expectError(await contentApi('GET', PAGE, { bearer: tokens.read.token }), 404, 'CONTENT_NOT_FOUND');
    const gone = await contentApi('DELETE', PAGE, { bearer: tokens.write.token, ifMatch: '"2"' });
    expectWrite(gone, 404);
  });

  test('a workspace draft whose live version the API replaced is published only once saved again over the new version', async () => {
    const key: EntryKey = { type: 'block', identifier: 'notification-bar', locale: 'fr' };
    expectWrite(await save(editorA, key, bar, 0), 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:notification-bar:fr',
      fromVersion: 0,
      toVersion: 1,
    });
    const put = await contentApi('PUT', key, {
      bearer: tokens.write.token,
      ifMatch: '"1"',
      body: { config: { ...bar, iconColor: '#123456' } },
    });
    expectWrite(put, 200, {
      actor: `token:${tokens.write.id}:cms-write`,
      action: 'api.put',
      target: 'block:notification-bar:fr',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(await draftRow(key)).toMatchObject({ revision: 1, config: bar });
    const r = await publish(editorA, key, 1);
    expectWrite(r, 409);
    expectError(r, 409, 'VERSION_CONFLICT');
    expect(await liveRow(key)).toMatchObject({ version: 2, config: { ...bar, iconColor: '#123456' } });
    // Saved again by an editor who has seen version 2, it goes live over it.
    const unseen = await post(
      draftRoute,
      '/api/admin/draft',
      { ...key, config: bar, content: null, revision: 1, base: 3 },
      editorA,
    );
    expectWrite(unseen, 409);
    const resaved = await post(
      draftRoute,
      '/api/admin/draft',
      { ...key, config: bar, content: null, revision: 1, base: 2 },
      editorA,
    );
    expectWrite(resaved, 200, {
      actor: ACTOR_A,
      action: 'draft.save',
      target: 'block:notification-bar:fr',
      fromVersion: 1,
      toVersion: 2,
    });
    expect(resaved.body).toMatchObject({ revision: 2, baseVersion: 2 });
    expectWrite(await publish(editorA, key, 2), 200, {
      actor: ACTOR_A,
      action: 'publish',
      target: 'block:notification-bar:fr',
      fromVersion: 2,
      toVersion: 3,
    });
    expect(await liveRow(key)).toMatchObject({ version: 3, config: bar });
  });

  test('a revoked token and a token of a disabled account are refused with 401', async () => {
    const revoked = await post(revokeRoute, '/api/admin/tokens/revoke', { id: tokens.read.id }, adminB);
    expectWrite(revoked, 200, { actor: ACTOR_ADMIN, action: 'token.revoke', target: `token:${tokens.read.id}` });
    expectError(await contentApi('GET', BAR, { bearer: tokens.read.token }), 401, 'UNAUTHENTICATED');

    const ownerId = await invite('api.owner@example.com', 'admin');
    const owner = new Browser('10.10.0.4');
    await signIn(owner, 'api.owner@example.com', 'Invited-Passw0rd!');
    const made = await post(
      tokensRoute,
      '/api/admin/tokens',
      { name: 'owned', scopes: ['content:read', 'content:write'] },
      owner,
    );
    expectWrite(made, 201, {
      actor: 'staff:api.owner@example.com',
      action: 'token.create',
      target: `token:${made.body.id}`,
    });
    tokens.owned = made.body as Token;
    expect((await contentApi('GET', BAR, { bearer: tokens.owned.token })).status).toBe(200);
    const disabled = await post(staffUpdateRoute, '/api/admin/staff/update', { id: ownerId, disabled: true }, adminB);
    expectWrite(disabled, 200, { actor: ACTOR_ADMIN, action: 'staff.update', target: `staff:${ownerId}` });
    expectError(await contentApi('GET', BAR, { bearer: tokens.owned.token }), 401, 'UNAUTHENTICATED');
    const write = await contentApi('PUT', BAR, { bearer: tokens.owned.token, ifMatch: '"2"', body: { config: bar } });
    expectWrite(write, 401);
  });
});

describe('product and category texts', () => {
  test('PUT /api/admin/products/{sku} with catalog:write changes the English name and publishes the product', async () => {
    const db = await getDb();
    const [product] = await db.select().from(products).where(eq(products.sku, SKU));
    const r = await putProduct(SKU, { texts: { en: { name: 'Cordless screwdriver, renamed' } } }, tokens.catalog.token);
    expectWrite(r, 200, {
      actor: `token:${tokens.catalog.id}:cms-catalog`,
      action: 'api.product',
      target: `product:${SKU}`,
    });
    expect(r.body).toEqual({ id: product!.id, sku: SKU });
    const texts = await db.select().from(productTranslations).where(eq(productTranslations.productId, product!.id));
    expect(texts.find((t) => t.locale === 'en')!.name).toBe('Cordless screwdriver, renamed');
    expect(texts.find((t) => t.locale === 'de')!.name).not.toBe('Cordless screwdriver, renamed');
    const events = await db.select().from(publishEvents).orderBy(desc(publishEvents.seq)).limit(1);
    expect(events[0]!.changes).toMatchObject({ products: [product!.id] });
    expect(events[0]!.tags).toEqual(expect.arrayContaining([`p:${product!.id}`]));

    const unknown = await putProduct('NO-SUCH-SKU', { texts: { en: { name: 'X' } } }, tokens.catalog.token);
    expectWrite(unknown, 404);
    expectError(unknown, 404, 'PRODUCT_NOT_FOUND');
    const forbidden = await putProduct(SKU, { texts: { en: { name: 'X' } } }, tokens.write.token);
    expectWrite(forbidden, 403);
    expectError(forbidden, 403, 'FORBIDDEN');
    expect(
      (
        await db
          .select()
          .from(productTranslations)
          .where(and(eq(productTranslations.productId, product!.id), eq(productTranslations.locale, 'en')))
      )[0]!.name,
    ).toBe('Cordless screwdriver, renamed');
  });

  // Fails: updateProduct calls update().set({}) for a language without fields, and drizzle throws
  // 'No values to set' (src/lib/server/admin/catalog-writes.ts; reported, not fixed here). The category
  // update skips such a language. Drop the .fails once the product update does too.
  test('a language sent without any field changes nothing and is not a server error', async () => {
    const r = await putProduct(SKU, { texts: { en: {} } }, tokens.catalog.token);
    expect(r.status, JSON.stringify(r.body)).toBeLessThan(500);
    expectWrite(r, r.status, {
      actor: `token:${tokens.catalog.id}:cms-catalog`,
      action: 'api.product',
      target: `product:${SKU}`,
    });
  });

  test('PUT /api/admin/categories/{id} changes a category name; an unknown id is 404', async () => {
    const db = await getDb();
    const [product] = await db.select().from(products).where(eq(products.sku, SKU));
    const id = product!.primaryCategoryId!;
    const r = await putCategory(String(id), { texts: { en: { name: 'Screwdrivers, renamed' } } }, tokens.catalog.token);
    expectWrite(r, 200, {
      actor: `token:${tokens.catalog.id}:cms-catalog`,
      action: 'api.category',
      target: `category:${id}`,
    });
    expect(r.body).toEqual({ id, ok: true });
    const [text] = await db
      .select()
      .from(categoryTranslations)
      .where(and(eq(categoryTranslations.categoryId, id), eq(categoryTranslations.locale, 'en')));
    expect(text!.name).toBe('Screwdrivers, renamed');
    const unknown = await putCategory('999999', { texts: { en: { name: 'X' } } }, tokens.catalog.token);
    expectWrite(unknown, 404);
    expectError(unknown, 404, 'CATEGORY_NOT_FOUND');
    expectWrite(await putCategory(String(id), { texts: { en: { name: 'X' } } }, tokens.write.token), 403);
    expectWrite(await putCategory('abc', { texts: { en: { name: 'X' } } }, tokens.catalog.token), 400);
  });
});

// ---------------------------------------------------------------------- audit
describe('audit log', () => {
  test('holds one row per successful write, with actor, target and versions, and none for a refused one', async () => {
    const rows = await (await getDb()).select().from(auditLog).orderBy(asc(auditLog.id));
    expect(
      rows.map(({ actor, action, target: t, fromVersion, toVersion }) => ({
        actor,
        action,
        target: t,
        fromVersion,
        toVersion,
      })),
    ).toEqual(writes);
    expect(new Set(writes.map((w) => w.action))).toEqual(
      new Set([
        'draft.save',
        'draft.discard',
        'publish',
        'rollback',
        'delete',
        'api.put',
        'api.delete',
        'api.product',
        'api.category',
        'staff.add',
        'staff.update',
        'token.create',
        'token.revoke',
        'staff.password-set',
      ]),
    );
    expect(refusedWrites).toBeGreaterThan(20);
    const staffUpdate = rows.find((r) => r.action === 'staff.update')!;
    expect(staffUpdate.details).toEqual({ role: ['admin', 'admin'], disabled: [false, true] });
    const rolledBack = rows.find((r) => r.action === 'rollback' && r.target === 'block:menu:*')!;
    expect(rolledBack.details).toEqual({ restored: 1 });
  });
});

// ------------------------------------------- concurrency: PGlite and PostgreSQL
forEachDatabase(
  'first writes of one entry at once',
  (ctx) => {
    // PGlite runs one transaction at a time and hides these races; on PostgreSQL a row lock would lock
    // nothing while the entry's draft or live row does not exist yet, so each write takes the entry's
    // advisory lock first (src/lib/server/admin/content-writes.ts, lockEntry).
    const raceTest = test;
    const ROUNDS = 5;
    const PARALLEL = 10;
    const actor = (n: number): Actor => ({ kind: 'staff', id: n, email: `editor-${n}@example.com`, role: 'editor' });
    const statusOf = (r: PromiseSettledResult<unknown>) =>
      r.status === 'fulfilled' ? 200 : r.reason instanceof ApiError ? r.reason.status : 500;
    const pageKey = (name: string, round: number): EntryKey => ({
      type: 'page',
      identifier: `${name}-${ctx.kind}-${round}`,
      locale: 'en',
    });

    async function firstSaves(key: EntryKey) {
      const results = await Promise.allSettled(
        Array.from({ length: PARALLEL }, (_, n) =>
          saveDraft(ctx.db, actor(n), key, { config: { title: `Title ${n}` }, content: null }, 0),
        ),
      );
      const [draft] = await ctx.db.select().from(contentDrafts).where(sameKey(contentDrafts, key));
      const winners = results.flatMap((r, n) => (r.status === 'fulfilled' ? [n] : []));
      return {
        statuses: results.map(statusOf).sort(),
        winners,
        stored: draft ? { revision: draft.revision, config: draft.config } : null,
      };
    }

    const oneWinner = (round: Awaited<ReturnType<typeof firstSaves>>) => ({
      statuses: [200, ...Array<number>(PARALLEL - 1).fill(409)],
      winners: [round.winners[0]],
      stored: { revision: 1, config: { title: `Title ${round.winners[0]}`, description: '' } },
    });

    raceTest('ten first saves of a draft of a new page: one wins, the others get VERSION_CONFLICT', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const result = await firstSaves(pageKey('race-new', round));
        expect(result).toEqual(oneWinner(result));
      }
    });

    raceTest('ten first saves of a draft of a published page: one wins, the others get VERSION_CONFLICT', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const key = pageKey('race-live', round);
        await ctx.db.insert(contentBlocks).values({ ...key, config: { title: 'Live' }, content: null });
        const result = await firstSaves(key);
        expect(result).toEqual(oneWinner(result));
      }
    });

    raceTest(
      'ten creates of one new entry through the API: one 201, the others a 4xx, never a server error',
      async () => {
        for (let round = 0; round < ROUNDS; round++) {
          const key = pageKey('race-api', round);
          const results = await Promise.allSettled(
            Array.from({ length: PARALLEL }, (_, n) =>
              putLive(ctx.db, actor(n), key, { config: { title: `Title ${n}` }, content: null }, null),
            ),
          );
          const statuses = results.map(statusOf);
          expect(statuses.filter((s) => s === 200)).toHaveLength(1);
          expect(statuses.filter((s) => s >= 500)).toEqual([]);
          expect(
            (await ctx.db.select().from(contentVersions).where(sameKey(contentVersions, key))).map((v) => v.version),
          ).toEqual([1]);
        }
      },
    );
  },
  { poolSize: 12 },
);
