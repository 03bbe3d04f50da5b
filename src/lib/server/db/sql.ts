// Raw SQL shared by every server domain. Both drivers (PGlite and node-postgres), and their
// transactions, answer execute() with a result that carries a `rows` array.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** What a raw query needs of a database or a transaction. */
export type Executor = Pick<Db, 'execute'>;

/** Runs raw SQL on a database or transaction and returns its rows. */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Check ids from cookies and URLs first: PostgreSQL answers a malformed uuid with an error, not a miss. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
