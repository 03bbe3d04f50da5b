// The process-wide database connection, opened lazily from the environment.
import type { SQL } from 'drizzle-orm';
import { env } from '../env.ts';
import { openDatabase, type Database, type Db } from './client.ts';

let pending: Promise<Database> | undefined;

export function database(): Promise<Database> {
  pending ??= (() => {
    const e = env();
    return openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
  })();
  return pending;
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase(): Promise<void> {
  if (!pending) return;
  const db = await pending;
  pending = undefined;
  await db.close();
}

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function queryRows<T>(query: SQL): Promise<T[]> {
  const result = (await (await getDb()).execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
