// What the shop's server process must be started with: V8 flags on its command line (`npm start`
// and the benches through shopServerCommand below, `npm run export`) or in NODE_OPTIONS (the
// Dockerfile, the systemd unit), and the C library's settings in its environment. V8 and glibc read
// them when the process starts, so the shop cannot set them itself.
// tests/integration/deploy-recipes.test.ts keeps those places in step.
import { resolve } from 'node:path';

// --max-semi-space-size=8: V8 otherwise grows the main thread's young generation to 134 MB while
// pages render, and what it holds is garbage of finished requests. With 8 MB: 3,000 new pages of
// 10,000 products ended at RSS 860 instead of 958 MiB, with the same CPU per page (32–33 ms both,
// two runs each on a busy machine).
/** @internal Exported for the test that keeps the deployment's recipes in step. */
export const SHOP_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

/**
 * MALLOC_ARENA_MAX=2: a page is compressed on libuv's thread pool, and glibc gives each of its threads
 * a malloc arena of its own that keeps what it freed (3,000 new pages: RSS +309 MB with the default,
 * +245 MB with 2). BENCHMARKS.md, "Rendering: CPU and memory of a first render", has the shop's figures.
 * @internal Exported for the tests that keep the recipes and `npm start` in step.
 */
export const SHOP_PROCESS_ENV = { MALLOC_ARENA_MAX: '2' } as const;

/** node's arguments and the environment beside process.env for the shop's server serving `outDir` (scripts/serve.ts, with `serveArgs`). */
export function shopServerCommand(
  outDir: string,
  serveArgs: string[] = [],
): { args: string[]; env: Record<string, string> } {
  return {
    args: [...SHOP_NODE_FLAGS, resolve(import.meta.dirname, '../serve.ts'), resolve(outDir), ...serveArgs],
    env: { ...SHOP_PROCESS_ENV },
  };
}
