// A feature an import brings for the first time (BMEcat FEATURE, a CSV feature column) becomes a filter
// of the listings that show its products: its code is added to the attributes setting's filters, as
// the next live version of that setting, so the workspace's history shows it, an editor can take it
// out again (a later import will not bring it back: only attributes it creates are added) and the
// listings are published. The setting is written after the import commits, through the content
// service's one write path.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attributes, contentBlocks } from '../db/schema.ts';
import { etagOf, putLive, type Actor } from '../admin/index.ts';
import { ApiError } from '../http.ts';
import type { EntryKey } from '#lib/admin/contract.ts';

const SETTING: EntryKey = { type: 'setting', identifier: 'attributes', locale: '' };
const EMPTY = { filters: [] as string[], header: [] as string[], list: [] as string[] };

/** Adds the created attributes that still exist (a rolled-back record's are gone) to the filters; the codes added. */
export async function offerAsFilters(db: Db, actor: Actor, created: ReadonlySet<string>): Promise<string[]> {
  if (created.size === 0) return [];
  const existing = await db
    .select({ code: attributes.code })
    .from(attributes)
    .where(and(inArray(attributes.code, [...created]), eq(attributes.isFilterable, true)))
    .orderBy(attributes.code);
  const codes = existing.map((a) => a.code);
  // Written over the version read here: if an editor publishes the setting meanwhile, read it again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await addFilters(db, actor, codes);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 412) || attempt === 3) throw error;
    }
  }
}

async function addFilters(db: Db, actor: Actor, codes: readonly string[]): Promise<string[]> {
  const [live] = await db
    .select({ config: contentBlocks.config, version: contentBlocks.version })
    .from(contentBlocks)
    .where(
      and(
        eq(contentBlocks.type, SETTING.type),
        eq(contentBlocks.identifier, SETTING.identifier),
        eq(contentBlocks.locale, SETTING.locale),
      ),
    );
  const config = { ...EMPTY, ...(live?.config as Partial<typeof EMPTY> | undefined) };
  const added = codes.filter((code) => !config.filters.includes(code));
  if (added.length === 0) return [];
  const value = { config: { ...config, filters: [...config.filters, ...added] }, content: null };
  await putLive(db, actor, SETTING, value, live ? etagOf(live.version) : null, 'import.filters');
  return added;
}
