// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back as the embedded
// database under DATA_DIR.
// Nothing is touched until the file proved whole: it is unpacked and checked, restored into a
// folder beside the database, opened and queried there, and only then moved into place. A database
// already there is kept only with --force, and then moved aside (pglite.replaced-<time>), not deleted.
// With DATABASE_URL the PostgreSQL recipe (pg_restore) is printed instead: replacing a server's
// database is done with its own tools, deliberately.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  commandLine,
  failer,
  BackupError,
  holdsDatabase,
  inUseMessage,
  pgliteDir,
  POSTGRES_RECIPE,
  readBackup,
  summary,
  syncTree,
  utcStamp,
} from './lib/backup.ts';
import { openPglite } from '../src/lib/server/db/pglite.ts';

const USAGE = `Usage: npm run restore -- FILE [--force]
  FILE      a backup written by npm run backup (storefront-<time>.tar.gz)
  --force   replace the database already in DATA_DIR (it is moved aside, not deleted)
Database: the embedded PGlite under DATA_DIR (default .data); the shop must be stopped.`;

// Typed where it is declared, so the compiler knows a call ends the script.
const fail: (message: string, code?: number) => never = failer('restore', USAGE);

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

async function restorePglite(file: string, dataDir: string, force: boolean): Promise<void> {
  const target = pgliteDir(dataDir);
  if (!isEmptyDir(target) && !force) {
    fail(
      `${target} already holds ${holdsDatabase(target) ? 'a database' : 'files'}; run again with --force to replace it ` +
        '(it is moved aside, not deleted)',
    );
  }
  const busy = inUseMessage(target, 'restore');
  if (busy) fail(busy);

  let tar: Uint8Array;
  try {
    tar = readBackup(readFileSync(file));
  } catch (error) {
    if (error instanceof BackupError) fail(`${file} is not a usable backup: ${error.message}. Nothing was changed.`);
    throw error;
  }

  // Beside the target, so the final move is a rename within one file system.
  const stamp = utcStamp();
  const staging = `${target}.restoring-${stamp}`;
  mkdirSync(dirname(target), { recursive: true });
  let contents: string;
  try {
    const client = await openPglite(staging, {
      loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>], { type: 'application/x-tar' }),
    });
    try {
      contents = await summary(client);
    } finally {
      await client.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    fail(`${file} did not open as a shop database (${(error as Error).message}). Nothing was changed.`);
  }

  let replaced: string | undefined;
  if (existsSync(target)) {
    replaced = isEmptyDir(target) ? undefined : `${target}.replaced-${stamp}`;
    if (replaced) renameSync(target, replaced);
    else rmSync(target, { recursive: true, force: true });
  }
  renameSync(staging, target);
  syncTree(target);
  console.log(`restore: ${contents} from ${file} → ${target}`);
  if (replaced)
    console.log(`restore: the database that was there is in ${replaced} (delete it once the shop runs well)`);
  console.log('restore: start the shop (npm start); it applies any newer migrations on start.');
}

async function main(): Promise<void> {
  const command = commandLine(
    {
      options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    } as const,
    USAGE,
    fail,
  );
  if (!command) return;
  const { args, config } = command;
  if (config.DATABASE_URL) fail(`DATABASE_URL is set: nothing was restored.\n${POSTGRES_RECIPE}`);
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) fail('give exactly one backup file', 2);
  if (!existsSync(file)) fail(`${file} does not exist`);
  await restorePglite(resolve(file), config.DATA_DIR, args.values.force ?? false);
}

main().catch((error: unknown) => {
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
