// The process-wide database connection, opened lazily from the environment, and the raw SQL helpers.
import { env } from '../env.ts';
import { openDatabase, type Database, type Db } from './client.ts';

export { isUuid, rows, type Executor } from './sql.ts';

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
