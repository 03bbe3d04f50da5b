// Shared start-up steps: validate configuration, migrate, seed an empty database, build if stale.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { EnvError, parseEnv, type Env } from '#lib/server/env.ts';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { bumpDataVersion, readDataVersion } from '#lib/server/data-version.ts';
import { isDatabaseEmpty, seedDemoData } from '#lib/server/demo/index.ts';
import { readStamp, sourceHash, writeStamp } from './build-stamp.ts';

export const root = resolve(import.meta.dirname, '../..');

export function log(message: string): void {
  console.log(`[storefront] ${message}`);
}

export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

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
  await bumpDataVersion(database.db);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs `astro build` in a child process on the same Node; the database must be closed first (PGlite is single-process). */
export function runAstroBuild(env: Env, outDir: string): Promise<void> {
  const astroBin = resolve(root, 'node_modules/astro/bin/astro.mjs');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astroBin, 'build', '--outDir', outDir], {
      cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: resolve(root, env.DATA_DIR) },
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build failed (exit ${code})`))));
  });
}

/**
 * Builds the site into outDir when sources or data changed since the build that is there;
 * returns whether it built. The stamp lives in outDir, so it always describes what outDir holds.
 */
export async function buildIfStale(env: Env, dataVersion: string, outDir = 'dist', force = false): Promise<boolean> {
  const out = resolve(root, outDir);
  const dataDir = resolve(root, env.DATA_DIR);
  const hash = sourceHash(root);
  const stamp = readStamp(out);
  if (!force && stamp && stamp.sourceHash === hash && stamp.dataVersion === dataVersion && stamp.dataDir === dataDir) {
    log(`site is current (built ${stamp.builtAt}), skipping build`);
    return false;
  }
  log('building the site for all locales...');
  const started = Date.now();
  await runAstroBuild(env, out);
  const durationMs = Date.now() - started;
  writeStamp(out, { sourceHash: hash, dataVersion, dataDir, builtAt: new Date().toISOString(), durationMs });
  log(`site built in ${(durationMs / 1000).toFixed(1)} s`);
  return true;
}

export { readDataVersion };
