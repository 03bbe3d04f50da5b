// The process-wide database connection, opened lazily from the environment, and the raw SQL helpers.
import { env } from '../env.ts';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from './client.ts';
import { onStop } from '../lifecycle/index.ts';

export { isUuid, parseRows, rows, RowShapeError, type Executor } from './sql.ts';
export { document, int8, json, timestamp } from './columns.ts';
export { literalList, literalRows, sqlLiteral } from './literals.ts';
export { specialCentsNow, specialRunning } from './special-price.ts';

let pending: Promise<Database> | undefined;
let opened = false;

export function database(): Promise<Database> {
  if (pending) return pending;
  const e = env();
  pending = openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  const current = pending;
  current.then(
    () => (opened = pending === current),
    () => {},
  );
  // Closed last when the process stops, after the jobs that write to it (lifecycle).
  onStop('database', closeDatabase, 'connection');
  return pending;
}

/** Whether the process's database has been opened (readiness says "starting" until then). */
export function databaseOpened(): boolean {
  return opened;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/**
 * Runs reads whose every statement PostgreSQL cancels after `ms` (SQLSTATE 57014, which the
 * integration layer answers 503 SERVER_BUSY): a query that went wrong cannot hold a connection and a
 * core for long. PGlite runs one statement at a time on its thread and cannot cancel one, so there
 * the bounds of the queries themselves are the guard.
 */
export async function withStatementTimeout<T>(ms: number, run: (db: Db) => Promise<T>): Promise<T> {
  const { db, kind } = await database();
  if (kind !== 'postgres') return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(ms))}`));
    return run(tx as unknown as Db);
  });
}

export async function closeDatabase(): Promise<void> {
  if (!pending) return;
  const db = await pending;
  pending = undefined;
  opened = false;
  await db.close();
}
