// Runs one suite against every database the shop supports: embedded PGlite (in memory) and a real
// PostgreSQL (a throwaway cluster per test file). Same schema, same migrations, same assertions.
//
//   forEachDatabase('carts', (ctx) => {
//     test('adds a line', async () => { await ctx.db.insert(carts).values({}) ... });
//   });
//
// PostgreSQL is never skipped silently: without the server binaries its suites fail with an install
// hint. SKIP_POSTGRES=1 skips them on purpose.
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type Db } from '#lib/server/db/client.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from './postgres.ts';

export type DatabaseKind = Database['kind'];

export interface DatabaseTarget {
  kind: DatabaseKind;
  /** True when this run leaves the target out (SKIP_POSTGRES=1). */
  skip: boolean;
}

export const databaseTargets: readonly DatabaseTarget[] = [
  { kind: 'pglite', skip: false },
  { kind: 'postgres', skip: shouldSkipPostgres() },
];

export interface DatabaseContext {
  readonly kind: DatabaseKind;
  /** The migrated database of this suite (available from beforeAll on). */
  readonly database: Database;
  /** Shorthand for database.db. */
  readonly db: Db;
  /** Connection string of this suite's PostgreSQL database; undefined on PGlite. */
  readonly url: string | undefined;
  /**
   * Another handle on the same data, like a second app instance behind a load balancer. On PostgreSQL
   * a new pool; on PGlite (one connection by nature) the suite's own database. Closed in afterAll.
   */
  open(options?: { poolSize?: number }): Promise<Database>;
}

export interface ForEachDatabaseOptions {
  /** PostgreSQL pool size of the suite's database (default 10). */
  poolSize?: number;
  /** Run migrations in beforeAll (default true). */
  migrate?: boolean;
  /** Limit the targets, e.g. ['postgres'] for a suite that only makes sense with real concurrency. */
  only?: DatabaseKind[];
}

// One cluster per test file: module state is per file because vitest isolates test files.
// Suites are counted while the file is collected (before any hook runs), so the last suite's afterAll
// knows it is the last and stops the cluster.
let cluster: Promise<PostgresServer> | undefined;
let postgresSuites = 0;
let databaseCounter = 0;

function getCluster(): Promise<PostgresServer> {
  cluster ??= startPostgres();
  return cluster;
}

async function releaseCluster(): Promise<void> {
  postgresSuites -= 1;
  if (postgresSuites > 0 || !cluster) return;
  const pending = cluster;
  cluster = undefined;
  const server = await pending.catch(() => undefined);
  await server?.stop();
}

export function forEachDatabase(
  title: string,
  fn: (ctx: DatabaseContext) => void,
  options: ForEachDatabaseOptions = {},
): void {
  for (const target of databaseTargets) {
    if (options.only && !options.only.includes(target.kind)) continue;
    const suite = target.skip ? describe.skip : describe;
    suite(`${title} [${target.kind}]`, () => {
      let database: Database | undefined;
      let url: string | undefined;
      const extra: Database[] = [];
      const usesCluster = target.kind === 'postgres' && !target.skip;
      if (usesCluster) postgresSuites += 1;

      beforeAll(async () => {
        if (target.kind === 'postgres') {
          const server = await getCluster();
          url = await server.createDatabase(`suite_${++databaseCounter}`);
          database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: options.poolSize });
        } else {
          database = await openDatabase({ dataDir: 'memory://' });
        }
        if (options.migrate ?? true) await database.migrate();
      });

      afterAll(async () => {
        try {
          await Promise.all(extra.map((d) => d.close()));
          await database?.close();
        } finally {
          if (usesCluster) await releaseCluster();
        }
      });

      const ctx: DatabaseContext = {
        kind: target.kind,
        get database() {
          if (!database) throw new Error('the database is opened in beforeAll; use ctx.database inside hooks and tests');
          return database;
        },
        get db() {
          return ctx.database.db;
        },
        get url() {
          return url;
        },
        async open(openOptions = {}) {
          if (target.kind === 'pglite' || !url) return ctx.database;
          const another = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: openOptions.poolSize });
          extra.push(another);
          return another;
        },
      };
      fn(ctx);
    });
  }
}
