// The editor workspace's endpoints (one per operation of adminApi, behind src/pages/api/admin/*.ts)
// and the content API's (GET/PUT/DELETE /api/admin/content/{type}/{identifier}, PUT products and
// categories), wired to the process database. Every write names its actor for the audit trail.
import type { APIContext } from 'astro';
import { getDb } from '../db/index.ts';
import { ApiError, endpoint, json, parseInput, parseJson, rawEndpoint, readText } from '../http.ts';
import { clientIp } from '../client-ip.ts';
import { inBackground, sendStaffPasswordMail } from '../mail/index.ts';
import { shopTitle } from '../auth/index.ts';
import { adminApi, entryKeySchema, MAX_ENTRY_BYTES } from '#lib/admin/contract.ts';
import { categoryUpdateSchema, contentPutSchema, productUpdateSchema } from '#lib/admin/content-api-contract.ts';
import { dbId, text } from '#lib/http/fields.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { entryDetail, entryVersion, listEntries } from './entries.ts';
import { deleteEntry, discardDraft, etagOf, publishDraft, putLive, rollback, saveDraft } from './content-writes.ts';
import { updateCategory, updateProduct } from './catalog-writes.ts';
import { addStaff, authenticateStaff, listStaff, PASSWORD_LINK_HOURS, setStaffPassword, staffRow, updateStaff } from './staff.ts';
import { endStaffSession, startStaffSession } from './sessions.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';
import { apiCallerOf, staffOf } from './guard.ts';

const ok = { ok: true as const };

/** The workspace's JSON endpoints. */
export const workspace = {
  signIn: endpoint(adminApi.signIn, async (body, context) => {
    const db = await getDb();
    const user = await authenticateStaff(db, body, clientIp(context));
    await startStaffSession(db, user, context.cookies, context.url);
    return { email: user.email, role: user.role };
  }),
  signOut: endpoint(adminApi.signOut, async (_body, { cookies, url }) => {
    await endStaffSession(await getDb(), cookies, url);
    return ok;
  }),
  setPassword: endpoint(adminApi.setPassword, async (body) => {
    await setStaffPassword(await getDb(), body.token, body.password);
    return ok;
  }),
  entries: endpoint(adminApi.entries, async (_input, context) => {
    const db = await getDb();
    await staffOf(db, context);
    return { entries: await listEntries(db) };
  }),
  entry: endpoint(adminApi.entry, async (key, context) => {
    const db = await getDb();
    await staffOf(db, context);
    return entryDetail(db, key);
  }),
  version: endpoint(adminApi.version, async ({ version, ...key }, context) => {
    const db = await getDb();
    await staffOf(db, context);
    return entryVersion(db, key, version);
  }),
  saveDraft: endpoint(adminApi.saveDraft, async ({ config, content, revision, base, ...key }, context) => {
    const db = await getDb();
    return saveDraft(db, await staffOf(db, context), key, { config, content }, revision, base);
  }),
  discardDraft: endpoint(adminApi.discardDraft, async ({ revision, ...key }, context) => {
    const db = await getDb();
    await discardDraft(db, await staffOf(db, context), key, revision);
    return ok;
  }),
  publish: endpoint(adminApi.publish, async ({ revision, ...key }, context) => {
    const db = await getDb();
    return publishDraft(db, await staffOf(db, context), key, revision);
  }),
  rollback: endpoint(adminApi.rollback, async ({ version, current, ...key }, context) => {
    const db = await getDb();
    return rollback(db, await staffOf(db, context), key, version, current);
  }),
  deleteEntry: endpoint(adminApi.deleteEntry, async ({ current, ...key }, context) => {
    const db = await getDb();
    return deleteEntry(db, await staffOf(db, context), key, current);
  }),
  staff: endpoint(adminApi.staff, async (_input, context) => {
    const db = await getDb();
    await staffOf(db, context, 'admin');
    return { staff: await listStaff(db) };
  }),
  addStaff: endpoint(adminApi.addStaff, async (body, context) => {
    const db = await getDb();
    const { user, token } = await addStaff(db, await staffOf(db, context, 'admin'), body);
    if (token) {
      const shop = await shopTitle(DEFAULT_LOCALE);
      inBackground('staff password link', () => sendStaffPasswordMail(user.email, token, shop, PASSWORD_LINK_HOURS));
    }
    return staffRow(user);
  }),
  updateStaff: endpoint(adminApi.updateStaff, async (body, context) => {
    const db = await getDb();
    return staffRow(await updateStaff(db, await staffOf(db, context, 'admin'), body));
  }),
  tokens: endpoint(adminApi.tokens, async (_input, context) => {
    const db = await getDb();
    await staffOf(db, context, 'admin');
    return { tokens: await listTokens(db) };
  }),
  createToken: endpoint(adminApi.createToken, async (body, context) => {
    const db = await getDb();
    return createToken(db, await staffOf(db, context, 'admin'), body);
  }),
  revokeToken: endpoint(adminApi.revokeToken, async (body, context) => {
    const db = await getDb();
    return revokeToken(db, await staffOf(db, context, 'admin'), body.id);
  }),
};

/** The entry an address names: /api/admin/content/{type}/{identifier}?locale=en (no locale: the all-languages row). */
function entryKeyOf({ params, url }: APIContext) {
  return parseInput({ type: params.type, identifier: params.identifier, locale: url.searchParams.get('locale') ?? '' }, entryKeySchema);
}

async function readBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json')) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected application/json', 415);
  return parseJson(await readText(request, maxBytes));
}

const versioned = (body: unknown, version: number, status = 200) => json(body, { status, headers: { etag: etagOf(version) } });

/** The content API: one entry by address, its version as the ETag. */
export const contentApi = {
  GET: rawEndpoint(async (context) => {
    const db = await getDb();
    await apiCallerOf(db, context, 'content:read');
    const key = entryKeyOf(context);
    const detail = await entryDetail(db, key);
    if (!detail.live) throw new ApiError('CONTENT_NOT_FOUND', 'There is no such content entry.', 404);
    const { version, config, content, by, at } = detail.live;
    return versioned({ ...key, version, config, content, updatedBy: by, updatedAt: at }, version);
  }),
  PUT: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await apiCallerOf(db, context, 'content:write');
    const key = entryKeyOf(context);
    const body = parseInput(await readBody(context.request, 2 * MAX_ENTRY_BYTES), contentPutSchema);
    const published = await putLive(db, actor, key, body, context.request.headers.get('if-match'));
    return versioned({ ...key, ...published }, published.version, published.created ? 201 : 200);
  }),
  DELETE: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await apiCallerOf(db, context, 'content:write');
    const published = await putLive(db, actor, entryKeyOf(context), null, context.request.headers.get('if-match'));
    return versioned(published, published.version);
  }),
};

const CATALOG_BODY_BYTES = 512 * 1024;

export const catalogApi = {
  product: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await apiCallerOf(db, context, 'catalog:write');
    const sku = parseInput(context.params.sku, text({ max: 64 }).min(1));
    const body = parseInput(await readBody(context.request, CATALOG_BODY_BYTES), productUpdateSchema);
    return json(await updateProduct(db, actor, sku, body));
  }),
  category: rawEndpoint(async (context) => {
    const db = await getDb();
    const actor = await apiCallerOf(db, context, 'catalog:write');
    const id = parseInput(Number(context.params.id), dbId());
    const body = parseInput(await readBody(context.request, CATALOG_BODY_BYTES), categoryUpdateSchema);
    await updateCategory(db, actor, id, body);
    return json({ id, ok: true });
  }),
};
