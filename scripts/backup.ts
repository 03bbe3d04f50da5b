// `npm run backup`: the whole shop database in one file.
//   npm run backup                      PGlite under DATA_DIR → <DATA_DIR>/backups/storefront-<UTC time>.tar.gz
//   npm run backup -- --out FILE        the same, to FILE
// The embedded database is copied only while no process has it open (the shop holds it while it
// runs): stop the shop, back up (seconds), start it again. With DATABASE_URL the PostgreSQL server
// does backups online: pg_dump runs if it is on PATH, else the recipe is printed.
import { execFileSync } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  commandLine,
  failer,
  backupsDir,
  BackupError,
  holdsDatabase,
  inUseMessage,
  onPath,
  pgliteDir,
  POSTGRES_RECIPE,
  readBackup,
  summary,
  timestampedName,
  toolVersion,
} from './lib/backup.ts';
import { openPglite } from '../src/lib/server/db/pglite.ts';

const USAGE = `Usage: npm run backup -- [--out FILE]
  --out FILE   where to write the backup (default: <DATA_DIR>/backups/storefront-<UTC time>.tar.gz)
Database: the embedded PGlite under DATA_DIR (default .data), which must not be open in a running shop;
or PostgreSQL (DATABASE_URL), backed up with pg_dump.`;

// Typed where it is declared, so the compiler knows a call ends the script.
const fail: (message: string, code?: number) => never = failer('backup', USAGE);

/** Written under a temporary name and renamed when whole: a crash never leaves half a backup under the real name. */
function writeWhole(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  const fd = openSync(partial, 'w');
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
}

function backupPostgres(databaseUrl: string, out: string | undefined, dataDir: string): void {
  const pgDump = onPath('pg_dump');
  if (!pgDump) fail(`pg_dump is not on PATH, so nothing was backed up.\n${POSTGRES_RECIPE}`);
  const file = resolve(out ?? join(backupsDir(dataDir), timestampedName('dump')));
  mkdirSync(dirname(file), { recursive: true });
  console.log(`backup: ${toolVersion(pgDump)} → ${file}`);
  try {
    execFileSync(
      pgDump,
      ['--format=custom', '--no-owner', '--no-privileges', '--file', `${file}.partial`, databaseUrl],
      { stdio: 'inherit' },
    );
  } catch {
    rmSync(`${file}.partial`, { force: true });
    fail('pg_dump failed (see above); nothing was backed up');
  }
  renameSync(`${file}.partial`, file);
  console.log(
    `backup: done. Restore with: pg_restore --clean --if-exists --no-owner --no-privileges --dbname "$DATABASE_URL" ${file}`,
  );
}

async function backupPglite(dataDir: string, out: string | undefined): Promise<void> {
  const dir = pgliteDir(dataDir);
  if (!holdsDatabase(dir)) fail(`no database in ${dir} (DATA_DIR=${dataDir}); nothing to back up`);
  const busy = inUseMessage(dir, 'run the backup');
  if (busy) fail(busy);
  const file = resolve(out ?? join(backupsDir(dataDir), timestampedName('tar.gz')));
  const started = performance.now();
  // Opening replays the WAL of a shop that was killed, like the shop's own start would.
  const client = await openPglite(dir);
  let contents: string;
  let bytes: Uint8Array;
  try {
    contents = await summary(client);
    // Writes everything to the data files first: the copy then restores without a long WAL replay.
    await client.exec('CHECKPOINT');
    bytes = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
  readBackup(bytes); // what restore will check, checked now: a backup that cannot be restored is none
  writeWhole(file, bytes);
  const mb = (bytes.length / 1024 / 1024).toFixed(1);
  console.log(`backup: ${contents} → ${file} (${mb} MB, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`backup: restore with: npm run restore -- ${file}`);
}

async function main(): Promise<void> {
  const command = commandLine(
    {
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    } as const,
    USAGE,
    fail,
  );
  if (!command) return;
  const { args, config } = command;
  if (config.DATABASE_URL) backupPostgres(config.DATABASE_URL, args.values.out, config.DATA_DIR);
  else await backupPglite(config.DATA_DIR, args.values.out);
}

main().catch((error: unknown) => {
  fail(
    error instanceof BackupError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error),
  );
});
