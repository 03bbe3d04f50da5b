// Fast bulk inserts for the demo seed, and database bookkeeping shared by the seed and its reset.
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { int8, rows, sqlLiteral as literal } from '../db/index.ts';

/** The subset of a Drizzle database both drivers (and their transactions) share for our needs. */
export type Writer = Pick<Db, 'execute'>;

const DataCountsRow = z.object({
  products: int8,
  categories: int8,
  customers: int8,
  content_blocks: int8,
  orders: int8,
});
const TableRow = z.object({ tablename: z.string() });
const RoleRow = z.object({ rolsuper: z.boolean() });

/** Rows per INSERT statement: big enough to amortise round trips, small enough to keep statements a few MB. */
const ROWS_PER_STATEMENT = 2000;

/**
 * Multi-row INSERT with literal values. Drizzle's insert builder costs about 0.1 ms per row, which
 * alone would take minutes for the 2 million rows of a 100k-product catalogue; this costs a few µs.
 */
export async function insertChunked<T extends PgTable>(
  db: Writer,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const head = `INSERT INTO "${getTableName(table)}" (${names}) VALUES `;
  const execute = db.execute as (q: unknown) => Promise<unknown>;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((row) => `(${columns.map(([key]) => literal((row as Record<string, unknown>)[key])).join(',')})`)
      .join(',\n');
    await execute.call(db, sql.raw(head + values));
  }
}

/** Moves serial sequences past ids we inserted explicitly, so later inserts do not collide. */
export async function syncSequence(db: Writer, table: string): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM "${table}"), 1), (SELECT COUNT(*) > 0 FROM "${table}"))`,
    ),
  );
}

/** Row counts of the tables that tell whether a database already holds shop data. */
export async function dataCounts(db: Writer): Promise<Record<string, number>> {
  const [row] = await rows(
    db,
    DataCountsRow,
    sql`SELECT
    (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM categories) AS categories,
    (SELECT COUNT(*) FROM customers) AS customers, (SELECT COUNT(*) FROM content_blocks) AS content_blocks,
    (SELECT COUNT(*) FROM orders) AS orders`,
  );
  return row ?? {};
}

/** Empties every table of the shop schema (not the migration journal) and restarts id sequences. */
export async function truncateAll(db: Writer): Promise<string[]> {
  const tables = (
    await rows(db, TableRow, sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)
  ).map((r) => r.tablename);
  if (tables.length) {
    await db.execute(sql.raw(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`));
  }
  return tables;
}

/** Whether the session may change session_replication_role (superusers only). */
export async function isSuperuser(db: Writer): Promise<boolean> {
  const [row] = await rows(db, RoleRow, sql`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`);
  return row?.rolsuper === true;
}
