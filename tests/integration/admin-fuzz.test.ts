// Over a thousand generated requests against the editor workspace's endpoints and the content API, as
// a signed-in admin (every fourth content API request with a bearer token instead): bodies derived from
// each operation's schema with hostile values (NUL, lone surrogates, 2^31, 2^53, 1e308, off-by-one
// lengths, wrong types), the fixed hostile set of the shop's fuzz suite (broken JSON, wrong content
// types, 1,000- and 10,000-level nesting, `__proto__` keys, huge arrays), bodies at and past each body
// limit, unknown kinds, identifiers and locales, and hostile route parameters and If-Match headers.
// Whatever arrives: no 5xx, every answer but a success in the one error shape { code, message, status },
// nothing logged as failed, and no prototype polluted. Seeded: every run sends the same requests.
import fc from 'fast-check';
import { z } from 'astro/zod';
import { and, eq } from 'drizzle-orm';
import type { APIRoute } from 'astro';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { callAdmin, queryOf, type AdminRequest } from '../helpers/admin-harness.ts';
import { fuzzCases } from '../adversarial/fuzz-cases.ts';
import { deeplyNested, hostileNumberArb, hostileStringArb } from '../adversarial/hostile.ts';
import { sampleBodies, type ValuePools } from '../adversarial/schema-arbitrary.ts';
import type { FuzzTarget } from '../adversarial/endpoints.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { adminApi, entryKeySchema, entryLocaleSchema, MAX_ENTRY_BYTES, type EntryKey } from '#lib/admin/contract.ts';
import { categoryUpdateSchema, contentPutSchema, productUpdateSchema } from '#lib/admin/content-api-contract.ts';
import type { Operation } from '#lib/http/contract.ts';
import { dbId, text } from '#lib/http/fields.ts';
import { apiTokens, contentBlocks, contentDrafts, products, staffUsers } from '#lib/server/db/schema.ts';
import { contentConfigSchemas, pageConfigSchema } from '#lib/content/schemas.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { addStaff, createToken } from '#lib/server/admin/index.ts';
import { bodyLimitFor } from '#lib/server/body-limit.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { logger } from '#lib/server/log.ts';
import * as draftRoute from '../../src/pages/api/admin/draft.ts';
import * as discardRoute from '../../src/pages/api/admin/draft/discard.ts';
import * as publishRoute from '../../src/pages/api/admin/publish.ts';
import * as rollbackRoute from '../../src/pages/api/admin/rollback.ts';
import * as staffRoute from '../../src/pages/api/admin/staff.ts';
import * as staffUpdateRoute from '../../src/pages/api/admin/staff/update.ts';
import * as tokensRoute from '../../src/pages/api/admin/tokens.ts';
import * as revokeRoute from '../../src/pages/api/admin/tokens/revoke.ts';
import * as entriesRoute from '../../src/pages/api/admin/entries.ts';
import * as entryRoute from '../../src/pages/api/admin/entry.ts';
import * as versionRoute from '../../src/pages/api/admin/version.ts';
import * as signInRoute from '../../src/pages/api/admin/sign-in.ts';
import * as contentRoute from '../../src/pages/api/admin/content/[type]/[identifier].ts';
import * as productRoute from '../../src/pages/api/admin/products/[sku].ts';
import * as categoryRoute from '../../src/pages/api/admin/categories/[id].ts';

/** Schema-derived requests per endpoint; the fixed hostile set and this file's extras come on top. */
const BODIES_PER_ENDPOINT = 25;
/** Valid requests with one field swapped for a generated one, per endpoint, and generated configs per content kind. */
const NEAR_VALID = 20;
const CONFIGS_PER_KIND = 4;
const MIN_REQUESTS = 1_000;
const SEED = 20_261_125;
const FUZZ_ADMIN = { email: 'fuzz.admin@example.com', password: 'Fuzz-Admin-Passw0rd!' };

// ------------------------------------------------------------------- targets
type Params = Record<string, string>;
interface Target {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  route: APIRoute;
  /** What the body (or, for GET, the query) is checked against. */
  request: z.ZodType;
  /** Route parameters for each request (the content API's address), cycled. */
  params?: Params[];
  /** Whether the endpoint takes a bearer token (the content API and the catalogue updates). */
  api?: boolean;
}

/** A contract-shaped target for the shop's fuzz-case generator, which reads only method, path and request. */
const asFuzzTarget = (t: Target): FuzzTarget => ({
  method: t.method,
  path: t.path,
  operation: { method: t.method, path: t.path, request: t.request } as unknown as Operation,
});

/** Route parameters sampled from a schema with the same hostile mix as bodies, as the strings Astro hands over. */
function sampledParams(schema: z.ZodType, pools: ValuePools, seed: number): Params[] {
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return sampleBodies(schema, pools, BODIES_PER_ENDPOINT * 2, seed).map((b) =>
    typeof b === 'object' && b !== null && !Array.isArray(b)
      ? Object.fromEntries(Object.entries(b).map(([k, v]) => [k, asText(v)]))
      : { type: asText(b), identifier: asText(b), sku: asText(b), id: asText(b) },
  );
}

/** Known addresses, unknown kinds, identifiers and locales: what the content API's URL can carry. */
const ADDRESSES: Params[] = [
  { type: 'block', identifier: 'menu' },
  { type: 'page', identifier: 'agb' },
  { type: 'setting', identifier: 'branding' },
  { type: 'widget', identifier: 'menu' },
  { type: 'block', identifier: 'no-such-block' },
  { type: 'block', identifier: 'Menu' },
  { type: 'block', identifier: '../../etc/passwd' },
  { type: 'page', identifier: 'x'.repeat(121) },
  { type: '', identifier: '' },
  { type: 'block', identifier: 'a\u0000b' },
  { type: 'block', identifier: '\uD800' },
  { type: '__proto__', identifier: 'constructor' },
];
const LOCALE_QUERIES = [
  '',
  '?locale=en',
  '?locale=xx',
  '?locale=EN',
  '?locale=de-DE',
  '?locale=%00',
  '?locale=en&locale=de',
  '?locale[]=de',
];
const IF_MATCH = [undefined, '*', '"1"', '"2"', 'W/"1"', '"99999999999"', 'garbage', '"1", "2"', '', '"\u00ff"'];

// ------------------------------------------------------------------- sending
interface Sent {
  target: string;
  request: AdminRequest;
  auth: 'cookie' | 'token';
}
interface Finding {
  sent: Sent;
  status: number;
  problem: string;
}

const findings: Finding[] = [];
/** The statuses each endpoint answered: every one must have answered a success too, or the fuzz never got past its door. */
const answered = new Map<string, Set<number>>();

const sentCount = { total: 0, token: 0 };
const logged: string[] = [];
let admin: Browser;
let adminId: number;
let token: { id: number; token: string };

const describeSent = ({ target, request, auth }: Sent) => {
  const raw = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  const body =
    raw === undefined ? '' : ` body=${(typeof raw === 'string' ? raw : `0x${raw.toString('hex')}`).slice(0, 300)}`;
  const headers = Object.keys(request.headers ?? {}).length ? ` headers=${JSON.stringify(request.headers)}` : '';
  return `${target}: ${request.method ?? 'POST'} ${request.path.slice(0, 300)} params=${JSON.stringify(request.params ?? {})} as ${auth}${headers} content-type=${request.contentType === undefined ? 'application/json' : String(request.contentType)}${body}`;
};

/** What is wrong with an answer, or null: a 5xx, or an answer other than a success without the error shape. */
function problemOf(r: ApiResult): string | null {
  if (r.status >= 500) return `${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`;
  if (r.status >= 200 && r.status < 300) return null;
  const b = r.body as Record<string, unknown>;
  if (
    typeof b === 'object' &&
    b !== null &&
    typeof b.code === 'string' &&
    typeof b.message === 'string' &&
    b.status === r.status
  )
    return null;
  return `${r.status} not in the error shape: ${JSON.stringify(r.body).slice(0, 300)}`;
}

/** Signs the fuzz admin in again and mints a new token when a fuzz request demoted, disabled or revoked them. */
async function keepAccess(): Promise<void> {
  const db = await getDb();
  const [me] = await db.select().from(staffUsers).where(eq(staffUsers.id, adminId));
  if (me!.role !== 'admin' || me!.disabledAt)
    await db.update(staffUsers).set({ role: 'admin', disabledAt: null }).where(eq(staffUsers.id, adminId));
  const entries = await callAdmin(entriesRoute.GET, { method: 'GET', path: '/api/admin/entries' }, admin);
  if (entries.status === 401) await signInFuzzAdmin();
  const [live] = await db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
  if (live!.revokedAt) token = await mintToken();
}

async function signInFuzzAdmin(): Promise<void> {
  admin = new Browser('10.77.0.1');
  const r = await callAdmin(signInRoute.POST, { path: '/api/admin/sign-in', body: FUZZ_ADMIN }, admin);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function mintToken(): Promise<{ id: number; token: string }> {
  const scopes = ['content:read', 'content:write', 'catalog:write'] as (
    'content:read' | 'content:write' | 'catalog:write'
  )[];
  return createToken(
    await getDb(),
    { kind: 'staff', id: adminId, email: FUZZ_ADMIN.email, role: 'admin' },
    { name: 'fuzz', scopes },
  );
}

async function send(target: Target, request: AdminRequest, asToken: boolean): Promise<void> {
  const sent: Sent = {
    target: target.name,
    request: { ...request, ...(asToken ? { bearer: token.token } : {}) },
    auth: asToken ? 'token' : 'cookie',
  };
  sentCount.total += 1;
  if (asToken) sentCount.token += 1;
  let answer: ApiResult;
  try {
    answer = await callAdmin(target.route, sent.request, asToken ? undefined : admin);
  } catch (error) {
    findings.push({ sent, status: 0, problem: `the handler threw: ${String(error)}` });
    return;
  }
  answered.set(target.name, (answered.get(target.name) ?? new Set()).add(answer.status));
  const problem = problemOf(answer);
  if (problem) findings.push({ sent, status: answer.status, problem });
  if (answer.status === 401 || /staff|token/.test(target.name)) await keepAccess();
}

// ---------------------------------------------------------------- the suite
let targets: Target[];
let pools: ValuePools;

beforeAll(async () => {
  await prepareDataDir({ SITE_URL: 'http://shop.test:4321' });
  vi.spyOn(logger, 'error').mockImplementation((fields: unknown, message?: unknown) => {
    logged.push(`${String(message)}: ${String((fields as { err?: unknown } | undefined)?.err)}`);
  });
  const db = await getDb();
  const cli = { kind: 'cli' } as const;
  adminId = (await addStaff(db, cli, { email: FUZZ_ADMIN.email, role: 'admin', password: FUZZ_ADMIN.password })).user
    .id;
  // Decoys: the ids fuzz bodies name are theirs, so a lucky body changes them rather than the fuzzer's access.
  const decoys = await Promise.all(
    [1, 2, 3].map((n) => addStaff(db, cli, { email: `decoy-${n}@example.com`, role: n === 1 ? 'admin' : 'editor' })),
  );
  const decoyTokens = [];
  for (let n = 0; n < 3; n++)
    decoyTokens.push(await createToken(db, cli, { name: `decoy-${n}`, scopes: ['content:read'] }));
  token = await mintToken();
  await signInFuzzAdmin();
  const [product] = await db.select().from(products).where(eq(products.sku, DEMO_FIXTURES.products.available));
  pools = {
    uuids: [],
    skus: [DEMO_FIXTURES.products.available, ...DEMO_FIXTURES.products.variants, DEMO_FIXTURES.products.variantParent],
    ints: [1, 2, 3, product!.primaryCategoryId!, ...decoys.map((d) => d.user.id), ...decoyTokens.map((t) => t.id)],
    emails: ['decoy-2@example.com', 'new-staff@example.com', DEMO_FIXTURES.staff.editor.email],
    passwords: [],
  };
  const keyParams = [...ADDRESSES, ...sampledParams(entryKeySchema, pools, SEED)];
  targets = [
    {
      name: 'saveDraft',
      method: 'POST',
      path: '/api/admin/draft',
      route: draftRoute.POST,
      request: adminApi.saveDraft.request,
    },
    {
      name: 'discardDraft',
      method: 'POST',
      path: '/api/admin/draft/discard',
      route: discardRoute.POST,
      request: adminApi.discardDraft.request,
    },
    {
      name: 'publish',
      method: 'POST',
      path: '/api/admin/publish',
      route: publishRoute.POST,
      request: adminApi.publish.request,
    },
    {
      name: 'rollback',
      method: 'POST',
      path: '/api/admin/rollback',
      route: rollbackRoute.POST,
      request: adminApi.rollback.request,
    },
    {
      name: 'addStaff',
      method: 'POST',
      path: '/api/admin/staff',
      route: staffRoute.POST,
      request: adminApi.addStaff.request,
    },
    {
      name: 'updateStaff',
      method: 'POST',
      path: '/api/admin/staff/update',
      route: staffUpdateRoute.POST,
      request: adminApi.updateStaff.request,
    },
    {
      name: 'createToken',
      method: 'POST',
      path: '/api/admin/tokens',
      route: tokensRoute.POST,
      request: adminApi.createToken.request,
    },
    {
      name: 'revokeToken',
      method: 'POST',
      path: '/api/admin/tokens/revoke',
      route: revokeRoute.POST,
      request: adminApi.revokeToken.request,
    },
    { name: 'entry', method: 'GET', path: '/api/admin/entry', route: entryRoute.GET, request: adminApi.entry.request },
    {
      name: 'version',
      method: 'GET',
      path: '/api/admin/version',
      route: versionRoute.GET,
      request: adminApi.version.request,
    },
    {
      name: 'content GET',
      method: 'GET',
      path: '/api/admin/content/block/menu',
      route: contentRoute.GET,
      request: z.object({ locale: entryLocaleSchema }),
      params: keyParams,
      api: true,
    },
    {
      name: 'content PUT',
      method: 'PUT',
      path: '/api/admin/content/block/menu',
      route: contentRoute.PUT,
      request: contentPutSchema,
      params: keyParams,
      api: true,
    },
    {
      name: 'content DELETE',
      method: 'DELETE',
      path: '/api/admin/content/block/menu',
      route: contentRoute.DELETE,
      request: z.object({}).strict(),
      params: keyParams,
      api: true,
    },
    {
      name: 'products PUT',
      method: 'PUT',
      path: `/api/admin/products/${DEMO_FIXTURES.products.available}`,
      route: productRoute.PUT,
      request: productUpdateSchema,
      api: true,
      params: [
        ...pools.skus.map((sku) => ({ sku })),
        { sku: 'NO-SUCH-SKU' },
        ...sampledParams(z.object({ sku: text({ max: 64 }).min(1) }), pools, SEED + 1),
      ],
    },
    {
      name: 'categories PUT',
      method: 'PUT',
      path: `/api/admin/categories/${product!.primaryCategoryId}`,
      route: categoryRoute.PUT,
      request: categoryUpdateSchema,
      api: true,
      params: [
        { id: String(product!.primaryCategoryId) },
        { id: '999999' },
        { id: '0' },
        { id: '-1' },
        { id: '1.5' },
        { id: '2147483648' },
        { id: '1e3' },
        { id: 'abc' },
        ...sampledParams(z.object({ id: dbId() }), pools, SEED + 2),
      ],
    },
  ];
});

afterAll(async () => {
  await backgroundSettled();
  vi.restoreAllMocks();
  await closeDatabase();
});

/** A path segment for any string (a lone surrogate cannot travel in a URL: it arrives as U+FFFD). */
const segment = (value: string | undefined) => encodeURIComponent((value ?? '').toWellFormed());

/** The address a request with these params has (a content API address carries the locale in its query). */
function addressed(
  target: Target,
  params: Params | undefined,
  i: number,
  path: string,
): { path: string; params?: Params } {
  if (!params) return { path };
  const query = path.includes('?') ? path.slice(path.indexOf('?')) : '';
  if (target.name.startsWith('content')) {
    return {
      path: `/api/admin/content/${segment(params.type)}/${segment(params.identifier)}${query || LOCALE_QUERIES[i % LOCALE_QUERIES.length]!}`,
      params,
    };
  }
  const base = target.name.startsWith('products') ? '/api/admin/products' : '/api/admin/categories';
  return { path: `${base}/${segment(params.sku ?? params.id)}${query}`, params };
}

describe('admin endpoints under fuzzing', () => {
  test('schema-derived and hostile requests never get a 5xx and always the one error shape', async () => {
    for (const target of targets) {
      const cases = fuzzCases(
        asFuzzTarget(target),
        pools,
        { publishWebhook: 'unused', stripeWebhook: 'unused' },
        BODIES_PER_ENDPOINT,
      );
      for (const [i, c] of cases.entries()) {
        const params = target.params?.[i % target.params.length];
        const headers = { ...(c.request.headers as Record<string, string> | undefined) };
        const contentType = headers['content-type'] ?? null;
        delete headers['content-type'];
        const ifMatch =
          target.method === 'PUT' || target.method === 'DELETE' ? IF_MATCH[i % IF_MATCH.length] : undefined;
        if (ifMatch !== undefined) headers['if-match'] = ifMatch;
        const request: AdminRequest = {
          method: target.method,
          ...addressed(target, params, i, c.request.path),
          ...(c.request.body === undefined || target.method === 'GET' ? {} : { rawBody: c.request.body }),
          contentType,
          headers,
        };
        await send(target, request, target.api === true && i % 4 === 3);
      }
    }
  });

  test('near-valid requests (one field swapped for a generated one) get past the schema to the code behind it', async () => {
    const db = await getDb();
    const byName = (name: string) => targets.find((t) => t.name === name)!;
    const sameKey = (t: typeof contentBlocks | typeof contentDrafts, key: EntryKey) =>
      and(eq(t.type, key.type), eq(t.identifier, key.identifier), eq(t.locale, key.locale));
    const revisionOf = async (key: EntryKey) =>
      (await db.select().from(contentDrafts).where(sameKey(contentDrafts, key)))[0]?.revision ?? 0;
    const liveVersion = async (key: EntryKey) =>
      (await db.select().from(contentBlocks).where(sameKey(contentBlocks, key)))[0]?.version ?? 0;
    const addressOf = (key: EntryKey) => ({
      path: `/api/admin/content/${key.type}/${key.identifier}${key.locale ? `?locale=${key.locale}` : ''}`,
      params: { type: key.type, identifier: key.identifier },
    });

    // A config of every content kind, generated from that kind's own schema: values the shop renders.
    const kinds = [
      ...Object.entries(contentConfigSchemas).map(([k, schema]) => ({
        key: k.split(':') as [EntryKey['type'], string],
        schema: schema as z.ZodType,
      })),
      { key: ['page', 'agb'] as [EntryKey['type'], string], schema: pageConfigSchema as z.ZodType },
    ];
    for (const [
      k,
      {
        key: [type, identifier],
        schema,
      },
    ] of kinds.entries()) {
      for (const [i, config] of sampleBodies(schema, pools, CONFIGS_PER_KIND, SEED + 100 + k).entries()) {
        const key: EntryKey = { type, identifier, locale: i % 2 === 0 ? '' : 'en' };
        const content = i % 2 === 0 ? '<p>Near</p><img src=x onerror=alert(1)>' : null;
        await send(
          byName('saveDraft'),
          { path: '/api/admin/draft', body: { ...key, config, content, revision: await revisionOf(key) } },
          false,
        );
        await send(
          byName('content PUT'),
          { method: 'PUT', ...addressOf(key), body: { config, content }, headers: { 'if-match': '*' } },
          i % 4 === 3,
        );
      }
    }

    const menu: EntryKey = { type: 'block', identifier: 'menu', locale: '' };
    const withDraft = async (key: EntryKey) => {
      const revision = await revisionOf(key);
      if (revision === 0)
        await callAdmin(
          draftRoute.POST,
          { path: '/api/admin/draft', body: { ...key, config: { entries: [] }, content: null, revision } },
          admin,
        );
      return revisionOf(key);
    };
    const [decoyStaff] = await db.select().from(staffUsers).where(eq(staffUsers.email, 'decoy-2@example.com'));
    const primary = pools.ints[3]!;
    const bases: Record<string, (i: number) => Promise<Record<string, unknown>>> = {
      saveDraft: async () => ({ ...menu, config: { entries: [] }, content: null, revision: await revisionOf(menu) }),
      publish: async () => ({ ...menu, revision: await withDraft(menu) }),
      discardDraft: async () => ({ ...menu, revision: await withDraft(menu) }),
      rollback: async () => ({ ...menu, version: 1, current: await liveVersion(menu) }),
      addStaff: async (i) => ({ email: `near-${i}@example.com`, role: 'editor' }),
      updateStaff: async () => ({ id: decoyStaff!.id, role: 'editor', disabled: false }),
      createToken: async () => ({ name: 'near', scopes: ['content:read'] }),
      revokeToken: async () => ({ id: pools.ints.at(-1)! }),
      entry: async () => ({ ...menu }),
      version: async () => ({ ...menu, version: '1' }),
      'content GET': async (i) => ({ locale: ['', 'en', 'de'][i % 3] }),
      'products PUT': async () => ({
        texts: { en: { name: 'Near', description: '<p>Near</p>' } },
        categories: [primary],
      }),
      'categories PUT': async () => ({ texts: { en: { name: 'Near', description: '<p>Near</p>' } } }),
    };
    for (const [n, [name, base]] of Object.entries(bases).entries()) {
      const target = byName(name);
      // Which field each request swaps, drawn apart from the values (which fast-check correlates with the index).
      const picks = fc.sample(fc.nat(), { numRuns: NEAR_VALID, seed: SEED + 300 + n });
      for (const [i, sample] of sampleBodies(target.request, pools, NEAR_VALID, SEED + 200 + n).entries()) {
        const body = await base(i);
        const field = Object.keys(body)[picks[i]! % Object.keys(body).length]!;
        // The first request of each endpoint is the valid one itself.
        if (i === 0) {
          /* unchanged */
        } else if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) body[field] = sample;
        else if (field in sample) body[field] = (sample as Record<string, unknown>)[field];
        else delete body[field];
        const params: Params | undefined = name.startsWith('content')
          ? { type: 'block', identifier: 'menu' }
          : name.startsWith('products')
            ? { sku: DEMO_FIXTURES.products.available }
            : name.startsWith('categories')
              ? { id: String(primary) }
              : undefined;
        const address = addressed(
          target,
          params,
          i,
          target.method === 'GET' ? `${target.path}${queryOf(body)}` : target.path,
        );
        await send(
          target,
          { method: target.method, ...address, ...(target.method === 'GET' ? {} : { body }) },
          target.api === true && i % 4 === 3,
        );
      }
    }
  });

  test('bodies at and past each body limit', async () => {
    for (const target of targets.filter((t) => t.method !== 'GET')) {
      const limit = Math.min(bodyLimitFor(target.path), target.name === 'saveDraft' ? 2 * MAX_ENTRY_BYTES : Infinity);
      const padded = (bytes: number) => `{"pad":"${'x'.repeat(bytes - 10)}"}`;
      const params = target.params?.[0];
      for (const rawBody of [padded(limit), padded(limit + 1), padded(limit * 4)]) {
        await send(
          target,
          {
            method: target.method,
            path: addressed(target, params, 0, '').path,
            params,
            rawBody,
            headers: { 'if-match': '*' },
          },
          false,
        );
      }
      // A declared length past the limit is refused before reading.
      await send(
        target,
        {
          method: target.method,
          path: addressed(target, params, 0, '').path,
          params,
          rawBody: padded(limit + 1),
          headers: { 'content-length': String(limit + 1) },
        },
        false,
      );
    }
    // Real fields at their limits: an entry's HTML and a product description.
    const page = { type: 'page', identifier: 'agb', locale: 'en' };
    for (const content of ['x'.repeat(MAX_ENTRY_BYTES), 'x'.repeat(MAX_ENTRY_BYTES + 1), 'é'.repeat(MAX_ENTRY_BYTES)]) {
      await send(
        targets.find((t) => t.name === 'saveDraft')!,
        { path: '/api/admin/draft', body: { ...page, config: { title: 'AGB' }, content, revision: 0 } },
        false,
      );
      await send(
        targets.find((t) => t.name === 'content PUT')!,
        {
          method: 'PUT',
          path: '/api/admin/content/page/agb?locale=en',
          params: { type: 'page', identifier: 'agb' },
          body: { config: { title: 'AGB' }, content },
          headers: { 'if-match': '*' },
        },
        true,
      );
    }
    for (const length of [64 * 1024, 64 * 1024 + 1]) {
      await send(
        targets.find((t) => t.name === 'products PUT')!,
        {
          method: 'PUT',
          path: `/api/admin/products/${DEMO_FIXTURES.products.available}`,
          params: { sku: DEMO_FIXTURES.products.available },
          body: { texts: { en: { description: 'd'.repeat(length) } } },
        },
        true,
      );
    }
  });

  test('hostile configs: deep nesting, prototype keys, arrays for objects, numbers past every range, unknown kinds and locales', async () => {
    const draft = targets.find((t) => t.name === 'saveDraft')!;
    const key = { type: 'block', identifier: 'menu', locale: '' };
    const raw = (body: string) => send(draft, { path: '/api/admin/draft', rawBody: body }, false);
    const keyJson = JSON.stringify(key).slice(1, -1);
    for (const depth of [33, 1_000]) {
      await raw(`{${keyJson},"revision":0,"content":null,"config":${deeplyNested(depth, 'object')}}`);
      await raw(`{${keyJson},"revision":0,"content":null,"config":{"entries":${deeplyNested(depth, 'array')}}}`);
    }
    await raw(`{${keyJson},"revision":0,"content":null,"config":{"__proto__":{"polluted":1},"entries":[]}}`);
    await raw(
      `{${keyJson},"revision":0,"content":null,"config":{"entries":[{"__proto__":{"kind":"link"},"constructor":{"prototype":{"polluted":1}}}]}}`,
    );
    await raw(`{"__proto__":{"revision":0},${keyJson},"config":{"entries":[]},"content":null,"revision":0}`);
    for (const config of [[], 'menu', 1, null, true, [{ entries: [] }], { entries: {} }, { entries: [[]] }]) {
      await send(draft, { path: '/api/admin/draft', body: { ...key, config, content: null, revision: 0 } }, false);
    }
    const numbers = fc.sample(hostileNumberArb, { numRuns: 20, seed: SEED });
    for (const n of [...numbers, 2 ** 31, 2 ** 53, 1e308, -0, 1.5]) {
      await send(
        draft,
        { path: '/api/admin/draft', body: { ...key, config: { entries: [] }, content: null, revision: n } },
        false,
      );
      await send(
        targets.find((t) => t.name === 'rollback')!,
        { path: '/api/admin/rollback', body: { ...key, version: n, current: n } },
        false,
      );
      await send(
        targets.find((t) => t.name === 'updateStaff')!,
        { path: '/api/admin/staff/update', body: { id: n, role: 'editor' } },
        false,
      );
      await send(
        targets.find((t) => t.name === 'version')!,
        {
          method: 'GET',
          path: `/api/admin/version?type=block&identifier=menu&locale=&version=${encodeURIComponent(String(n))}`,
        },
        false,
      );
    }
    const kinds = [
      ['widget', 'menu', ''],
      ['block', 'no-such-block', ''],
      ['block', 'menu', 'xx'],
      ['block', 'menu', 'EN'],
      ['page', 'new-page', 'de-DE'],
      ['setting', 'locale', 'en'],
    ];
    for (const [type, identifier, locale] of kinds) {
      await send(
        draft,
        { path: '/api/admin/draft', body: { type, identifier, locale, config: {}, content: null, revision: 0 } },
        false,
      );
      await send(
        targets.find((t) => t.name === 'publish')!,
        { path: '/api/admin/publish', body: { type, identifier, locale, revision: 1 } },
        false,
      );
    }
    for (const value of fc.sample(hostileStringArb, { numRuns: 30, seed: SEED })) {
      await send(
        draft,
        {
          path: '/api/admin/draft',
          body: {
            ...key,
            config: { entries: [{ kind: 'link', titles: [{ locale: 'de', title: value }], url: value }] },
            content: value,
            revision: 0,
          },
        },
        false,
      );
      await send(
        targets.find((t) => t.name === 'categories PUT')!,
        {
          method: 'PUT',
          path: '/api/admin/categories/1',
          params: { id: '1' },
          body: { texts: { en: { name: value, description: value } } },
        },
        true,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('kind');
  });

  test(`sent at least ${MIN_REQUESTS} requests, a few with a token, and found nothing`, async () => {
    await backgroundSettled();
    expect(sentCount.total).toBeGreaterThanOrEqual(MIN_REQUESTS);
    expect(sentCount.token).toBeGreaterThan(20);
    const first = findings[0];
    expect(
      findings.length,
      first ? `${findings.length} bad answers; the first: ${first.problem}\n  ${describeSent(first.sent)}` : '',
    ).toBe(0);
    const neverSucceeded = targets
      .filter((t) => ![...(answered.get(t.name) ?? [])].some((s) => s >= 200 && s < 300))
      .map((t) => t.name);
    expect(neverSucceeded).toEqual([]);
    expect(logged).toEqual([]);
  });
});
