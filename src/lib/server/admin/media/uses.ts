// Where each medium is used: the content entries (published, and drafts not yet published) whose
// config or HTML names it (/images/lib/{id}). Read from the content itself rather than kept in a table
// of its own, so no write path (workspace, content API, rollback, SQL) can leave it out of date; the
// content service holds tens to hundreds of entries, and only those naming a medium are read.
import { like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentBlocks, contentDrafts } from '../../db/schema.ts';
import { mediumIds } from '#lib/media/rules.ts';
import type { MediumUse } from '#lib/media/contract.ts';

const NAMING_A_MEDIUM = '%/images/lib/%';

async function naming(db: Db, table: typeof contentBlocks | typeof contentDrafts) {
  return db
    .select({
      type: table.type,
      identifier: table.identifier,
      locale: table.locale,
      text: sql<string>`coalesce(${table.config}::text, '') || ' ' || coalesce(${table.content}, '')`,
    })
    .from(table)
    .where(or(like(sql`${table.config}::text`, NAMING_A_MEDIUM), like(table.content, NAMING_A_MEDIUM)));
}

/** Every medium's uses, by medium id; a medium used nowhere has no key. */
export async function mediaUses(db: Db): Promise<Map<number, MediumUse[]>> {
  const [live, drafts] = await Promise.all([naming(db, contentBlocks), naming(db, contentDrafts)]);
  const uses = new Map<number, MediumUse[]>();
  const add = (rows: typeof live, draft: boolean) => {
    for (const row of rows)
      for (const id of mediumIds(row.text)) {
        const list = uses.get(id) ?? [];
        list.push({ type: row.type, identifier: row.identifier, locale: row.locale, draft });
        uses.set(id, list);
      }
  };
  add(live, false);
  add(drafts, true);
  return uses;
}
