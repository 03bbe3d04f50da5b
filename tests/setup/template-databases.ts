// Vitest global setup: migrate once, clone per test file. Starting PGlite from scratch runs initdb
// inside WebAssembly (5 to 25 s on a busy 2-core machine), and every integration file used to pay
// that and a PostgreSQL cluster start of its own. Here one migrated PGlite is dumped to a tarball that
// each suite loads (loadDataDir), and one PostgreSQL cluster holds a migrated template database that
// each suite copies (CREATE DATABASE ... TEMPLATE). tests/helpers/databases.ts hands out the copies.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#lib/server/db/client.ts';
import {
  isPostgresAvailable,
  POSTGRES_MISSING_MESSAGE,
  shouldSkipPostgres,
  startPostgres,
} from '../helpers/postgres.ts';

export const POSTGRES_TEMPLATE = 'storefront_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite data directory tarball. */
    pgliteTemplate: string;
    /** The shared cluster's port, or why there is none (the PostgreSQL suites fail with it, never skip silently). */
    postgresCluster: { port: number } | { error: string } | { skipped: true };
  }
}

async function pgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    const path = join(dir, 'pglite-migrated.tar');
    writeFileSync(path, new Uint8Array(await (await database.dump!()).arrayBuffer()));
    return path;
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-templates-'));
  // The suites' own temporary directories (data dirs, outboxes: 40 MB each, 180 per run) go under this
  // run's directory, which the teardown removes: the test workers inherit TMPDIR, which os.tmpdir() reads.
  const workersTmp = join(dir, 'tmp');
  mkdirSync(workersTmp);
  // World-traversable, as /tmp is (chmod, since mkdir's mode passes through the umask): the PostgreSQL
  // cluster runs as the postgres user.
  chmodSync(dir, 0o755);
  chmodSync(workersTmp, 0o1777);
  process.env.TMPDIR = workersTmp;
  const cluster = shouldSkipPostgres() || !isPostgresAvailable() ? undefined : startPostgres();
  try {
    project.provide('pgliteTemplate', await pgliteTemplate(dir));
    if (!cluster) {
      project.provide(
        'postgresCluster',
        shouldSkipPostgres() ? { skipped: true } : { error: POSTGRES_MISSING_MESSAGE },
      );
    } else {
      const server = await cluster;
      const url = await server.createDatabase(POSTGRES_TEMPLATE);
      const template = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 1 });
      try {
        await template.migrate();
      } finally {
        // A template with a session on it cannot be copied.
        await template.close();
      }
      project.provide('postgresCluster', { port: server.port });
    }
  } catch (error) {
    await (await cluster?.catch(() => undefined))?.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return async () => {
    await (await cluster)?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
