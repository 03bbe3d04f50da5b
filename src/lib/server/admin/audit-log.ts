// The audit page's reading of the trail: newest first, a page at a time by id (keyset paging, so a
// page deep in a long log costs what the first does), filtered by actor and action (each with its
// index) and searched by a substring of actor, action, target or details (the trigram index over
// AUDIT_SEARCH_TEXT). The filters' choices come from the same indexes, one index probe per value.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { AuditEntryRow, AuditQuery } from '#lib/admin/moderation-contract.ts';
import { AUDIT_PAGE_SIZE } from '#lib/admin/moderation-rules.ts';
import type { Db } from '../db/client.ts';
import { int8, json, rows, timestamp } from '../db/index.ts';
import { AUDIT_SEARCH_TEXT } from '../db/schema.ts';

const EntryRow = z.object({
  id: int8,
  at: timestamp,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  fromVersion: z.number().nullable(),
  toVersion: z.number().nullable(),
  details: json(z.unknown()),
});
const IdRow = z.object({ id: int8 });
const ValueRow = z.object({ value: z.string() });

/** The filter selects list at most this many actors or actions (a shop has a handful of each). */
const CHOICES_LIMIT = 200;

/** A search text as an ILIKE pattern that matches it literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(query: AuditQuery): SQL[] {
  return [
    ...(query.actor ? [sql`actor = ${query.actor}`] : []),
    ...(query.action ? [sql`action = ${query.action}`] : []),
    ...(query.q ? [sql`${AUDIT_SEARCH_TEXT} ILIKE ${containing(query.q)}`] : []),
  ];
}

const whereAll = (parts: SQL[]) => (parts.length === 0 ? sql`` : sql`WHERE ${sql.join(parts, sql` AND `)}`);

async function anyWhere(db: Db, parts: SQL[]): Promise<boolean> {
  return (await rows(db, IdRow, sql`SELECT id FROM audit_log ${whereAll(parts)} LIMIT 1`)).length > 0;
}

export async function auditLogPage(
  db: Db,
  query: AuditQuery,
): Promise<{ entries: AuditEntryRow[]; older: number | null; newer: number | null }> {
  const filters = conditions(query);
  // Going back to newer entries reads upwards from the cursor, then shows them newest first again.
  const upwards = query.after !== undefined;
  const cursor = upwards ? [sql`id > ${query.after}`] : query.before !== undefined ? [sql`id < ${query.before}`] : [];
  const found = await rows(
    db,
    EntryRow,
    sql`
    SELECT id, at, actor, action, target, from_version AS "fromVersion", to_version AS "toVersion", details
    FROM audit_log ${whereAll([...filters, ...cursor])}
    ORDER BY id ${upwards ? sql`ASC` : sql`DESC`} LIMIT ${AUDIT_PAGE_SIZE}`,
  );
  if (upwards) found.reverse();
  const newest = found[0]?.id;
  const oldest = found.at(-1)?.id;
  const [older, newer] = await Promise.all([
    oldest === undefined ? false : anyWhere(db, [...filters, sql`id < ${oldest}`]),
    newest === undefined ? false : anyWhere(db, [...filters, sql`id > ${newest}`]),
  ]);
  return {
    entries: found.map((e) => ({ ...e, at: e.at.toISOString() })),
    older: older ? oldest! : null,
    newer: newer ? newest! : null,
  };
}

/** The distinct values of an indexed column, by skipping from one to the next in its index. */
async function distinctValues(db: Db, column: 'actor' | 'action'): Promise<string[]> {
  const c = sql.raw(column);
  const found = await rows(
    db,
    ValueRow,
    sql`
    WITH RECURSIVE v(value) AS (
      SELECT min(${c}) FROM audit_log
      UNION ALL
      SELECT (SELECT min(${c}) FROM audit_log WHERE ${c} > v.value) FROM v WHERE v.value IS NOT NULL
    )
    SELECT value FROM v WHERE value IS NOT NULL LIMIT ${CHOICES_LIMIT}`,
  );
  return found.map((r) => r.value);
}

/** What the audit page's filters offer: every actor and action in the trail. */
export async function auditChoices(db: Db): Promise<{ actors: string[]; actions: string[] }> {
  const [actors, actions] = await Promise.all([distinctValues(db, 'actor'), distinctValues(db, 'action')]);
  return { actors, actions };
}
