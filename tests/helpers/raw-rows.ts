// Raw SQL for tests: a test selects what it asserts on, so its rows are taken as the test declares
// them. The shop's own code parses every row with a row schema instead (src/lib/server/db/sql.ts).
import type { SQL } from 'drizzle-orm';
import { resultRows, type Executor } from '#lib/server/db/sql.ts';

/** Runs raw SQL on a database or transaction and returns its rows as the test declares them. */
export async function rows<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  return resultRows(await db.execute(query)) as T[];
}
