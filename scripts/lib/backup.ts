// Shared parts of `npm run backup` and `npm run restore`. A backup of the embedded database is one
// gzip'd tarball of its data directory (PGlite's dumpDataDir): gzip's CRC and length trailer tell a
// truncated or damaged file from a whole one before anything is restored from it.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readlinkSync } from 'node:fs';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'astro/zod';
import { parseRows, resultRows } from '../../src/lib/server/db/sql.ts';
import { env, EnvError, type Env } from '../../src/lib/server/env.ts';

/** The shop keeps PGlite's files in this folder of DATA_DIR (src/lib/server/db/client.ts). */
export const pgliteDir = (dataDir: string): string => join(resolve(dataDir), 'pglite');

/** Where backups go by default: beside the database, outside the folder a restore replaces. */
export const backupsDir = (dataDir: string): string => join(resolve(dataDir), 'backups');

/** A folder holds a database once initdb ran in it. */
export const holdsDatabase = (dir: string): boolean => existsSync(join(dir, 'PG_VERSION'));

/** 20261125T134501Z: sorts by time, no characters a shell or Windows minds. */
export const utcStamp = (now = new Date()): string =>
  now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** storefront-<utcStamp>.<ext> */
export const timestampedName = (ext: string): string => `storefront-${utcStamp()}.${ext}`;

/**
 * Processes that hold a file in `dir` open: a running shop keeps its relation and WAL files open.
 * Linux only (/proc); elsewhere undefined, meaning "could not tell".
 */
function processesUsing(dir: string): number[] | undefined {
  if (!existsSync('/proc/self/fd')) return undefined;
  const inside = resolve(dir) + sep;
  const users: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's process
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(inside);
      } catch {
        return false;
      }
    });
    if (holds) users.push(pid);
  }
  return users;
}

/** Why a folder may not be copied or replaced right now, or undefined when it may. */
export function inUseMessage(dir: string, action: string): string | undefined {
  const users = processesUsing(dir);
  if (users === undefined || users.length === 0) return undefined;
  return (
    `the database in ${dir} is open in process ${users.join(', ')} (a running shop?). ` +
    `PGlite serves one process at a time, and a copy taken while the shop writes can be torn: ` +
    `stop the shop, ${action}, then start it again.`
  );
}

export class BackupError extends Error {}

/** Tar headers are 512-byte blocks: the name in bytes 0-99, the size in octal at 124-135. */
function tarEntries(tar: Uint8Array): string[] {
  const names: string[] = [];
  const text = new TextDecoder();
  for (let offset = 0; offset + 512 <= tar.length;) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = text.decode(header.subarray(0, 100)).replace(/\0.*$/s, '');
    const prefix = text.decode(header.subarray(345, 500)).replace(/\0.*$/s, '');
    const size = Number.parseInt(text.decode(header.subarray(124, 136)).replace(/\0.*$/s, '').trim() || '0', 8);
    if (!Number.isFinite(size)) throw new BackupError('the archive inside is damaged (a bad tar header)');
    names.push(prefix ? `${prefix}/${name}` : name);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (offset > tar.length) throw new BackupError('the archive inside is cut short');
  }
  return names;
}

/**
 * Unpacks and checks a backup file's bytes; returns the tar inside. Throws BackupError saying what
 * is wrong with a file that is not a whole backup of a shop database.
 */
export function readBackup(bytes: Uint8Array): Uint8Array {
  let tar: Uint8Array;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new BackupError(`it is not an intact gzip file (${(error as Error).message}): truncated or damaged`);
  }
  const names = tarEntries(tar);
  if (!names.some((n) => n === 'PG_VERSION' || n.endsWith('/PG_VERSION'))) {
    throw new BackupError('it holds no PostgreSQL data directory (no PG_VERSION)');
  }
  return tar;
}

/** The absolute path of a command on PATH, or undefined. */
export function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, command))) return join(dir, command);
  }
  return undefined;
}

/** What is in a database, for the scripts' last line: enough to see it is the shop one expects. */
export async function summary(client: PGlite): Promise<string> {
  const [counts] = parseRows(
    z.object({ products: z.number(), orders: z.number(), customers: z.number() }),
    resultRows(
      await client.query(
        'SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM orders)::int AS orders, ' +
          '(SELECT count(*) FROM customers)::int AS customers',
      ),
    ),
  );
  return `${counts!.products} products, ${counts!.orders} orders, ${counts!.customers} customers`;
}

/** The pg_dump version, for the message (a dump restores into the same or a newer server). */
export function toolVersion(path: string): string {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return path;
  }
}

export const POSTGRES_RECIPE = `With PostgreSQL (DATABASE_URL) the database server does backups, online, while the shop runs:
  backup:   pg_dump --format=custom --no-owner --no-privileges --file storefront.dump "$DATABASE_URL"
  restore:  pg_restore --clean --if-exists --no-owner --no-privileges --dbname "$DATABASE_URL" storefront.dump
Use the pg_dump/pg_restore of the server's major version or newer (Debian: apt-get install postgresql-client).
Restore into an empty database, or stop every shop instance first: --clean drops and recreates the shop's tables.`;

/** A script's way out: its name and the message on stderr, the usage too for a wrong command line (code 2). */
export function failer(script: string, usage: string) {
  return (message: string, code = 1): never => {
    console.error(`${script}: ${message}`);
    if (code === 2) console.error(usage);
    process.exit(code);
  };
}

/**
 * The command line and the shop's configuration, as both scripts read them: a wrong argument exits 2
 * with the usage, --help prints it (null then), a bad configuration exits 1 naming the variable.
 */
export function commandLine<T extends ParseArgsConfig>(
  spec: T,
  usage: string,
  fail: (message: string, code?: number) => never,
): { args: ReturnType<typeof parseArgs<T>>; config: Env } | null {
  let args: ReturnType<typeof parseArgs<T>>;
  try {
    args = parseArgs(spec);
  } catch (error) {
    fail((error as Error).message, 2);
  }
  if ((args.values as { help?: boolean }).help) {
    console.log(usage);
    return null;
  }
  try {
    return { args, config: env() };
  } catch (error) {
    fail(error instanceof EnvError ? error.message : String(error));
  }
}

/**
 * Every file and folder under `dir`, and `dir`'s entry in its parent, on disk: a restored database was
 * written without syncs (PGlite unpacks the backup before PostgreSQL starts), and a power cut right
 * after the restore said it was done must not lose it.
 */
export function syncTree(dir: string): void {
  const sync = (path: string) => {
    const fd = openSync(path, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  };
  const walk = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }))
      if (entry.isDirectory()) walk(join(path, entry.name));
      else if (entry.isFile()) sync(join(path, entry.name));
    sync(path);
  };
  walk(dir);
  sync(dirname(resolve(dir)));
}
