// What a new page costs the origin: CPU per first render of distinct product and category pages,
// counting the work a render leaves behind on libuv's thread pool (compression), and the server's
// resident memory as more and more distinct pages are rendered. The server is a child process (the
// built shop behind its front, as `npm start` runs it); its CPU is read from /proc/<pid>/stat, which
// sums every thread of the process, the pool's included. Writes its section into BENCHMARKS.md.
//
//   npm run bench:first-render                     (BENCH_PRODUCTS=10000 BENCH_PAGES=1000 RUNS=3)
//   BENCH_MEMORY_PAGES=20000 node bench/first-render.ts   (also the memory walk; 0 = skip it)
//   BENCH_BUILD_DIR=dist-before BENCH_REPORT=0 node bench/first-render.ts   (another build, e.g. a baseline)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from '#lib/server/env.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { machine, median, writeSection } from './lib/report.ts';
import { describeWalk, spread, walkPages } from './lib/page-walk.ts';
import {
  BENCH_OUT_DIR,
  load1,
  numberFromEnv,
  processMemory,
  reportEnabled,
  sitemapPaths,
  sleep,
  startShop,
  today,
  type ShopProcess,
} from './lib/shop.ts';

const PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 10_000);
const PAGES = numberFromEnv('BENCH_PAGES', 1000);
const RUNS = numberFromEnv('RUNS', 3);
const MEMORY_PAGES = numberFromEnv('BENCH_MEMORY_PAGES', 0);
const CACHE_MB = numberFromEnv('PAGE_CACHE_MB', 256);
/** Browsers ask several pages at once; 4 keeps both cores of a small machine busy. */
const CONCURRENCY = numberFromEnv('BENCH_CONCURRENCY', 4);
/** The page cache's size is read from the shop's metrics, on its own port behind this token. */
const METRICS_TOKEN = 'bench-metrics-token-0123456789abcdef';
const DATA_DIR = process.env.DATA_DIR ?? `.data/bench${PRODUCTS / 1000}k`;
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? BENCH_OUT_DIR;
/** What a current browser sends. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
/** /proc/<pid>/stat counts in clock ticks; Linux reports them at 100 per second. */
const TICK_MS = 10;

/** CPU of a process, all its threads, user and system, in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * Waits until the process has been idle (under 2 % of a core over a second, twice in a row): the
 * thread pool has drained what the renders queued. Returns when that was.
 */
async function drained(pid: number, timeoutMs = 900_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  let quiet = 0;
  let last = cpuMs(pid);
  let idleSince = performance.now();
  while (performance.now() < deadline) {
    await sleep(1000);
    const now = cpuMs(pid);
    if (now - last <= 20) {
      if (quiet === 0) idleSince = performance.now() - 1000;
      quiet += 1;
      if (quiet >= 2) return idleSince;
    } else quiet = 0;
    last = now;
  }
  throw new Error('the server did not become idle');
}

const walk = (url: string, paths: string[], each?: (done: number) => void) =>
  walkPages(url, paths, { concurrency: CONCURRENCY, headers: BROWSER, each: each && ((_, done) => each(done)) });

interface CpuRun {
  /** CPU per page until the last answer, and until the pool drained. */
  answeredMs: number;
  totalMs: number;
  /** Wall time from the last answer until the process went idle. */
  poolBusyS: number;
  pagesPerSecond: number;
  statuses: string;
}

async function startBenchShop(): Promise<ShopProcess> {
  return startShop(
    { DATA_DIR: resolve(root, DATA_DIR), PAGE_CACHE_MB: String(CACHE_MB), METRICS_TOKEN },
    { outDir: BUILD_DIR },
  );
}

/** One run: a fresh server, a warm-up on other pages, then PAGES first renders. */
async function cpuRun(run: number, catalogue: string[]): Promise<CpuRun> {
  const shop = await startBenchShop();
  const pid = shop.child.pid!;
  try {
    // JIT, the in-memory indexes, the shell: 50 pages of other products, not counted.
    await walk(shop.url, spread(catalogue, 50, 7 + run));
    await drained(pid);
    // Another set per run, so no run measures what a previous one warmed in the database's buffers.
    const paths = spread(catalogue, PAGES, 1 + run * 3);
    const before = cpuMs(pid);
    const result = await walk(shop.url, paths);
    const answeredAt = performance.now();
    const answered = cpuMs(pid);
    const idleAt = await drained(pid);
    const total = cpuMs(pid);
    const r: CpuRun = {
      answeredMs: (answered - before) / paths.length,
      totalMs: (total - before) / paths.length,
      poolBusyS: Math.max(0, (idleAt - answeredAt) / 1000),
      pagesPerSecond: paths.length / (result.ms / 1000),
      statuses: describeWalk(result),
    };
    console.log(
      `run ${run + 1}: ${r.statuses}; ${r.answeredMs.toFixed(1)} ms CPU per page answered, ${r.totalMs.toFixed(1)} ms with the background; pool busy ${r.poolBusyS.toFixed(1)} s after the last answer; ${r.pagesPerSecond.toFixed(1)} pages/s`,
    );
    return r;
  } finally {
    await shop.stop();
  }
}

interface MemoryWalk {
  samples: { pages: number; rssMiB: number }[];
  statuses: string;
  cacheMiB: number;
  /** Where the memory is at the end, from the shop's metrics: V8's heap and memory outside it. */
  heap: HeapFigures;
}

interface HeapFigures {
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
}

const METRIC_MiB = (metrics: string, name: string) =>
  Number(new RegExp(`^storefront_${name}\\S* (\\d+)`, 'm').exec(metrics)?.[1] ?? Number.NaN) / 2 ** 20;

async function shopMetrics(url: string): Promise<string> {
  return fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    .then((r) => r.text())
    .catch(() => '');
}

const heapFigures = (metrics: string): HeapFigures => ({
  heapUsedMiB: METRIC_MiB(metrics, 'nodejs_heap_size_used_bytes'),
  heapTotalMiB: METRIC_MiB(metrics, 'nodejs_heap_size_total_bytes'),
  externalMiB: METRIC_MiB(metrics, 'nodejs_external_memory_bytes'),
});
const describeHeap = (h: HeapFigures) =>
  `V8 heap ${h.heapUsedMiB.toFixed(0)} used of ${h.heapTotalMiB.toFixed(0)} MiB, outside it (buffers, WebAssembly) ${h.externalMiB.toFixed(0)} MiB`;

/** MEMORY_PAGES distinct pages on one server, its RSS read every 1,000 pages. */
async function memoryWalk(catalogue: string[]): Promise<MemoryWalk> {
  const shop = await startBenchShop();
  const pid = shop.child.pid!;
  try {
    const samples = [{ pages: 0, rssMiB: processMemory(pid).rssMiB }];
    const result = await walk(shop.url, spread(catalogue, MEMORY_PAGES), (done) => {
      if (done % 1000 !== 0) return;
      samples.push({ pages: done, rssMiB: processMemory(pid).rssMiB });
      void shopMetrics(shop.url).then((metrics) =>
        console.log(
          `${done} pages: RSS ${samples.at(-1)!.rssMiB.toFixed(0)} MiB; ${describeHeap(heapFigures(metrics))}`,
        ),
      );
    });
    await drained(pid);
    // The last figure is the one once the background work is done.
    samples.at(-1)!.rssMiB = processMemory(pid).rssMiB;
    const metrics = await shopMetrics(shop.url);
    const cacheMiB = METRIC_MiB(metrics, 'page_cache_bytes');
    return { samples, statuses: describeWalk(result), cacheMiB, heap: heapFigures(metrics) };
  } finally {
    await shop.stop();
  }
}

const loadAtStart = load1();
if (BUILD_DIR === BENCH_OUT_DIR) await buildIfStale(BENCH_OUT_DIR);
const database = await openMigrated(parseEnv({ DATA_DIR }));
await seedIfEmpty(database, PRODUCTS);
await database.close();

// The sitemaps once, from a server of their own: listing 50,000 addresses is not what is measured.
const lister = await startBenchShop();
const listed = await sitemapPaths(lister.url).finally(() => lister.stop());
const catalogue = listed.filter((path) => /^(\/[a-z]{2})?\/(p|c)\//.test(path));
console.log(`${catalogue.length.toLocaleString('en')} product and category pages in the sitemaps`);

const runs: CpuRun[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await cpuRun(i, catalogue));
const memory = MEMORY_PAGES > 0 ? await memoryWalk(catalogue) : undefined;

const list = (values: number[], digits = 1) => values.map((v) => v.toFixed(digits)).join(' / ');
const figure = (pick: (r: CpuRun) => number, digits = 1) =>
  `${median(runs.map(pick)).toFixed(digits)} (${list(runs.map(pick), digits)})`;

function cpuRows(): string {
  return `| CPU per first render, until answered (ms) | ${figure((r) => r.answeredMs)} |
| CPU per first render, with the background work it queued (ms) | ${figure((r) => r.totalMs)} |
| thread pool busy after the last answer (s) | ${figure((r) => r.poolBusyS)} |
| first renders per second (${CONCURRENCY} at a time) | ${figure((r) => r.pagesPerSecond)} |
| answers (last run) | ${runs.at(-1)!.statuses} |
`;
}

function memoryRows(m: MemoryWalk): string {
  const rss = (pages: number) => m.samples.find((s) => s.pages >= pages)!.rssMiB;
  const half = Math.floor(MEMORY_PAGES / 2000) * 1000;
  const end = m.samples.at(-1)!;
  const growth = ((end.rssMiB - rss(half)) * 1024) / (end.pages - half);
  const samples = m.samples
    .filter((s) => s.pages % 5000 === 0 || s === end)
    .map((s) => `${s.pages.toLocaleString('en')}: ${s.rssMiB.toFixed(0)}`)
    .join(', ');
  return `| RSS after ${MEMORY_PAGES.toLocaleString('en')} distinct pages (page cache limit ${CACHE_MB} MiB, holding ${m.cacheMiB.toFixed(0)} MiB at the end) | ${end.rssMiB.toFixed(0)} MiB |
| RSS growth over the last half (from page ${half.toLocaleString('en')}) | ${growth.toFixed(1)} KiB per page |
| RSS in MiB by pages rendered | ${samples} |
| at the end | ${describeHeap(m.heap)} |
| answers | ${m.statuses} |
`;
}

const title = '## Rendering: CPU and memory of a first render';
const section = `${title}

\`node bench/first-render.ts\` (\`BENCH_PAGES\`, \`RUNS\`, \`BENCH_MEMORY_PAGES\`). The built server
(\`${BUILD_DIR}/server/entry.mjs\` behind its front, started as \`npm start\` starts it: \`--max-semi-space-size=8\`, \`MALLOC_ARENA_MAX=2\`;
\`PAGE_CACHE_MB=${CACHE_MB}\`) on a PGlite
database with ${PRODUCTS.toLocaleString('en')} demo products (\`${DATA_DIR}\`), in a child process. Each run starts a new server,
renders 50 other pages to warm it up, waits until it is idle, then GETs ${PAGES.toLocaleString('en')} distinct product and category
pages (spread over the ${catalogue.length.toLocaleString('en')} of all five locales in the sitemaps, another set per run), ${CONCURRENCY} at a time,
as a browser asks (\`accept-encoding: gzip, deflate, br, zstd\`). CPU is the server process's (all threads, so the
compression on libuv's thread pool counts) from /proc/<pid>/stat, read before the first request, at the last
answer, and once the process has been idle for 2 s (the thread pool drained). Median of ${RUNS} runs (the runs in brackets).
The issue's reference, a plain Astro 7 SSR page of the same size with 3 React islands, took 2.9 ms; it is not
rebuilt here.

Before issue 33's change (the build of 6a3e55d, this bench, 1 run of 1,000 pages): 50.4 ms of CPU per page until
answered, 152.2 ms with the background work (every new page recompressed at brotli 11 on the thread pool, which
stayed busy for 102 s after the last answer), and RSS grew by 207 KiB per page over pages 1,000 to 4,000 (the
queued recompressions held each page's HTML, and every stored copy a 64 KB zlib output buffer). On 2026-11-28,
before a product page read its product in one statement (13 statements per product page, now 3 to 5; 60298d9): 33.2 ms
(37.9 / 33.2 / 30.7), 32.7 pages/s, and RSS 1,233 MiB after 20,000 pages.

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; figures are upper bounds).

| what | figure |
| --- | ---: |
${runs.length ? cpuRows() : ''}${memory ? memoryRows(memory) : ''}
Where a first render's CPU goes, by thread (/proc/<pid>/task, 1,050 pages of the 1,000-product demo, mean of
two runs, 2026-11-29, before a new page was compressed in one coding only): the main thread 8.7 ms (Astro, React and
the shop's page code; the statements' messages to the database's thread), the garbage collector's threads 4.4 ms,
the database's thread 4.1 ms, libuv's pool 3.3 ms (then the page's gzip and brotli copies; now the one its request
takes, gzip at 1.1 ms or brotli 6 at 1.3 ms for 100 KB, the other made when first asked for): 20.4 ms. Against the
run before these changes (21.8 ms, 22.4 / 21.3 / 21.8, the same day) the median did not move beyond this machine's
noise. The layout's menus, bottom navigation and footer are rendered once per publish (src/lib/server/shell-parts.ts).

Memory, 2026-11-29, last run (the table's memory rows; \`BENCH_MEMORY_PAGES=20000 RUNS=1 BENCH_PAGES=200\`; 2 CPUs
(Intel(R) Xeon(R) Processor), load average (1 min) at the start and end 3.4 / 7.8 for the run
without the change, 6.1 / 10.8 for the run with it: other work ran alongside): the server now starts as \`npm start\` and the deployment's recipes start it, with
\`MALLOC_ARENA_MAX=2\` beside the V8 flag (scripts/lib/node-flags.ts). \`npm start\` runs its server as a process of its
own for that (scripts/lib/server-process.ts: glibc reads the variable only when a process starts), after a
preparation in another process that exits (scripts/prepare-start.ts: its migrations, demo data and build left about
350 MB behind; the launcher that stays holds about 85 MB). RSS after 20,000 pages 925 → 823 MiB, by pages rendered
(without / with): 0: 418 / 398, 5,000: 735 / 629, 10,000: 837 / 721, 15,000: 894 / 786, 20,000: 925 / 823;
growth over the last half 8.9 → 10.4 KiB per page. The goal (page-cache limit + 600 MB = 856 MiB) is met: 823 MiB was also the highest sample of the
run. RSS levels off once the cache is full (about 13,000 pages): +22 MiB over the last 7,000 pages, +4 MiB over the last 2,000;
over the whole last half it grew by 102 MiB while the cache filled. Where the memory is (a heap snapshot after 3,000 pages: 215 MiB of live objects): 56 MiB of
buffers (the pages' compressed copies 51 MiB), 46 MiB the native state of the four brotli encoders then at work
(about 11 MB allocated, 3 MB touched per encoder: every new page's compression allocates and frees that, which is what
the pool threads' arenas kept), and 112 MiB of JavaScript objects, 89 MiB of which were there before the first page
(code, the in-memory indexes); V8 keeps 40 to 80 MiB of garbage above the live objects between full collections.
Two more settings, each measured alone beside this run on 8,000 pages (a fresh server and database each, the same
page list; RSS after 2,000 / 4,000 / 8,000 pages, against this run's 528 / 586 / 684 at 2,000 / 4,000 / 8,000 of its
own pages): V8's \`--heap-growing-percent=20\` (old space grows by 20 % past what a full collection kept, instead of
V8's own factor) gave 467 / 527 / 642, but 71.8 ms of CPU per page against
38.0 ms for the walk beside it (more full collections); glibc's \`MALLOC_MMAP_THRESHOLD_=131072\` (every allocation over 128 KB its own mapping,
returned when freed) gave 505 / 560 / 652 at 38.0 ms of CPU per page. Neither is adopted
yet: their CPU cost needs runs on a quiet machine.

Memory, 2026-11-29, the changes before (the same walk, \`BENCH_MEMORY_PAGES=20000 RUNS=1 BENCH_PAGES=200\`, the
machine busy with other work, which moves CPU figures but not these): 930 MiB after 20,000 pages, against 1,146 MiB
in the run before. Two changes. The page cache's limit now counts what a stored page costs beside its compressed
bytes (src/lib/server/publish/page-entry.ts, \`entryOverhead\`: a base, each tag's place in the tag index and the tag
list; metric \`storefront_page_cache_memory_bytes\`), so the 256 MiB bound the pages' memory, not only their bytes:
before, 16,000 stored pages carried about 10 KB each beyond their 16 KB (two heap snapshots, after 1,500 and
4,000 pages), outside any limit. And pages share the header pairs and tags they repeat (the same cache-control value,
header names, the menu's category tags every page carries): 220.5 → 209.7 MB of live heap after 4,000 pages,
2.7 KB less per page. The product page's family, parent and recommendation memos also keep the 2,000 most recently
used entries instead of every family read since the last publish (a crawl kept most of the catalogue's cards).
The goal (page-cache limit + 600 MB = 856 MiB) was not met then; RSS was flat over the last 3,000 pages.

Memory (2026-11-29, earlier). Before the changes of that day, RSS after 20,000 pages was 1,335 MiB (0: 602 MiB, the
V8 heap 346 MiB of which 208 MiB in use, the database thread's heap 180 MiB for 20 MB of live objects). Three
changes: the database thread's young generation is 8 MB (src/lib/server/db/client.ts), the main thread starts with
\`--max-semi-space-size=8\` (scripts/lib/node-flags.ts; V8 otherwise grows the young generation to 134 MB), and
PGlite's \`shared_buffers\` is 32 MB instead of 128 (src/lib/server/db/pglite.ts). Each, measured alone on 3,000
new pages: 1,083 → 958 → 860 MiB for the first two, 819 → 652 MiB for the third. With the first two, 20,000 pages
ended at 1,110 MiB (flat over the last half). A page is now stored in one coding, so the page cache's 256 MiB hold
about twice the pages; the table's run has all changes: the server starts at 449 MiB, and RSS still grew over the
last half because the cache filled later. A heap snapshot after 2,000 new pages held 158 MB of live objects (39 MB
of them page bytes); the metric's "used" counts garbage not yet collected as well (206 MB after 3,000 pages in
another run), and V8 keeps headroom above that until its next full collection. glibc's malloc arenas of the thread pool's threads hold about 60 MB more than with
\`MALLOC_ARENA_MAX=2\` (set in deploy/ then, not in this bench; now in both, above).
`;

console.log(`\n${section}`);
if (reportEnabled()) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
process.exit(0);
