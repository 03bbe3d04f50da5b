// Runs one benchmark on every database the shop supports: embedded PGlite in memory, then a
// throwaway PostgreSQL 15 cluster with a pool of 10 (unless SKIP_POSTGRES=1). Collects the rows.
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';

export async function onEachDatabase<R>(bench: (label: string, database: Database) => Promise<R[]>): Promise<R[]> {
  const rows: R[] = [];
  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    rows.push(...(await bench('PGlite (in memory)', pglite)));
  } finally {
    await pglite.close();
  }
  if (process.env.SKIP_POSTGRES === '1') return rows;
  let server: PostgresServer | undefined;
  let pg: Database | undefined;
  try {
    server = await startPostgres();
    pg = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 10 });
    rows.push(...(await bench('PostgreSQL 15 (pool 10)', pg)));
  } finally {
    await pg?.close();
    await server?.stop();
  }
  return rows;
}
