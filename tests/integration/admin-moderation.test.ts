// Review moderation and the audit log through the workspace's real endpoints on the embedded
// database: who may call them (anonymous 401; moderation is an editor's, the audit log an admin's),
// what they refuse (a rejection without a reason is VALIDATION_FAILED at `reason`, nothing changes),
// that each decision lands in the audit trail with the staff member and raises a publish event for a
// review coming onto or leaving its product page, and that the audit log filters, searches and pages
// in SQL (keyset cursors: every entry once, in order, and back again).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { adminRouteFiles, callAdmin, handlerOf, queryOf, signInDemoStaff } from '../helpers/admin-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { audit } from '#lib/server/admin/index.ts';
import { publishedSummary } from '#lib/server/reviews/queries.ts';
import { onPublished, type Invalidation } from '#lib/server/publish/index.ts';
import { AUDIT_PAGE_SIZE } from '#lib/admin/moderation-rules.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';

const { editor, admin } = DEMO_FIXTURES.staff;
const ROUTES = await adminRouteFiles();
const get = (path: string, query: Record<string, unknown>, b?: Browser) =>
  callAdmin(handlerOf(ROUTES, 'GET', path), { method: 'GET', path: path + queryOf(query) }, b);
const post = (path: string, body: unknown, b?: Browser) =>
  callAdmin(handlerOf(ROUTES, 'POST', path), { path, body }, b);

function expectError(r: ApiResult, status: number, code: string): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ code, status, message: expect.any(String) });
}

type Queued = { id: string; status: string; productId: number; title: string; rejectionReason: string | null };

let editorB: Browser;
let adminB: Browser;
let pending: Queued;
const published: Invalidation[] = [];
let unsubscribe = () => {};

beforeAll(async () => {
  await prepareDataDir({ SITE_URL: 'http://shop.test:4321' });
  editorB = new Browser('10.3.0.1');
  adminB = new Browser('10.3.0.2');
  await signInDemoStaff(editorB, editor.email);
  await signInDemoStaff(adminB, admin.email);
  unsubscribe = onPublished((invalidation) => {
    published.push(invalidation);
  });
});

afterAll(async () => {
  unsubscribe();
  await backgroundSettled();
  await closeDatabase();
});

const reviewRow = async (id: string) =>
  (
    await rows<{ status: string; rejection_reason: string | null; reply: string | null }>(
      await getDb(),
      sql`SELECT status, rejection_reason, reply FROM reviews WHERE id = ${id}`,
    )
  )[0]!;
const auditRows = async (target: string) =>
  rows<{ actor: string; action: string; details: Record<string, unknown> }>(
    await getDb(),
    sql`SELECT actor, action, details FROM audit_log WHERE target = ${target} ORDER BY id`,
  );

describe('access', () => {
  test.each([
    ['GET', '/api/admin/reviews', {}],
    ['POST', '/api/admin/reviews/publish', { id: crypto.randomUUID() }],
    ['POST', '/api/admin/reviews/reject', { id: crypto.randomUUID(), reason: 'x' }],
    ['POST', '/api/admin/reviews/reply', { id: crypto.randomUUID(), reply: 'x' }],
    ['GET', '/api/admin/audit', {}],
  ])('anonymous %s %s is 401 UNAUTHENTICATED', async (method, path, input) => {
    expectError(method === 'GET' ? await get(path, input) : await post(path, input), 401, 'UNAUTHENTICATED');
  });

  test('an editor moderates reviews but may not read the audit log (403)', async () => {
    const queue = await get('/api/admin/reviews', {}, editorB);
    expect(queue.status, JSON.stringify(queue.body)).toBe(200);
    // The demo seed's one waiting review.
    expect(queue.body.reviews.map((r: Queued) => r.status)).toEqual(['pending']);
    pending = queue.body.reviews[0];
    expectError(await get('/api/admin/audit', {}, editorB), 403, 'FORBIDDEN');
    expect((await get('/api/admin/audit', {}, adminB)).status).toBe(200);
  });
});

describe('moderation', () => {
  test('a rejection without a reason (or a blank one) is VALIDATION_FAILED at reason, and nothing changes', async () => {
    for (const body of [{ id: pending.id }, { id: pending.id, reason: '  \n ' }]) {
      const r = await post('/api/admin/reviews/reject', body, editorB);
      expectError(r, 400, 'VALIDATION_FAILED');
      expect(r.body.details).toEqual([{ path: 'reason', message: 'required' }]);
    }
    expect((await reviewRow(pending.id)).status).toBe('pending');
    expect(await auditRows(`review:${pending.id}`)).toEqual([]);
  });

  test('unknown fields, a malformed id and an unknown review are refused', async () => {
    expectError(
      await post('/api/admin/reviews/publish', { id: pending.id, status: 'x' }, editorB),
      400,
      'VALIDATION_FAILED',
    );
    expectError(await post('/api/admin/reviews/publish', { id: 'nope' }, editorB), 400, 'VALIDATION_FAILED');
    expectError(
      await post('/api/admin/reviews/publish', { id: crypto.randomUUID() }, editorB),
      404,
      'REVIEW_NOT_FOUND',
    );
  });

  test('reject, publish and reply: each audited with the staff member; the product page gets the review and reply', async () => {
    const target = `review:${pending.id}`;
    published.length = 0;
    const rejected = await post(
      '/api/admin/reviews/reject',
      { id: pending.id, reason: 'Names a competitor.' },
      editorB,
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.review).toMatchObject({ status: 'rejected', rejectionReason: 'Names a competitor.' });
    // Pending to rejected: the review was never on the page, so nothing is published.
    expect(published).toEqual([]);
    const db = await getDb();
    expect((await publishedSummary(db, [pending.productId]))?.reviews.some((r) => r.id === pending.id) ?? false).toBe(
      false,
    );

    const done = await post('/api/admin/reviews/publish', { id: pending.id }, editorB);
    expect(done.body.review).toMatchObject({ status: 'published', rejectionReason: null });
    expect(published.flatMap((i) => (i.all ? ['*'] : i.tags))).toContain(`p:${pending.productId}`);
    const replied = await post('/api/admin/reviews/reply', { id: pending.id, reply: 'Thank you!\nThe shop' }, adminB);
    expect(replied.body.review).toMatchObject({ status: 'published', reply: 'Thank you!\nThe shop' });
    const shown = (await publishedSummary(db, [pending.productId]))!.reviews.find((r) => r.id === pending.id);
    expect(shown?.reply?.text).toBe('Thank you!\nThe shop');

    expect(await auditRows(target)).toEqual([
      {
        actor: `staff:${editor.email}`,
        action: 'review.reject',
        details: { product: pending.productId, from: 'pending', to: 'rejected', reason: 'Names a competitor.' },
      },
      {
        actor: `staff:${editor.email}`,
        action: 'review.publish',
        details: { product: pending.productId, from: 'rejected', to: 'published' },
      },
      {
        actor: `staff:${admin.email}`,
        action: 'review.reply',
        details: { product: pending.productId, reply: 'Thank you!\nThe shop' },
      },
    ]);
    // The queue's filters: it is among the published, no longer waiting.
    expect((await get('/api/admin/reviews', {}, editorB)).body.reviews).toEqual([]);
    const all = await get('/api/admin/reviews', { status: 'published' }, editorB);
    expect(all.body.reviews.map((r: Queued) => r.id)).toContain(pending.id);
    expectError(await get('/api/admin/reviews', { status: 'hidden' }, editorB), 400, 'VALIDATION_FAILED');
  });
});

describe('audit log', () => {
  type Page = {
    entries: { id: number; actor: string; action: string; target: string }[];
    older: number | null;
    newer: number | null;
  };
  const log = async (query: Record<string, unknown>) => {
    const r = await get('/api/admin/audit', query, adminB);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as Page;
  };

  test('filters by actor and action, and searches any column literally', async () => {
    const byAction = await log({ action: 'review.reject' });
    expect(byAction.entries.map((e) => e.action)).toEqual(['review.reject']);
    expect((await log({ actor: `staff:${admin.email}`, action: 'review.reply' })).entries).toHaveLength(1);
    expect((await log({ actor: `staff:${editor.email}`, action: 'review.reply' })).entries).toEqual([]);
    // A word of the reason, in another case; a % is a character, not a wildcard.
    expect((await log({ q: 'COMPETITOR' })).entries.map((e) => e.action)).toEqual(['review.reject']);
    expect((await log({ q: '%' })).entries).toEqual([]);
  });

  test('pages newest first through every entry once, and back', async () => {
    const db = await getDb();
    const count = AUDIT_PAGE_SIZE * 2 + 7;
    for (let i = 0; i < count; i++)
      await audit(db, { kind: 'cli' }, { action: 'test.paging', target: `thing:${i}`, details: { n: i } });
    const seen: string[] = [];
    const pages: Page[] = [];
    let page = await log({ action: 'test.paging' });
    for (;;) {
      pages.push(page);
      seen.push(...page.entries.map((e) => e.target));
      if (page.older === null) break;
      page = await log({ action: 'test.paging', before: page.older });
    }
    expect(pages.map((p) => p.entries.length)).toEqual([AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE, 7]);
    expect(seen).toEqual(Array.from({ length: count }, (_, i) => `thing:${count - 1 - i}`));
    expect(pages[0]!.newer).toBeNull();
    const back = await log({ action: 'test.paging', after: pages[2]!.newer! });
    expect(back.entries).toEqual(pages[1]!.entries);
    expectError(await get('/api/admin/audit', { before: 5, after: 9 }, adminB), 400, 'VALIDATION_FAILED');
  });
});
