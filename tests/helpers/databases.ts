// Runs one suite against every database the shop supports: embedded PGlite (in memory) and a real
// PostgreSQL (a database of its own in the run's throwaway cluster). Same schema, same migrations, same
// assertions. Both start as copies of a database migrated once per run (tests/setup/template-databases.ts).
//
//   forEachDatabase('carts', (ctx) => {
//     test('adds a line', async () => { await ctx.db.insert(carts).values({}) ... });
//   });
//
// PostgreSQL is never skipped silently: without the server binaries its suites fail with an install
// hint. SKIP_POSTGRES=1 skips them on purpose.
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { openDatabase, type Database, type Db } from '#lib/server/db/client.ts';
import { POSTGRES_TEMPLATE } from '../setup/template-databases.ts';
import { openFromTemplate } from './pglite-template.ts';
import { clusterUrlFor, createDatabaseIn, dropDatabaseIn, shouldSkipPostgres } from './postgres.ts';

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

let databaseCounter = 0;

/** A new in-memory PGlite: migrated (a copy of the run's template) or empty. */
async function openPglite(migrated: boolean): Promise<Database> {
  const database = migrated ? await openFromTemplate('memory://') : undefined;
  return database ?? openDatabase({ dataDir: 'memory://' });
}

/** The run's shared PostgreSQL cluster (tests/setup/template-databases.ts), or why there is none. */
function clusterUrls(): (database: string) => string {
  const cluster = inject('postgresCluster');
  if ('error' in cluster) throw new Error(cluster.error);
  if ('skipped' in cluster) throw new Error('SKIP_POSTGRES=1 but a PostgreSQL suite ran');
  return clusterUrlFor(cluster.port);
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
      let name: string | undefined;
      const extra: Database[] = [];

      beforeAll(async () => {
        const migrated = options.migrate ?? true;
        if (target.kind === 'postgres') {
          // Unique across the run's worker processes, which share the cluster.
          name = `suite_${process.pid}_${++databaseCounter}`;
          url = await createDatabaseIn(clusterUrls(), name, migrated ? POSTGRES_TEMPLATE : undefined);
          database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: options.poolSize });
          // A no-op on the template's copy, unless a migration was added since the run began.
          if (migrated) await database.migrate();
        } else {
          database = await openPglite(migrated);
        }
      });

      afterAll(async () => {
        await Promise.all(extra.map((d) => d.close()));
        await database?.close();
        if (name) await dropDatabaseIn(clusterUrls(), name);
      });

      const ctx: DatabaseContext = {
        kind: target.kind,
        get database() {
          if (!database)
            throw new Error('the database is opened in beforeAll; use ctx.database inside hooks and tests');
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
          const another = await openDatabase({
            databaseUrl: url,
            dataDir: 'memory://',
            poolSize: openOptions.poolSize,
          });
          extra.push(another);
          return another;
        },
      };
      fn(ctx);
    });
  }
}
