// Every write to the content service from the workspace and the content API: a draft save, a publish,
// a rollback, and the API's direct put and delete. Each checks the entry against its kind's schema
// (the one the shop renders with) and sanitizes its HTML, checks the version it was based on under a
// row lock (a stale one is a conflict, and nothing is overwritten), writes its audit row in the same
// transaction, and, once committed, publishes the change through the same path as the webhook.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentBlocks, contentDrafts, contentVersions } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { env } from '../env.ts';
import { listContentPages } from '../content.ts';
import { publishAndPurge } from '../publish/index.ts';
import { slugConflicts } from '#lib/content/page-slugs.ts';
import type { HomeRecommendationsConfig } from '#lib/content/schemas.ts';
import { resolveRecommendationFilter } from '../catalog/index.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { EntryKey } from '#lib/admin/contract.ts';
import { entrySchema, holdsHtml, mayDelete } from '#lib/admin/rules.ts';
import { actorName, audit, type Actor } from './audit.ts';
import { contentNotFound, entryTarget } from './entries.ts';
import { checkMediaUsable } from './media/check.ts';

interface EntryValue {
  config: unknown;
  content: string | null;
}

const sameEntry = (t: typeof contentBlocks | typeof contentDrafts | typeof contentVersions, key: EntryKey) =>
  and(eq(t.type, key.type), eq(t.identifier, key.identifier), eq(t.locale, key.locale));

const invalid = (issues: { path: string; message: string }[]) =>
  new ApiError(
    'CONTENT_INVALID',
    issues[0] ? `${issues[0].path || 'config'}: ${issues[0].message}` : 'Invalid content',
    422,
    issues,
  );

/** The value as stored: the config as its schema parses it, the HTML sanitized (none for a kind without HTML). */
async function checkedValue(db: Db, key: EntryKey, value: EntryValue): Promise<EntryValue> {
  const schema = entrySchema(key.type, key.identifier, env().CONTENT_IMAGE_HOSTS);
  if (!schema) throw invalid([{ path: 'identifier', message: `no content kind ${key.type}:${key.identifier}` }]);
  const parsed = schema.safeParse(value.config ?? {});
  if (!parsed.success)
    throw invalid(parsed.error.issues.map((i) => ({ path: ['config', ...i.path].join('.'), message: i.message })));
  const catalogueIssues = await catalogueProblems(key, parsed.data);
  if (catalogueIssues.length > 0) throw invalid(catalogueIssues);
  const content =
    holdsHtml(key.type, key.identifier) && value.content ? sanitizeCmsHtml(value.content, { codes: 'keep' }) : null;
  await checkMediaUsable(db, parsed.data, content);
  return { config: parsed.data, content };
}

/**
 * What the schema cannot know: a recommendation filter's attribute codes and values must be the
 * catalogue's, else the row would stay empty without anyone noticing.
 */
async function catalogueProblems(key: EntryKey, config: unknown): Promise<{ path: string; message: string }[]> {
  if (`${key.type}:${key.identifier}` !== 'block:home-recommendations') return [];
  const { filter } = config as HomeRecommendationsConfig;
  const { problems } = await resolveRecommendationFilter(filter);
  return problems.map((message) => ({ path: 'config.filter', message }));
}

const conflict = (message: string, details: Record<string, unknown>) =>
  new ApiError('VERSION_CONFLICT', message, 409, details);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Serialises the writes to one entry until the transaction ends. A row lock cannot: while an entry or
 * its draft has no row yet there is nothing to lock, and two first saves (or two creates through the
 * API) would both pass their version check.
 */
async function lockEntry(tx: Tx, key: EntryKey): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`content:${entryTarget(key)}`}))`);
}

async function lockedLive(tx: Tx, key: EntryKey) {
  const [live] = await tx.select().from(contentBlocks).where(sameEntry(contentBlocks, key)).for('update');
  return live ?? null;
}

/**
 * Saves a draft; `revision` is the draft revision the edit started from (0: none existed), `base` the
 * live version the editor has seen (without it the draft keeps the one it started from).
 */
export async function saveDraft(
  db: Db,
  actor: Actor,
  key: EntryKey,
  value: EntryValue,
  revision: number,
  base?: number,
) {
  const checked = await checkedValue(db, key, value);
  return db.transaction(async (tx) => {
    await lockEntry(tx, key);
    const [draft] = await tx.select().from(contentDrafts).where(sameEntry(contentDrafts, key)).for('update');
    const current = draft?.revision ?? 0;
    if (current !== revision) {
      throw conflict(
        `${draft?.updatedBy ?? 'Someone'} saved this entry since you opened it (revision ${current}). Your edit was not saved: reload to see theirs, then apply yours again.`,
        { revision: current, by: draft?.updatedBy ?? null },
      );
    }
    const live = await lockedLive(tx, key);
    const liveVersion = live?.version ?? 0;
    if (base !== undefined && base > liveVersion)
      throw conflict(`There is no version ${base} yet (the live one is ${liveVersion}); reload the entry.`, {
        version: liveVersion,
      });
    const row = {
      ...key,
      ...checked,
      baseVersion: base ?? draft?.baseVersion ?? liveVersion,
      revision: current + 1,
      updatedBy: actorName(actor),
      updatedAt: new Date(),
    };
    await tx
      .insert(contentDrafts)
      .values(row)
      .onConflictDoUpdate({
        target: [contentDrafts.type, contentDrafts.identifier, contentDrafts.locale],
        set: {
          content: row.content,
          config: row.config,
          baseVersion: row.baseVersion,
          revision: row.revision,
          updatedBy: row.updatedBy,
          updatedAt: row.updatedAt,
        },
      });
    await audit(tx, actor, {
      action: 'draft.save',
      target: entryTarget(key),
      fromVersion: current,
      toVersion: row.revision,
    });
    return {
      revision: row.revision,
      baseVersion: row.baseVersion,
      config: row.config,
      content: row.content,
      by: row.updatedBy,
      at: row.updatedAt.toISOString(),
    };
  });
}

export async function discardDraft(db: Db, actor: Actor, key: EntryKey, revision: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockEntry(tx, key);
    const deleted = await tx
      .delete(contentDrafts)
      .where(and(sameEntry(contentDrafts, key), eq(contentDrafts.revision, revision)))
      .returning();
    if (deleted.length === 0)
      throw conflict('The draft changed or is gone since you opened it; nothing was discarded.', {});
    await audit(tx, actor, { action: 'draft.discard', target: entryTarget(key), fromVersion: revision });
  });
}

/**
 * Makes a value the live one as the next version, keeping the one it replaces in the history (an
 * entry from the seed or from SQL has no history row yet: it gets one, so a rollback can return to it).
 */
async function writeLive(
  tx: Tx,
  actor: Actor,
  key: EntryKey,
  live: typeof contentBlocks.$inferSelect | null,
  value: EntryValue | null,
) {
  // After a deletion the history goes on where it stopped: versions are never reused.
  const [latest] = await tx
    .select({ version: sql<number | null>`max(${contentVersions.version})` })
    .from(contentVersions)
    .where(sameEntry(contentVersions, key));
  const version = Math.max(live?.version ?? 0, Number(latest?.version ?? 0)) + 1;
  if (live) {
    await tx
      .insert(contentVersions)
      .values({
        ...key,
        version: live.version,
        config: live.config,
        content: live.content,
        publishedBy: live.updatedBy ?? 'seed',
        publishedAt: live.updatedAt,
      })
      .onConflictDoNothing();
  }
  const by = actorName(actor);
  if (value) {
    const row = { ...key, config: value.config, content: value.content, version, updatedBy: by, updatedAt: new Date() };
    await tx
      .insert(contentBlocks)
      .values(row)
      .onConflictDoUpdate({
        target: [contentBlocks.type, contentBlocks.identifier, contentBlocks.locale],
        set: { config: row.config, content: row.content, version, updatedBy: by, updatedAt: row.updatedAt },
      });
  } else {
    await tx.delete(contentBlocks).where(sameEntry(contentBlocks, key));
  }
  await tx.insert(contentVersions).values({
    ...key,
    version,
    config: value?.config ?? null,
    content: value?.content ?? null,
    deleted: value === null,
    publishedBy: by,
  });
  // Two pages with one address in a language: the second could never be reached.
  if (key.type === 'page') {
    const conflicts = slugConflicts(await listContentPages(tx), LOCALES);
    if (conflicts.length > 0) throw invalid(conflicts.map((message) => ({ path: 'config.slug', message })));
  }
  return version;
}

export interface Published {
  version: number;
  liveAt: string;
  ms: number;
  tags: string[] | 'all';
}

/**
 * After the commit: the pages that show the entry are dropped here, on every instance and on the CDN.
 * The event goes into the database the entry was written to (a command line import has its own open).
 */
async function goLive(db: Db, key: EntryKey, version: number, started: number): Promise<Published> {
  const answer = await publishAndPurge(
    { content: [{ type: key.type, identifier: key.identifier, ...(key.locale ? { locale: key.locale } : {}) }] },
    { source: 'editor' },
    { db },
  );
  return { version, liveAt: new Date().toISOString(), ms: Math.round(performance.now() - started), tags: answer.tags };
}

/** Publishes the draft the editor saw (its revision); the draft is gone afterwards. */
export async function publishDraft(db: Db, actor: Actor, key: EntryKey, revision: number): Promise<Published> {
  const started = performance.now();
  const version = await db.transaction(async (tx) => {
    await lockEntry(tx, key);
    const [draft] = await tx.select().from(contentDrafts).where(sameEntry(contentDrafts, key)).for('update');
    if (!draft) throw contentNotFound();
    if (draft.revision !== revision)
      throw conflict(
        `${draft.updatedBy} saved this entry again since you opened it; look at their draft before publishing.`,
        { revision: draft.revision },
      );
    const live = await lockedLive(tx, key);
    if ((live?.version ?? 0) !== draft.baseVersion) {
      throw conflict(
        `Version ${live?.version ?? 0} was published since this draft was started; open the entry again to bring your change over it.`,
        { version: live?.version ?? 0 },
      );
    }
    const version = await writeLive(
      tx,
      actor,
      key,
      live,
      await checkedValue(tx, key, { config: draft.config, content: draft.content }),
    );
    await tx.delete(contentDrafts).where(sameEntry(contentDrafts, key));
    await audit(tx, actor, {
      action: 'publish',
      target: entryTarget(key),
      fromVersion: live?.version ?? 0,
      toVersion: version,
    });
    return version;
  });
  return goLive(db, key, version, started);
}

/** Publishes an earlier version again, as a new version; `current` is the live version the editor saw. */
export async function rollback(
  db: Db,
  actor: Actor,
  key: EntryKey,
  target: number,
  current: number,
): Promise<Published> {
  const started = performance.now();
  const version = await db.transaction(async (tx) => {
    await lockEntry(tx, key);
    const live = await lockedLive(tx, key);
    const [latest] = await tx
      .select({ version: sql<number | null>`max(${contentVersions.version})` })
      .from(contentVersions)
      .where(sameEntry(contentVersions, key));
    const now = live?.version ?? Number(latest?.version ?? 0);
    if (now !== current)
      throw conflict(`Version ${now} was published since you opened the history; nothing was rolled back.`, {
        version: now,
      });
    const [old] = await tx
      .select()
      .from(contentVersions)
      .where(and(sameEntry(contentVersions, key), eq(contentVersions.version, target)));
    if (!old) throw contentNotFound();
    const value = old.deleted ? null : await checkedValue(tx, key, { config: old.config, content: old.content });
    const version = await writeLive(tx, actor, key, live, value);
    await audit(tx, actor, {
      action: 'rollback',
      target: entryTarget(key),
      fromVersion: now,
      toVersion: version,
      details: { restored: target },
    });
    return version;
  });
  return goLive(db, key, version, started);
}

/** The ETag of a live entry: its version. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * Only a content page or a language's own row may be deleted, by the workspace and the content API
 * alike: without the row for all languages a block or setting would vanish from every language at once.
 */
function refuseProtectedDelete(key: EntryKey): void {
  if (!mayDelete(key)) {
    throw new ApiError(
      'FORBIDDEN',
      "Only a content page or a language's own version can be deleted; the version for all languages of a block or setting stays (change it instead).",
      403,
    );
  }
}

/**
 * The content API's write: straight to live (an outside CMS publishes what it sends). An update names
 * the version it replaces in If-Match (412 when stale; 428 when missing, so no system overwrites an
 * editor's work by accident); a new entry needs none. A draft of the entry in the workspace stays, so
 * the editor can still see and publish their edit. A delete (value null) obeys the workspace's rule.
 */
export async function putLive(
  db: Db,
  actor: Actor,
  key: EntryKey,
  value: EntryValue | null,
  ifMatch: string | null,
  action?: string,
): Promise<Published & { created: boolean }> {
  if (value === null) refuseProtectedDelete(key);
  const started = performance.now();
  const checked = value === null ? null : await checkedValue(db, key, value);
  const { version, created } = await db.transaction(async (tx) => {
    await lockEntry(tx, key);
    const live = await lockedLive(tx, key);
    if (!live && value === null) throw contentNotFound();
    if (live && ifMatch === null) {
      throw new ApiError(
        'PRECONDITION_REQUIRED',
        `Send If-Match: ${etagOf(live.version)} (the version you are replacing).`,
        428,
        { etag: etagOf(live.version) },
      );
    }
    if (
      ifMatch !== null &&
      (!live ||
        !ifMatch
          .split(',')
          .map((t) => t.trim())
          .some((t) => t === '*' || t === etagOf(live.version) || t === `W/${etagOf(live.version)}`))
    ) {
      throw new ApiError(
        'PRECONDITION_FAILED',
        live
          ? `The entry is at version ${live.version} (ETag ${etagOf(live.version)}); nothing was changed.`
          : 'The entry does not exist.',
        412,
        live ? { etag: etagOf(live.version) } : {},
      );
    }
    const version = await writeLive(tx, actor, key, live, checked);
    await audit(tx, actor, {
      action: action ?? (value === null ? 'api.delete' : 'api.put'),
      target: entryTarget(key),
      fromVersion: live?.version ?? 0,
      toVersion: version,
    });
    return { version, created: !live };
  });
  return { ...(await goLive(db, key, version, started)), created };
}

/**
 * The workspace's delete: the published version the editor saw goes, as a version of its own (so the
 * history can bring it back); what may be deleted is putLive's rule, the content API's too.
 */
export async function deleteEntry(db: Db, actor: Actor, key: EntryKey, current: number): Promise<Published> {
  try {
    return await putLive(db, actor, key, null, etagOf(current), 'delete');
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'PRECONDITION_FAILED') throw error;
    throw conflict(
      `Another version was published since you opened the entry; nothing was deleted. ${error.message}`,
      error.details as Record<string, unknown>,
    );
  }
}
