// Start-up and memory of the on-demand shop: (a) `npm start` from a fresh `.data` folder to the
// shop answering `/` (migrations, demo seed, listen, first render), and a plain restart; (b) the
// server's resident memory on a large catalogue after it has rendered and cached many distinct pages.
// Writes two sections into BENCHMARKS.md.
//
//   npm run bench:startup                              (BENCH_PRODUCTS=10000 BENCH_PAGES=5000)
//   BENCH_PRODUCTS=1000 BENCH_PAGES=500 BENCH_REPORT=0 npm run bench:startup
//   BENCH_ONLY=startup npm run bench:startup           (or BENCH_ONLY=memory)
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from '#lib/server/env.ts';
import { isDatabaseEmpty } from '#lib/server/demo/index.ts';
import { URLS_PER_SITEMAP } from '#lib/site/sitemap.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { machine, median, writeSection } from './lib/report.ts';
import { describeWalk, spread, walkPages, type Walk } from './lib/page-walk.ts';
import {
  BENCH_OUT_DIR,
  load1,
  numberFromEnv,
  processMemory,
  reportEnabled,
  sitemapPaths,
  startProcess,
  startShop,
  today,
} from './lib/shop.ts';

const PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 10_000);
const PAGES = numberFromEnv('BENCH_PAGES', 5000);
const RUNS = numberFromEnv('RUNS', 3);
const ONLY = process.env.BENCH_ONLY;
const STARTUP_DIR = '.data/bench-startup';
const MEMORY_DIR = `.data/bench-memory-${PRODUCTS}`;
/** Parallel page requests while filling the cache (the machine has 2 cores; more only queues). */
const CONCURRENCY = 4;

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const mib = (value: number) => value.toFixed(0);

// ---------------------------------------------------------------------------------------------
// (a) npm start: fresh and restart

interface StartRun {
  totalMs: number;
  migrationsMs?: number;
  seedS?: number;
  rebuilt: boolean;
}

/** `node scripts/start.ts` on STARTUP_DIR until `/` answers 200; reads what start.ts printed on the way. */
async function timeStart(): Promise<StartRun> {
  // start.ts builds `dist` when it is stale; the figure is meant for a current build (see `rebuilt`).
  await buildIfStale('dist');
  const shop = await startProcess({
    args: ['scripts/start.ts'],
    env: { DATA_DIR: STARTUP_DIR },
    readyPath: '/',
    readyStatus: 200,
    pollMs: 20,
  });
  const output = shop.output();
  await shop.stop();
  const migrations = /migrations applied in (\d+) ms/.exec(output)?.[1];
  const seeded = /seeded in ([\d.]+) s/.exec(output)?.[1];
  return {
    totalMs: shop.readyMs,
    migrationsMs: migrations ? Number(migrations) : undefined,
    seedS: seeded ? Number(seeded) : undefined,
    // Other work editing src/ while the bench runs makes start.ts build again: such a run is flagged.
    rebuilt: output.includes('building the server'),
  };
}

async function startupSection(): Promise<void> {
  const loadAtStart = load1();
  const fresh: StartRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    rmSync(resolve(root, STARTUP_DIR), { recursive: true, force: true });
    fresh.push(await timeStart());
    console.log(
      `fresh .data: ${seconds(fresh.at(-1)!.totalMs)} s to 200 (seed ${fresh.at(-1)!.seedS} s)${fresh.at(-1)!.rebuilt ? ' (rebuilt)' : ''}`,
    );
  }
  const restarts: StartRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    restarts.push(await timeStart());
    console.log(
      `restart: ${seconds(restarts.at(-1)!.totalMs)} s to 200${restarts.at(-1)!.rebuilt ? ' (rebuilt)' : ''}`,
    );
  }
  rmSync(resolve(root, STARTUP_DIR), { recursive: true, force: true });
  const rebuilt = [...fresh, ...restarts].filter((r) => r.rebuilt).length;
  const numbers = (values: (number | undefined)[]) => values.filter((v): v is number => v !== undefined);
  const row = (what: string, runs: StartRun[]) => {
    const list = (values: number[], format: (v: number) => string) => values.map(format).join(' / ');
    // A run that built the server is shown (marked) but left out of the median while others remain.
    const clean = runs.filter((r) => !r.rebuilt);
    const totals = (clean.length > 0 ? clean : runs).map((r) => r.totalMs);
    const shown = runs.map((r) => `${seconds(r.totalMs)}${r.rebuilt ? ' (built)' : ''}`).join(' / ');
    const migrations = numbers(runs.map((r) => r.migrationsMs));
    const seeds = numbers(runs.map((r) => r.seedS));
    return `| ${what} | ${seconds(median(totals))} (${shown}) | ${migrations.length ? `${seconds(median(migrations))} (${list(migrations, seconds)})` : '–'} | ${seeds.length ? `${median(seeds).toFixed(1)} (${list(seeds, (v) => v.toFixed(1))})` : '–'} |`;
  };

  const title = '## Publishing: start-up time';
  const section = `${title}

\`npm run bench:startup\` (bench/startup-memory.ts, \`BENCH_ONLY=startup\` for this part alone). Time from spawning
\`node scripts/start.ts\` (what \`npm start\` runs) with \`DATA_DIR=${STARTUP_DIR}\` to the first \`200\` for \`/\`, polled every
20 ms: migrations on a new PGlite, the demo seed (300 products, 5 locales), opening the database again in the server,
listening, and rendering the home page. The server build in \`dist\` is current (built before the clock starts:
code only, pages render on demand). "Fresh" deletes the folder before each run; "restart" keeps the seeded
database (plain restart after SIGTERM). Migration and seed times are the ones start.ts prints. Median of ${RUNS} runs (the runs in brackets).${
    rebuilt
      ? `\n${rebuilt} run(s) rebuilt the server because sources changed meanwhile (other work in the tree): marked "(built)", their totals
include a build and are left out of the median.`
      : ''
  }

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; figures are upper bounds).

| start | to \`/\` answering 200 (s) | of that: migrations (s) | of that: seed (s) |
| --- | ---: | ---: | ---: |
${row('fresh `.data` (migrate, seed, listen, first render)', fresh)}
${row('restart (seeded database, current build)', restarts)}
`;
  console.log(`\n${section}`);
  if (reportEnabled()) writeSection(title, section);
}

// ---------------------------------------------------------------------------------------------
// (b) memory after many distinct pages

/** GETs every path (gzip accepted, as browsers and CDNs ask), CONCURRENCY at a time. */
async function crawl(shopUrl: string, paths: string[]): Promise<Walk & { gzipBytes: number }> {
  let gzipBytes = 0;
  const walk = await walkPages(shopUrl, paths, {
    concurrency: CONCURRENCY,
    headers: { 'accept-encoding': 'gzip' },
    // The store keeps exactly the gzipped body it answers with.
    each: (response) => {
      if (response.headers.get('content-encoding') === 'gzip')
        gzipBytes += Number(response.headers.get('content-length') ?? 0);
    },
  });
  return { ...walk, gzipBytes };
}

async function memorySection(): Promise<void> {
  const loadAtStart = load1();
  await buildIfStale(BENCH_OUT_DIR);
  const database = await openMigrated(parseEnv({ DATA_DIR: MEMORY_DIR }));
  let seedMs: number | undefined;
  if (await isDatabaseEmpty(database.db)) {
    const started = performance.now();
    await seedIfEmpty(database, PRODUCTS);
    seedMs = performance.now() - started;
  }
  await database.close();

  const cacheMb = Number(process.env.PAGE_CACHE_MB ?? 256);
  const shop = await startShop(
    { DATA_DIR: resolve(root, MEMORY_DIR), PAGE_CACHE_MB: String(cacheMb) },
    { outDir: BENCH_OUT_DIR },
  );
  const pid = shop.child.pid!;
  try {
    const idle = processMemory(pid);
    console.log(`started in ${seconds(shop.readyMs)} s, RSS ${mib(idle.rssMiB)} MiB, peak ${mib(idle.hwmMiB)} MiB`);
    const listed = await sitemapPaths(shop.url);
    const catalogue = listed.filter((path) => /^(\/[a-z]{2})?\/(p|c)\//.test(path));
    const paths = spread(catalogue, PAGES);
    const afterSitemaps = processMemory(pid);
    console.log(
      `${listed.length} sitemap URLs, ${catalogue.length} product and category pages; requesting ${paths.length}`,
    );
    const first = await crawl(shop.url, paths);
    const filled = processMemory(pid);
    console.log(
      `first pass ${seconds(first.ms)} s: ${describeWalk(first)}; RSS ${mib(filled.rssMiB)} MiB, peak ${mib(filled.hwmMiB)} MiB`,
    );
    // Newest first: a page older than max-age answers STALE and renders again in the background, and
    // in first-pass order those renders would slow the pass down until every later page was stale too.
    const second = await crawl(shop.url, [...paths].reverse());
    const after = processMemory(pid);
    console.log(
      `second pass ${seconds(second.ms)} s: ${describeWalk(second)}; RSS ${mib(after.rssMiB)} MiB, peak ${mib(after.hwmMiB)} MiB`,
    );
    const products = paths.filter((p) => /\/p\//.test(p)).length;
    // STALE is from the cache too: pages older than max-age (300 s, reached when the first pass is slow)
    // are answered from the store while one request renders them again in the background.
    const hits = [...second.statuses]
      .filter(([key]) => key === '200 HIT' || key === '200 STALE')
      .reduce((n, [, count]) => n + count, 0);

    const title = `## Publishing: server memory, ${PRODUCTS.toLocaleString('en')} products × 5 locales`;
    const section = `${title}

\`npm run bench:startup\` (bench/startup-memory.ts, \`BENCH_ONLY=memory\`; \`BENCH_PRODUCTS\`, \`BENCH_PAGES\`). A PGlite database in
\`${MEMORY_DIR}\` seeded with ${PRODUCTS.toLocaleString('en')} demo products (${seedMs === undefined ? 'seeded by an earlier run, reused' : `seeding took ${seconds(seedMs)} s`}), the built server
(\`${BENCH_OUT_DIR}/server/entry.mjs\`, \`PAGE_CACHE_MB=${cacheMb}\`) in a child process. The bench reads the sitemaps, takes
${paths.length.toLocaleString('en')} distinct product and category pages spread over all five locales (${products.toLocaleString('en')} product, ${(paths.length - products).toLocaleString('en')} category pages, of the
${catalogue.length.toLocaleString('en')} listed), GETs each once (gzip accepted, ${CONCURRENCY} at a time), then reads the server's VmRSS and VmHWM
from /proc/<pid>/status, and GETs them all again, newest first, to see how many the page cache still holds. The
cache keeps each page gzipped; its size is the sum of the gzipped bodies served. One run.${
      first.ms > 300_000
        ? `
The first pass took longer than a page's max-age at the origin (300 s), so the pages it rendered first were
STALE in the second pass: still answered from the cache, and each rendered once more in the background.`
        : ''
    }

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; times are upper bounds).

| what | figure |
| --- | ---: |
| server start (open database, listen, first \`/\`) | ${seconds(shop.readyMs)} s |
| RSS / peak after start and one \`/\` | ${mib(idle.rssMiB)} / ${mib(idle.hwmMiB)} MiB |
| RSS / peak after rendering the sitemap index and its ${Math.max(1, Math.ceil(listed.length / URLS_PER_SITEMAP))} sitemap file(s) (${listed.length.toLocaleString('en')} URLs) | ${mib(afterSitemaps.rssMiB)} / ${mib(afterSitemaps.hwmMiB)} MiB |
| first pass: ${paths.length.toLocaleString('en')} pages rendered | ${seconds(first.ms)} s (${(paths.length / (first.ms / 1000)).toFixed(0)} pages/s); ${describeWalk(first)} |
| page cache filled (gzipped HTML) | ${(first.gzipBytes / 2 ** 20).toFixed(1)} MiB, ${(first.gzipBytes / Math.max(1, paths.length) / 1024).toFixed(1)} KiB per page (limit ${cacheMb} MiB) |
| RSS after the first pass (VmRSS) | ${mib(filled.rssMiB)} MiB |
| peak RSS so far (VmHWM) | ${mib(filled.hwmMiB)} MiB |
| second pass: same pages | ${seconds(second.ms)} s; ${hits.toLocaleString('en')} of ${paths.length.toLocaleString('en')} answered from the cache (${describeWalk(second)}${second.statuses.has('200 STALE') ? '; STALE: older than max-age, answered from the cache and rendered again in the background' : ''}) |
| RSS / peak after the second pass | ${mib(after.rssMiB)} / ${mib(after.hwmMiB)} MiB |
`;
    console.log(`\n${section}`);
    if (reportEnabled()) writeSection(title, section);
  } finally {
    await shop.stop();
  }
}

if (ONLY !== 'memory') await startupSection();
if (ONLY !== 'startup') await memorySection();
if (reportEnabled()) console.log('BENCHMARKS.md updated');
