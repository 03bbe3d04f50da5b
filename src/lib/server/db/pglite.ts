// The embedded database, durable: a transaction PGlite reports committed is on disk, as PostgreSQL
// promises. PGlite as shipped starts PostgreSQL with fsync off (-F), and its Node file system (the
// Emscripten NODEFS) drops every fsync PostgreSQL asks for, so a power cut or a kernel crash could
// lose orders the shopper was told were placed (a killed process loses nothing either way: the
// writes are in the kernel's page cache). Here fsync is on, PostgreSQL syncs the WAL with fsync() at
// every commit (wal_sync_method=fsync: Emscripten ignores fdatasync, it passes fsync to the file
// system), and the file system passes each one to the real file (fs.fsyncSync). Measured in
// tests/durability/fsync.test.ts (one fsync of the WAL before each order is answered) and
// BENCHMARKS.md (what it costs).
import { fsyncSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The part of Emscripten's module the file system hook touches. */
interface EmscriptenModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => void } };
}

/** PGlite's Node file system with fsync passed through to the real files. */
class SyncedNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [emscriptenOpts.preRun ?? []].flat() as ((module: EmscriptenModule) => void)[];
    preRun.push((module) => {
      module.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
      };
    });
    return { emscriptenOpts: { ...emscriptenOpts, preRun: preRun as never } };
  }
}

/**
 * PGlite's own start parameters without -F (fsync off), syncing the WAL the one way that reaches the disk.
 * shared_buffers 32 MB instead of PostgreSQL's 128: the buffers live in PGlite's WebAssembly memory,
 * which never shrinks, while the files they cache are in the operating system's page cache anyway
 * (reading one is a copy, not a disk read). Measured on 10,000 products: RSS 444 instead of 557 MiB
 * at start and 652 instead of 819 MiB after 3,000 new pages, the same CPU per first render (30.2–32.2
 * against 30.3–32.3 ms); an import of 20,000 products took as long (22.1–23.2 against 22.2–25.9 s),
 * 10,000 stock changes in one call longer (1.3–1.8 against 0.9–1.1 s).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'wal_sync_method=fsync',
  '-c',
  'shared_buffers=32MB',
];

/**
 * Opens (or creates) the embedded database in `dir`, durable; in memory for 'memory://' (tests), where
 * there is no disk to sync. Every process that opens the shop's folder (the server, backup, restore)
 * opens it this way, with the extensions the migrations use.
 */
export function openPglite(dir: string, options: Pick<PGliteOptions, 'loadDataDir'> = {}): Promise<PGlite> {
  const common = { extensions: { pg_trgm }, ...options };
  if (dir === 'memory://') return PGlite.create(dir, common);
  return PGlite.create({ ...common, fs: new SyncedNodeFS(dir), startParams: DURABLE_START_PARAMS });
}
