// Preloaded (`node --import`) into a shop process by bench/embedded-databases.ts to measure PGlite as
// the shop opened it before it was made durable: `PGlite.create(dir, { extensions })`, i.e. PGlite's
// own start parameters (fsync off) and its own Node file system (fsync calls dropped). The shop's
// openPglite (src/lib/server/db/pglite.ts) passes the durable file system and start parameters; this
// hands PGlite the folder alone instead. The server build keeps @electric-sql/pglite external, so the
// class patched here is the one the built server imports.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

const create = PGlite.create.bind(PGlite) as (dir: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;

/** What openPglite passes for a folder: its options with the file system, which knows the folder. */
type DurableOptions = PGliteOptions & { fs?: { rootDir?: string } };

PGlite.create = ((dirOrOptions: string | DurableOptions, options?: PGliteOptions) => {
  const folder = typeof dirOrOptions === 'string' ? undefined : dirOrOptions.fs?.rootDir;
  if (typeof dirOrOptions === 'string' || folder === undefined) return create(dirOrOptions, options);
  const { fs: _durableFs, startParams: _durableStartParams, ...rest } = dirOrOptions;
  return create(folder, rest);
}) as typeof PGlite.create;
