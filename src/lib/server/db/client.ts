// The one database handle of the process: PGlite (embedded, file-backed, on its own thread) by default, PostgreSQL
// when DATABASE_URL is set. Both speak the same SQL, so one schema and one set of migrations serve.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { PGlite } from '@electric-sql/pglite';
import { ThreadedPglite } from './pglite-thread.ts';
import { logger } from '../log.ts';
import { gaugeOnScrape, metrics } from '../metrics/index.ts';

/** Both drivers' handles fit PgDatabase; code written against it runs on either. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel: on PostgreSQL over a connection of its own (a pooled one would be handed to
   * other queries), re-established after it drops, with onReconnect called then so the caller can
   * catch up on what it missed; on PGlite within the process. Resolves to the unsubscribe function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: the data directory as an uncompressed tarball, for `loadDataDir` of another database
   * (the test suite migrates once and starts every test file's database from the copy).
   */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Migrations live next to this module; they run from the start scripts, never from the bundled server. */
function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? resolve(fileURLToPath(new URL('.', import.meta.url)), 'migrations');
}

/** Arbitrary but fixed key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_305_112_270;

/**
 * Several instances starting at once against one PostgreSQL would otherwise run the same migration
 * concurrently, and all but one fail on duplicate catalog entries. The lock is held on one
 * connection that also runs the migrations; the waiting instances then find nothing left to apply.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
  } finally {
    // A connection that cannot unlock is discarded, which ends its session and so frees the lock.
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((e: Error) => {
      broken = e;
    });
    client.release(broken);
  }
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => logger.warn({ err: error, channel }, 'LISTEN connection failed'));
    next.on('end', () => {
      if (!stopped) scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  const scheduleReconnect = () => {
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => {
          attempt = 0;
          logger.info({ channel }, 'LISTEN connection re-established');
          onReconnect?.();
        },
        (error: unknown) => {
          logger.warn({ err: error, channel }, 'LISTEN reconnect failed');
          scheduleReconnect();
        },
      );
    }, delay).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}

/**
 * Times every statement sent through the client's `query` (drizzle's statements outside a
 * transaction; a transaction's go through a client of their own and count as one wait for it).
 */
function timeStatements(client: { query: (...args: never[]) => unknown }, kind: Database['kind']): void {
  const query = client.query.bind(client);
  client.query = (...args: never[]) => {
    const end = metrics().queries.startTimer({ kind });
    const result = query(...args);
    const stop = () => void end();
    if (result instanceof Promise) result.then(stop, stop);
    else stop();
    return result;
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL; PGlite is single-connection by nature. */
  poolSize?: number;
  /** PGlite only: a data directory tarball (Database.dump, PGlite's dumpDataDir) to start the new database from. */
  loadDataDir?: Blob;
}

/**
 * The database thread's JavaScript heap: its objects are messages that live for one statement, yet
 * V8 grows an isolate's young generation to 64 MB and more under load, and the old space with what
 * each scavenge promotes. With 10,000 products that thread held 180 MB for 20 MB of live objects;
 * with a young generation of 8 MB it holds 32 MB (3,000 new pages: RSS 958 instead of 1,083 MiB),
 * at no measurable CPU cost. PGlite's WebAssembly memory is not part of this heap.
 */
const DATABASE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle client that loses its server (restart, failover) emits 'error' on the pool; without a
    // listener Node treats that as unhandled and kills the process. The pool replaces the client.
    pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL connection failed'));
    timeStatements(pool, 'postgres');
    gaugeOnScrape(
      'storefront_db_pool_connections',
      'PostgreSQL pool connections: total, idle, and requests waiting for one',
      () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
    const db = drizzlePg(pool, { schema });
    // Closing the database also ends its LISTEN connections, or they would keep reconnecting to it.
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(pool),
      listen: async (channel, onMessage, onReconnect) => {
        const stop = await listenPostgres(opts.databaseUrl!, channel, onMessage, onReconnect);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
      close: async () => {
        await Promise.all([...listeners].map((unlisten) => unlisten()));
        await pool.end();
      },
    };
  }
  const dir = opts.dataDir === 'memory://' ? undefined : join(resolve(opts.dataDir), 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // On a thread of its own, so a slow statement never holds up the main thread (pglite-thread.ts).
  const client = await ThreadedPglite.open(
    { dir: dir ?? 'memory://', loadDataDir: opts.loadDataDir },
    (error) => {
      // Nothing short of a new process brings it back. Exiting with an error lets the supervisor (systemd,
      // the container runtime) restart the shop, and PGlite recovers its data directory from the WAL.
      logger.fatal({ err: error }, 'the embedded database stopped; exiting');
      process.exit(1);
    },
    DATABASE_THREAD_LIMITS,
  );
  timeStatements(client, 'pglite');
  // drizzle's PGlite driver calls query and transaction only, which the threaded client speaks.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    listen: async (channel, onMessage) => {
      const unlisten = await client.listen(channel, onMessage);
      return () => unlisten();
    },
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
