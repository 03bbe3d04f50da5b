// Liveness and readiness, as load balancers, Varnish's backend probe and container runtimes ask for
// them (/healthz, /readyz). Alive: the process answers. Ready: it can serve a shopper now, so the
// database answers, every migration the build knows is applied, and the in-memory indexes are built;
// and it is not stopping, so a balancer moves the traffic away before the instance stops accepting.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { catalogIndexesBuilt } from './catalog/index.ts';
import { database, databaseOpened, rows } from './db/index.ts';
import journal from './db/migrations/meta/_journal.json' with { type: 'json' };
import { isStopping } from './lifecycle/index.ts';

/** Where probes ask for readiness (src/pages/readyz.ts). */
export const READINESS_PATH = '/readyz';

export type Readiness = { status: 'ready' } | { status: 'starting' | 'stopping' | 'unavailable'; reason: string };

/** A probe gives up after about a second; each check answers well within that. */
const DATABASE_TIMEOUT_MS = 800;
/** The index build goes on in the background; until it is done the instance is still starting. */
const INDEX_WAIT_MS = 200;

/** The newest migration this build knows: its `when` is what drizzle records as `created_at`. */
const LATEST_MIGRATION = Math.max(...journal.entries.map((entry) => entry.when));

export async function readiness(): Promise<Readiness> {
  if (isStopping()) return { status: 'stopping', reason: 'the process is stopping' };
  // The first open (the embedded database starts PostgreSQL in WebAssembly: seconds) is start-up,
  // not an outage. It runs on its own thread, so the probe is answered meanwhile.
  const opening = databaseOpened()
    ? undefined
    : await startUpStep(DATABASE_TIMEOUT_MS, database(), 'opening the database', 'database');
  if (opening) return opening;
  let applied: number;
  try {
    applied = await within(DATABASE_TIMEOUT_MS, latestAppliedMigration());
  } catch (error) {
    return { status: 'unavailable', reason: `database: ${(error as Error).message}` };
  }
  if (applied < LATEST_MIGRATION)
    return { status: 'unavailable', reason: 'database: migrations are missing (run the start script to apply them)' };
  const indexing = await startUpStep(
    INDEX_WAIT_MS,
    catalogIndexesBuilt(),
    'building the price and search indexes',
    'indexes',
  );
  return indexing ?? { status: 'ready' };
}

/** A start-up step given `ms`: undefined once done, `starting` while it runs, `unavailable` if it failed. */
async function startUpStep(
  ms: number,
  work: Promise<unknown>,
  starting: string,
  failed: string,
): Promise<Readiness | undefined> {
  try {
    await within(ms, work);
    return undefined;
  } catch (error) {
    return error instanceof Overrun
      ? { status: 'starting', reason: starting }
      : { status: 'unavailable', reason: `${failed}: ${(error as Error).message}` };
  }
}

async function latestAppliedMigration(): Promise<number> {
  const { db } = await database();
  const [row] = await rows(
    db,
    z.object({ latest: z.string().nullable() }),
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.latest ?? 0);
}

class Overrun extends Error {}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Overrun(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, overrun]).finally(() => clearTimeout(timer));
}
