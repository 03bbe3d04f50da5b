// What the workspace shows of the content service: every entry with its languages and status, one
// entry with its draft and history, and one published version for the diff.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentBlocks, contentDrafts, contentVersions } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import type { EntryDetail, EntryKey, EntryRow } from '#lib/admin/contract.ts';
import { entrySchema, holdsHtml } from '#lib/admin/rules.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';

type Locale = EntryKey['locale'];

/**
 * HTML as the workspace gets it: sanitized again on the way out, because the history shows it as
 * markup, and a row written by SQL or an old seed never passed the sanitizing save.
 */
const shownHtml = (html: string | null): string | null =>
  html === null ? null : sanitizeCmsHtml(html, { codes: 'keep' });

const sameEntry = (t: typeof contentBlocks | typeof contentDrafts | typeof contentVersions, key: EntryKey) =>
  and(eq(t.type, key.type), eq(t.identifier, key.identifier), eq(t.locale, key.locale));

export const entryTarget = (key: EntryKey): string => `${key.type}:${key.identifier}:${key.locale || '*'}`;

/** Every entry (published or only drafted), one row per type and identifier with its language rows. */
export async function listEntries(db: Db): Promise<EntryRow[]> {
  const [live, drafts] = await Promise.all([
    db
      .select({
        type: contentBlocks.type,
        identifier: contentBlocks.identifier,
        locale: contentBlocks.locale,
        version: contentBlocks.version,
        by: contentBlocks.updatedBy,
        at: contentBlocks.updatedAt,
      })
      .from(contentBlocks),
    db
      .select({
        type: contentDrafts.type,
        identifier: contentDrafts.identifier,
        locale: contentDrafts.locale,
        by: contentDrafts.updatedBy,
        at: contentDrafts.updatedAt,
      })
      .from(contentDrafts),
  ]);
  const rows = new Map<string, EntryRow & { changed: number }>();
  const rowOf = (type: string, identifier: string) => {
    const id = `${type}:${identifier}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        type: type as EntryRow['type'],
        identifier,
        editable: entrySchema(type, identifier) !== null,
        locales: [],
        lastEditor: null,
        lastChange: null,
        changed: 0,
      };
      rows.set(id, row);
    }
    return row;
  };
  const touch = (row: EntryRow & { changed: number }, by: string | null, at: Date) => {
    if (at.getTime() < row.changed) return;
    row.changed = at.getTime();
    row.lastChange = at.toISOString();
    row.lastEditor = by;
  };
  const drafted = new Set(drafts.map((d) => `${d.type}:${d.identifier}:${d.locale}`));
  for (const l of live) {
    const row = rowOf(l.type, l.identifier);
    const status = drafted.has(`${l.type}:${l.identifier}:${l.locale}`) ? 'changed' : 'published';
    row.locales.push({ locale: l.locale as Locale, status, version: l.version });
    touch(row, l.by, l.at);
  }
  for (const d of drafts) {
    const row = rowOf(d.type, d.identifier);
    if (!row.locales.some((l) => l.locale === d.locale))
      row.locales.push({ locale: d.locale as Locale, status: 'draft', version: 0 });
    touch(row, d.by, d.at);
  }
  return [...rows.values()]
    .map(({ changed: _, ...row }) => ({
      ...row,
      locales: row.locales.sort((a, b) => a.locale.localeCompare(b.locale)),
    }))
    .sort((a, b) => `${a.type}:${a.identifier}`.localeCompare(`${b.type}:${b.identifier}`));
}

export async function entryDetail(db: Db, key: EntryKey): Promise<EntryDetail> {
  const [[live], [draft], versions, languages] = await Promise.all([
    db.select().from(contentBlocks).where(sameEntry(contentBlocks, key)),
    db.select().from(contentDrafts).where(sameEntry(contentDrafts, key)),
    db
      .select({
        version: contentVersions.version,
        by: contentVersions.publishedBy,
        at: contentVersions.publishedAt,
        deleted: contentVersions.deleted,
      })
      .from(contentVersions)
      .where(sameEntry(contentVersions, key))
      .orderBy(desc(contentVersions.version))
      .limit(100),
    Promise.all([
      db
        .select({ locale: contentBlocks.locale })
        .from(contentBlocks)
        .where(and(eq(contentBlocks.type, key.type), eq(contentBlocks.identifier, key.identifier))),
      db
        .select({ locale: contentDrafts.locale })
        .from(contentDrafts)
        .where(and(eq(contentDrafts.type, key.type), eq(contentDrafts.identifier, key.identifier))),
    ]),
  ]);
  return {
    ...key,
    editable: entrySchema(key.type, key.identifier) !== null,
    html: holdsHtml(key.type, key.identifier),
    live: live
      ? {
          version: live.version,
          config: live.config ?? {},
          content: shownHtml(live.content),
          by: live.updatedBy ?? 'seed',
          at: live.updatedAt.toISOString(),
        }
      : null,
    draft: draft
      ? {
          revision: draft.revision,
          baseVersion: draft.baseVersion,
          config: draft.config ?? {},
          content: shownHtml(draft.content),
          by: draft.updatedBy,
          at: draft.updatedAt.toISOString(),
        }
      : null,
    versions: withLiveVersion(versions, live),
    locales: [...new Set(languages.flat().map((l) => l.locale as Locale))].sort(),
  };
}

type VersionRow = { version: number; by: string; at: Date; deleted: boolean };

/**
 * The history, newest first, with the live version in it: an entry from the seed or from SQL has no
 * history row until its first change (which writes one), but it is a version all the same.
 */
function withLiveVersion(
  versions: VersionRow[],
  live: typeof contentBlocks.$inferSelect | undefined,
): EntryDetail['versions'] {
  const rows =
    live && !versions.some((v) => v.version === live.version)
      ? [{ version: live.version, by: live.updatedBy ?? 'seed', at: live.updatedAt, deleted: false }, ...versions]
      : versions;
  return rows.map((v) => ({ version: v.version, by: v.by, at: v.at.toISOString(), deleted: v.deleted }));
}

export const contentNotFound = () =>
  new ApiError('CONTENT_NOT_FOUND', 'There is no such content entry or version.', 404);

export async function entryVersion(db: Db, key: EntryKey, version: number) {
  const [row] = await db
    .select()
    .from(contentVersions)
    .where(and(sameEntry(contentVersions, key), eq(contentVersions.version, version)));
  if (!row) throw contentNotFound();
  return { version: row.version, config: row.config ?? {}, content: shownHtml(row.content), deleted: row.deleted };
}
