// A throwaway PostgreSQL 15 cluster per test file. PGlite runs one transaction at a time and so
// hides races; the concurrency and data-layer suites also run here, against a real server.
// Debian's server package puts the binaries in /usr/lib/postgresql/15/bin (apt: postgresql-15,
// which also ships the contrib extensions such as pg_trgm).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.ts';

export const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';
const DATABASE_NAME = 'storefront_test';

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/storefront_test, trust auth. */
  url: string;
  port: number;
  /** Connection string for another database in the same cluster (created with createDatabase). */
  urlFor(database: string): string;
  /**
   * Creates a database in the cluster, so suites do not see each other's rows: empty, or a copy of
   * `template` (CREATE DATABASE ... TEMPLATE, a file copy: far quicker than migrating again).
   */
  createDatabase(name: string, template?: string): Promise<string>;
  /** The server's log (what it writes to stderr): bench/permission-check.ts reads the statements it logs. */
  logFile: string;
  stop(): Promise<void>;
}

export function isPostgresAvailable(): boolean {
  return ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(join(POSTGRES_BIN_DIR, b)));
}

/** SKIP_POSTGRES=1 is the only way to skip; missing binaries without it fail the suite. */
export function shouldSkipPostgres(): boolean {
  return process.env.SKIP_POSTGRES === '1';
}

export const POSTGRES_MISSING_MESSAGE =
  `PostgreSQL 15 server binaries not found in ${POSTGRES_BIN_DIR} (initdb, pg_ctl, postgres). ` +
  'Install them with `apt-get install -y postgresql-15`, point POSTGRES_BIN_DIR at them, ' +
  'or set SKIP_POSTGRES=1 to skip the PostgreSQL runs.';

interface RunAs {
  uid: number;
  gid: number;
  /** Prefix that runs a command as the cluster owner ([] when we are not root). */
  prefix: string[];
}

/** initdb and postgres refuse to run as root, so as root the cluster belongs to the postgres user. */
function runAs(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error(
      'Running as root but there is no `postgres` OS user to own the test cluster ' +
        '(it comes with the postgresql-15 package; or run the tests as a non-root user).',
    );
  }
  return { uid, gid, prefix: ['runuser', '-u', 'postgres', '--'] };
}

function bin(name: string): string {
  return join(POSTGRES_BIN_DIR, name);
}

function run(owner: RunAs | undefined, cmd: string, args: string[], cwd: string): Promise<string> {
  const argv = [...(owner?.prefix ?? []), cmd, ...args];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise(output);
      else reject(new Error(`${argv.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

function chownTree(path: string, owner: RunAs): void {
  chownSync(path, owner.uid, owner.gid);
  if (!statSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), owner);
}

// A crashed or interrupted test run must not leave clusters behind: stop them synchronously on exit.
const running = new Set<{ owner: RunAs | undefined; dir: string; dataDir: string }>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const c of running) {
      const argv = [...(c.owner?.prefix ?? []), bin('pg_ctl'), '-D', c.dataDir, '-m', 'immediate', 'stop'];
      spawnSync(argv[0]!, argv.slice(1), { cwd: c.dir, stdio: 'ignore' });
      rmSync(c.dir, { recursive: true, force: true });
    }
  });
}

/** Connection strings of the databases of the test cluster listening on `port` (trust auth). */
export function clusterUrlFor(port: number): (database: string) => string {
  return (database) => `postgres://postgres@127.0.0.1:${port}/${database}`;
}

const DATABASE_NAME_PATTERN = /^[a-z_][a-z0-9_]*$/;

/** One statement on the cluster's maintenance database (CREATE and DROP DATABASE cannot run in a transaction). */
async function onCluster(urlFor: (database: string) => string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor('postgres') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** See PostgresServer.createDatabase; usable from any process that knows the cluster's address. */
export async function createDatabaseIn(
  urlFor: (database: string) => string,
  name: string,
  template?: string,
): Promise<string> {
  for (const n of [name, template ?? name])
    if (!DATABASE_NAME_PATTERN.test(n)) throw new Error(`bad database name ${n}`);
  await onCluster(urlFor, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return urlFor(name);
}

/** Drops a database even while a connection is left on it (a suite that failed half-way). */
export async function dropDatabaseIn(urlFor: (database: string) => string, name: string): Promise<void> {
  if (!DATABASE_NAME_PATTERN.test(name)) throw new Error(`bad database name ${name}`);
  await onCluster(urlFor, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export async function startPostgres(): Promise<PostgresServer> {
  if (!isPostgresAvailable()) throw new Error(POSTGRES_MISSING_MESSAGE);
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'storefront-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const cluster = { owner, dir, dataDir };
  try {
    if (owner) {
      chownTree(dir, owner);
      // A TMPDIR under /root is not reachable for the postgres user; say so instead of a cryptic initdb error.
      if (spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).status !== 0) {
        throw new Error(
          `The postgres user cannot write to ${dir}; point TMPDIR at a world-traversable folder such as /tmp.`,
        );
      }
    }
    // -N: no fsync at init; --no-locale/UTF8: byte-order collation, identical on every machine.
    await run(
      owner,
      bin('initdb'),
      ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale', '-N'],
      dir,
    );
    appendFileSync(
      join(dataDir, 'postgresql.conf'),
      [
        '',
        '# throwaway test cluster: durability off for speed',
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${dir}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
        'max_connections = 200',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );

    // The port is free when we look and could be taken before postgres binds it: retry a few times.
    let port = 0;
    let lastError: unknown;
    for (let attempt = 0; attempt < 5; attempt++) {
      port = await freePort();
      try {
        running.add(cluster);
        installExitHook();
        await run(
          owner,
          bin('pg_ctl'),
          ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port}`, 'start'],
          dir,
        );
        lastError = undefined;
        break;
      } catch (error) {
        running.delete(cluster);
        lastError = error;
      }
    }
    if (lastError) throw lastError;

    const urlFor = clusterUrlFor(port);
    const createDatabase = (name: string, template?: string) => createDatabaseIn(urlFor, name, template);
    const url = await createDatabase(DATABASE_NAME);

    let stopped = false;
    return {
      url,
      port,
      urlFor,
      createDatabase,
      logFile,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          // immediate: the data is thrown away anyway, and open pool connections must not delay us.
          await run(owner, bin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], dir);
        } finally {
          running.delete(cluster);
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    running.delete(cluster);
    const argv = [...(owner?.prefix ?? []), bin('pg_ctl'), '-D', dataDir, '-m', 'immediate', 'stop'];
    spawnSync(argv[0]!, argv.slice(1), { cwd: dir, stdio: 'ignore' });
    let log = '';
    try {
      log = existsSync(logFile)
        ? `\nserver log:\n${execFileSync('tail', ['-n', '30', logFile], { encoding: 'utf8' })}`
        : '';
    } catch {
      /* the log is a courtesy */
    }
    rmSync(dir, { recursive: true, force: true });
    if (error instanceof Error) error.message += log;
    throw error;
  }
}
