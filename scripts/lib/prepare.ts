// Shared start-up steps: validate configuration, migrate, seed an empty database, build the server code if stale.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Env } from '#lib/server/env.ts';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { publish } from '#lib/server/publish/events.ts';
import { isDatabaseEmpty, seedDemoData } from '#lib/server/demo/index.ts';
import { readStamp, sourceHash, writeStamp } from './build-stamp.ts';
import { log, root } from './settings.ts';

export { loadEnv, log, root } from './settings.ts';

export async function openMigrated(env: Env): Promise<Database> {
  mkdirSync(resolve(root, env.DATA_DIR), { recursive: true });
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: resolve(root, env.DATA_DIR) });
  await database.migrate();
  log(`database ready (${database.kind}, migrations applied in ${Date.now() - started} ms)`);
  return database;
}

export async function seedIfEmpty(database: Database, products: number): Promise<void> {
  // The demo shop only ever goes into an empty database, never over a shop's own data.
  if (!(await isDatabaseEmpty(database.db))) return;
  log(`empty database: seeding the demo shop (${products} products)...`);
  const started = Date.now();
  await seedDemoData(database.db, { products, onProgress: (m: string) => log(`seed: ${m}`) });
  // Instances already running (PostgreSQL) drop every cached page; the event also dates the data.
  await publish(database, { all: true }, { source: 'seed' });
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * What a test runner puts into the environment of its processes for `import.meta.env`: Vitest sets
 * DEV, PROD, SSR, MODE, BASE_URL, TEST and VITEST*. A build started from inside it inherited them, and
 * Vite then compiled `import.meta.env.DEV` branches as true (a build that differed from `npm run build`:
 * the middleware answered with the development security headers, without Stripe's CSP sources).
 */
const RUNNER_MODE_VARIABLES = /^(DEV|PROD|SSR|MODE|BASE_URL|TEST|VITEST.*)$/;

/** The build's environment: this process's, without a test runner's mode variables, NODE_ENV production. */
function buildEnv(): NodeJS.ProcessEnv {
  const clean = Object.entries(process.env).filter(([name]) => !RUNNER_MODE_VARIABLES.test(name));
  return { ...Object.fromEntries(clean), NODE_ENV: 'production' };
}

/** Runs `astro build` in a child process on the same Node. It reads no data: pages render on demand. */
function runAstroBuild(outDir: string): Promise<void> {
  const astroBin = resolve(root, 'node_modules/astro/bin/astro.mjs');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], {
      // A test runner's NODE_ENV=test would bundle React's development JSX into a production server.
      cwd: root,
      stdio: 'inherit',
      env: buildEnv(),
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build failed (exit ${code})`))));
  });
}

/**
 * Builds the server into outDir when the sources changed since the build that is there; returns
 * whether it built. The stamp lives in outDir, so it always describes what outDir holds.
 */
export async function buildIfStale(outDir = 'dist', force = false): Promise<boolean> {
  const out = resolve(root, outDir);
  const hash = sourceHash(root);
  const stamp = readStamp(out);
  if (!force && stamp && stamp.sourceHash === hash) {
    log(`server build is current (built ${stamp.builtAt}), skipping build`);
    return false;
  }
  log('building the server (code only: pages render on demand)...');
  const started = Date.now();
  await runAstroBuild(out);
  const durationMs = Date.now() - started;
  writeStamp(out, { sourceHash: hash, builtAt: new Date().toISOString(), durationMs });
  log(`server built in ${(durationMs / 1000).toFixed(1)} s`);
  return true;
}
