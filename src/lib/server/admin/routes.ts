// The editor workspace's endpoints (one per operation of adminApi, behind src/pages/api/admin/*.ts)
// and the content API's (GET/PUT/DELETE /api/admin/content/{type}/{identifier}, PUT products and
// categories), wired to the process database. Every write names its actor for the audit trail.
import type { APIContext } from 'astro';
import { getDb } from '../db/index.ts';
import { ApiError, endpoint, json, parseInput, parseJson, rawEndpoint, readText } from '../http.ts';
import { inBackground, sendStaffPasswordMail } from '../mail/index.ts';
import { shopTitle } from '../auth/index.ts';
import { adminApi, entryKeySchema, MAX_ENTRY_BYTES } from '#lib/admin/contract.ts';
import type { Operation, ParsedRequestOf, ResponseOf } from '#lib/http/contract.ts';
import type { StaffNeed } from '#lib/admin/rules.ts';
import { categoryUpdateSchema, contentPutSchema, productUpdateSchema } from '#lib/admin/content-api-contract.ts';
import { dbId, text } from '#lib/http/fields.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { entryDetail, entryVersion, listEntries } from './entries.ts';
import { deleteEntry, discardDraft, etagOf, publishDraft, putLive, rollback, saveDraft } from './content-writes.ts';
import { updateCategory, updateProduct } from './catalog-writes.ts';
import { addStaff, listStaff, PASSWORD_LINK_HOURS, setStaffPassword, staffRow, updateStaff } from './staff.ts';
import { staffSignIn, staffSignOut } from './sign-in.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';
import { apiCallerOf } from './guard.ts';
import { staffChange, type Staff } from './staff-change.ts';
import { moderationChanges, reviewQueue } from './moderation.ts';
import { auditLogPage } from './audit-log.ts';
import { moderationApi } from '#lib/admin/moderation-contract.ts';
import { webhookApi } from '#lib/admin/webhook-contract.ts';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  redeliver,
  setWebhookEnabled,
  webhookDeliveries,
} from './webhooks.ts';

const ok = { ok: true as const };

/** A workspace operation for signed-in staff (`need` the role it takes), as its JSON endpoint. */
export function staffEndpoint<O extends Operation>(
  op: O,
  need: StaffNeed,
  handler: (input: ParsedRequestOf<O>, staff: Staff) => Promise<ResponseOf<O>>,
) {
  return endpoint(staffChange(op, need, handler));
}

/** The workspace's JSON endpoints: signing in and out and setting a password from a link are public. */
export const workspace = {
  signIn: endpoint(staffSignIn),
  signOut: endpoint(staffSignOut),
  setPassword: endpoint(adminApi.setPassword, async (body) => {
    await setStaffPassword(await getDb(), body.token, body.password);
    return ok;
  }),
  entries: staffEndpoint(adminApi.entries, 'editor', async (_input, { db }) => ({ entries: await listEntries(db) })),
  entry: staffEndpoint(adminApi.entry, 'editor', (key, { db }) => entryDetail(db, key)),
  version: staffEndpoint(adminApi.version, 'editor', ({ version, ...key }, { db }) => entryVersion(db, key, version)),
  saveDraft: staffEndpoint(adminApi.saveDraft, 'editor', ({ config, content, revision, base, ...key }, { db, actor }) =>
    saveDraft(db, actor, key, { config, content }, revision, base),
  ),
  discardDraft: staffEndpoint(adminApi.discardDraft, 'editor', async ({ revision, ...key }, { db, actor }) => {
    await discardDraft(db, actor, key, revision);
    return ok;
  }),
  publish: staffEndpoint(adminApi.publish, 'editor', ({ revision, ...key }, { db, actor }) =>
    publishDraft(db, actor, key, revision),
  ),
  rollback: staffEndpoint(adminApi.rollback, 'editor', ({ version, current, ...key }, { db, actor }) =>
    rollback(db, actor, key, version, current),
  ),
  deleteEntry: staffEndpoint(adminApi.deleteEntry, 'editor', ({ current, ...key }, { db, actor }) =>
    deleteEntry(db, actor, key, current),
  ),
  staff: staffEndpoint(adminApi.staff, 'admin', async (_input, { db }) => ({ staff: await listStaff(db) })),
  addStaff: staffEndpoint(adminApi.addStaff, 'admin', async (body, { db, actor }) => {
    const { user, token } = await addStaff(db, actor, body);
    if (token) {
      const shop = await shopTitle(DEFAULT_LOCALE);
      inBackground('staff password link', () => sendStaffPasswordMail(user.email, token, shop, PASSWORD_LINK_HOURS));
    }
    return staffRow(user);
  }),
  updateStaff: staffEndpoint(adminApi.updateStaff, 'admin', async (body, { db, actor }) =>
    staffRow(await updateStaff(db, actor, body)),
  ),
  tokens: staffEndpoint(adminApi.tokens, 'admin', async (_input, { db }) => ({ tokens: await listTokens(db) })),
  createToken: staffEndpoint(adminApi.createToken, 'admin', (body, { db, actor }) => createToken(db, actor, body)),
  revokeToken: staffEndpoint(adminApi.revokeToken, 'admin', (body, { db, actor }) => revokeToken(db, actor, body.id)),
  webhooks: staffEndpoint(webhookApi.webhooks, 'admin', async (_input, { db }) => ({
    endpoints: await listWebhooks(db),
  })),
  createWebhook: staffEndpoint(webhookApi.createWebhook, 'admin', (body, { db, actor }) =>
    createWebhook(db, actor, body),
  ),
  updateWebhook: staffEndpoint(webhookApi.updateWebhook, 'admin', (body, { db, actor }) =>
    setWebhookEnabled(db, actor, body.id, body.enabled),
  ),
  deleteWebhook: staffEndpoint(webhookApi.deleteWebhook, 'admin', async (body, { db, actor }) => {
    await deleteWebhook(db, actor, body.id);
    return ok;
  }),
  webhookDeliveries: staffEndpoint(webhookApi.webhookDeliveries, 'admin', async (input, { db }) => ({
    deliveries: await webhookDeliveries(db, input.endpoint),
  })),
  redeliver: staffEndpoint(webhookApi.redeliver, 'admin', (body, { db, actor }) => redeliver(db, actor, body.id)),
  reviewQueue: endpoint(reviewQueue),
  publishReview: endpoint(moderationChanges.publish),
  rejectReview: endpoint(moderationChanges.reject),
  replyReview: endpoint(moderationChanges.reply),
  auditLog: staffEndpoint(moderationApi.auditLog, 'admin', (query, { db }) => auditLogPage(db, query)),
};

/** The entry an address names: /api/admin/content/{type}/{identifier}?locale=en (no locale: the all-languages row). */
function entryKeyOf({ params, url }: APIContext) {
  return parseInput(
    { type: params.type, identifier: params.identifier, locale: url.searchParams.get('locale') ?? '' },
    entryKeySchema,
  );
}

async function readBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!(request.headers.get('content-type') ?? '').includes('application/json'))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Expected application/json', 415);
  return parseJson(await readText(request, maxBytes));
}

const versioned = (body: unknown, version: number, status = 200) =>
  json(body, { status, headers: { etag: etagOf(version) } });

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
