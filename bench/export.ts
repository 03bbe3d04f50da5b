// Static export throughput: `node scripts/export.ts` (the built server in its process, crawled over
// HTTP, every page written into a folder) on a catalogue of BENCH_PRODUCTS demo products. The
// database is seeded once into .data/bench-export-<N> (timed separately) and reused by later runs;
// the export runs in a child process whose RSS is read from /proc every 250 ms.
//
// The first run starts without the renditions the shop keeps under DATA_DIR/image-cache, so it
// encodes every picture (a shop's first export); the others find them kept (every later export).
//
//   npm run bench:export                                   (10,000 products; seeding them takes minutes)
//   BENCH_PRODUCTS=2000 BENCH_REPORT=0 npm run bench:export  (print only, BENCHMARKS.md untouched)
//   RUNS=3 BENCH_CONCURRENCY=8 EXPORT_BUILD_DIR=dist BENCH_KEEP=1  (defaults but the last: keep the folder)
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { parseEnv } from '../src/lib/server/env.ts';
import { isDatabaseEmpty } from '../src/lib/server/demo/index.ts';
import { machine, median, writeSection } from './lib/report.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** One first export, then the later ones (at least one). */
const RUNS = Math.max(2, Number(process.env.RUNS ?? 3));
const REPORT = process.env.BENCH_REPORT !== '0';
const BUILD_DIR = process.env.EXPORT_BUILD_DIR || 'dist';
const dataDir = resolve(root, `.data/bench-export-${PRODUCTS}`);
const outDir = resolve(root, `.data/bench-export-${PRODUCTS}-out`);

interface Run {
  wallS: number;
  exportS: number;
  pages: number;
  images: number;
  cpuMsPerPage: number;
  /** Highest VmRSS sampled from /proc, and the child's own maxRSS as it reported it. */
  sampledPeakMb: number;
  reportedPeakMb: number;
}

function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0; // exited between two samples
  }
}

function folderSize(dir: string): { files: number; mb: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, mb: bytes / 2 ** 20 };
}

async function runExport(): Promise<Run> {
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/export.ts', '--out', outDir, '--concurrency', String(CONCURRENCY)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, EXPORT_BUILD_DIR: BUILD_DIR, LOG_LEVEL: 'warn' },
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(child.pid!))), 250);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  clearInterval(sampler);
  const wallS = (performance.now() - started) / 1000;
  const summary =
    /export done: (\d+) pages, (\d+) images, \d+ skipped in ([\d.]+) s \(\d+ pages\/s, ([\d.]+) ms CPU per page\), peak RSS (\d+) MB/.exec(
      stdout,
    );
  if (code !== 0 || !summary) throw new Error(`the export failed (exit ${code})`);
  return {
    wallS,
    exportS: Number(summary[3]),
    pages: Number(summary[1]),
    images: Number(summary[2]),
    cpuMsPerPage: Number(summary[4]),
    sampledPeakMb: peak,
    reportedPeakMb: Number(summary[5]),
  };
}

// Build and seed first, so neither is inside the measured export.
process.env.NODE_ENV = 'production';
await buildIfStale(BUILD_DIR);
const database = await openMigrated(parseEnv({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: undefined }));
let seeded = 'reused from an earlier run';
if (await isDatabaseEmpty(database.db)) {
  const seedStarted = performance.now();
  await seedIfEmpty(database, PRODUCTS);
  seeded = `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`;
}
await database.close();

const loadAtStart = loadavg()[0]!.toFixed(1);
rmSync(join(dataDir, 'image-cache'), { recursive: true, force: true });
const first = await runExport();
const later: Run[] = [];
for (let i = 1; i < RUNS; i++) later.push(await runExport());
const loadAtEnd = loadavg()[0]!.toFixed(1);
const size = folderSize(outDir);
if (process.env.BENCH_KEEP !== '1') rmSync(outDir, { recursive: true, force: true });

const mid = (pick: (r: Run) => number) => median(later.map(pick));
const gb = (mb: number) => `${(mb / 1024).toFixed(2)} GB`;
/** A figure of the first export beside the median of the later ones. */
const both = (pick: (r: Run) => number, show: (value: number) => string) => `${show(pick(first))} / ${show(mid(pick))}`;
const rows: [string, string][] = [
  ['products seeded (variants included)', `${PRODUCTS.toLocaleString('en')} (seeding: ${seeded})`],
  ['pages written (5 locales, sitemaps, 404 pages, robots.txt)', first.pages.toLocaleString('en')],
  ['image files written (renditions the pages name, and their SVGs)', first.images.toLocaleString('en')],
  [
    'wall time of the export (crawl, write, swap)',
    both(
      (r) => r.exportS,
      (v) => `${v.toFixed(1)} s`,
    ),
  ],
  [
    'wall time of the whole command (+ migrations check, server start)',
    both(
      (r) => r.wallS,
      (v) => `${v.toFixed(1)} s`,
    ),
  ],
  // From the median wall time, not a median of rates: with an even number of runs they can come from different runs.
  [
    'pages per second',
    `${(first.pages / first.exportS).toFixed(0)} / ${(first.pages / mid((r) => r.exportS)).toFixed(0)}`,
  ],
  [
    'CPU time per page (server, crawler and encoding, one process)',
    both(
      (r) => r.cpuMsPerPage,
      (v) => `${v.toFixed(1)} ms`,
    ),
  ],
  ['peak RSS (sampled every 250 ms)', both((r) => r.sampledPeakMb, gb)],
  ['peak RSS (reported by the process)', both((r) => r.reportedPeakMb, gb)],
  ['output', `${size.files.toLocaleString('en')} files, ${size.mb.toFixed(0)} MB`],
];
console.log('');
for (const [what, figure] of rows) console.log(`${what.padEnd(68)} ${figure}`);

if (REPORT) {
  const title = `## Static export: ${PRODUCTS.toLocaleString('en')} products × 5 locales`;
  writeSection(
    title,
    `${title}

\`npm run bench:export\` (bench/export.ts): \`node scripts/export.ts --concurrency ${CONCURRENCY}\` in a child process on a
PGlite database seeded with the demo generator, the built server (\`${BUILD_DIR}\`) inside it crawled over loopback HTTP,
every page written atomically into a staging folder that is swapped in at the end. RSS read from /proc every 250 ms.
Figures: **first export / later exports**. The first starts without the picture renditions the shop keeps under
\`DATA_DIR/image-cache\`, so it encodes every one (WebP and JPEG at the widths the pages name); later exports find them
there (median of ${later.length} run${later.length === 1 ? '' : 's'}). For comparison, the static \`astro build\` of
10,000 products (section "Build: 10,000 products × 5 locales"): 14.0 min, 60 pages/s, 1.41 GB peak RSS. Before the
export passed the page cache by and fetched pictures (then AVIF, WebP and JPEG) while pages render, 1,000 products took
570 s (9.3 pages/s, 26,912 renditions, 2.0 GB peak) on this machine.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end: ${loadAtStart} / ${loadAtEnd}.

| what | figure |
| --- | ---: |
${rows.map(([what, figure]) => `| ${what} | ${figure} |`).join('\n')}
`,
  );
  console.log('BENCHMARKS.md updated');
}
