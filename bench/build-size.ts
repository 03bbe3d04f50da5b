// Build time and peak memory of the static site for a large catalogue (issue 3: 10,000 products in
// five locales). Seeds a fresh PGlite database with the demo generator, closes it, runs the same
// `astro build` as `npm run build` into a separate folder, and watches the build's processes.
//
//   npm run bench:build                                   10,000 products, .data/bench-build-10000, dist-bench
//   BENCH_PRODUCTS=500 BENCH_REPORT=0 npm run bench:build a quick run that leaves BENCHMARKS.md alone
//   BENCH_RUNS=3 npm run bench:build                      median of three builds (one seed)
//   BENCH_CPU_PROF=.data/prof npm run bench:build         also write V8 CPU profiles of the build there
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { loadEnv, openMigrated, root, runAstroBuild, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { offeredLocales } from '../src/lib/server/shell.ts';
import { closeDatabase } from '../src/lib/server/db/index.ts';
import { machine, median, writeSection } from './lib/report.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const REPORT = process.env.BENCH_REPORT !== '0';
const OUT_DIR = resolve(root, process.env.BENCH_OUT_DIR ?? 'dist-bench');
const CPU_PROF = process.env.BENCH_CPU_PROF ? resolve(root, process.env.BENCH_CPU_PROF) : undefined;

// A fresh embedded database of its own: never the shop's, never PostgreSQL.
delete process.env.DATABASE_URL;
process.env.DATA_DIR = process.env.BENCH_DATA_DIR ?? `.data/bench-build-${PRODUCTS}`;
const env = loadEnv();
rmSync(resolve(root, env.DATA_DIR), { recursive: true, force: true });

const loadAtStart = loadavg()[0]!.toFixed(1);
const seedStarted = performance.now();
const database = await openMigrated(env);
await seedIfEmpty(database, PRODUCTS);
const seedSeconds = (performance.now() - seedStarted) / 1000;
await database.close();

// ---- the build's processes, read from /proc every 250 ms
/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

interface ProcSample { ppid: number; rssKb: number; hwmKb: number; cpuMs: number }

function readProc(pid: number): ProcSample | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may itself hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? 0);
    return {
      ppid: Number(fields[1]),
      rssKb: kb('VmRSS'),
      hwmKb: kb('VmHWM'),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK, // utime + stime
    };
  } catch {
    return null; // gone between listing and reading
  }
}

/** Watches every descendant of this process: the tree's summed RSS, each process's own peak and CPU. */
function watchChildren() {
  let peakTreeKb = 0;
  const peakKb = new Map<number, number>();
  const cpuMs = new Map<number, number>();
  const sample = () => {
    const all = new Map<number, ProcSample>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = readProc(Number(entry));
      if (s) all.set(Number(entry), s);
    }
    const mine = new Set([process.pid]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const [pid, s] of all) {
        if (!mine.has(pid) && mine.has(s.ppid)) { mine.add(pid); grew = true; }
      }
    }
    mine.delete(process.pid);
    let tree = 0;
    for (const pid of mine) {
      const s = all.get(pid)!;
      tree += s.rssKb;
      peakKb.set(pid, Math.max(peakKb.get(pid) ?? 0, s.hwmKb));
      cpuMs.set(pid, Math.max(cpuMs.get(pid) ?? 0, s.cpuMs));
    }
    peakTreeKb = Math.max(peakTreeKb, tree);
  };
  const timer = setInterval(sample, 250);
  return {
    stop() {
      clearInterval(timer);
      return {
        peakTreeMb: peakTreeKb / 1024,
        peakProcessMb: Math.max(0, ...peakKb.values()) / 1024,
        cpuSeconds: [...cpuMs.values()].reduce((a, b) => a + b, 0) / 1000,
        processes: peakKb.size,
      };
    },
  };
}

function walk(dir: string, visit: (path: string, bytes: number) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, visit);
    else visit(path, statSync(path).size);
  }
}

/** HTML pages by kind (product, category, other) and the size of the whole output. */
function countOutput(dir: string) {
  const pages = { product: 0, category: 0, other: 0 };
  let bytes = 0;
  let files = 0;
  walk(dir, (path, size) => {
    bytes += size;
    files += 1;
    if (!path.endsWith('.html')) return;
    // The node adapter puts prerendered pages under client/.
    const rel = path.slice(dir.length).replace(/^\/client\//, '/').replace(/^\/(en|fr|es|it)\//, '/');
    if (rel.startsWith('/p/')) pages.product += 1;
    else if (rel.startsWith('/c/')) pages.category += 1;
    else pages.other += 1;
  });
  return { pages, total: pages.product + pages.category + pages.other, bytes, files };
}

interface Run { seconds: number; peakTreeMb: number; peakProcessMb: number; cpuSeconds: number; processes: number }
const runs: Run[] = [];
let output = { pages: { product: 0, category: 0, other: 0 }, total: 0, bytes: 0, files: 0 };
for (let r = 0; r < RUNS; r++) {
  rmSync(OUT_DIR, { recursive: true, force: true });
  if (CPU_PROF) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${CPU_PROF}`.trim();
  const watch = watchChildren();
  const started = performance.now();
  await runAstroBuild(env, OUT_DIR);
  const seconds = (performance.now() - started) / 1000;
  runs.push({ seconds, ...watch.stop() });
  output = countOutput(OUT_DIR);
  const run = runs.at(-1)!;
  console.log(`[bench] build ${r + 1}/${RUNS}: ${seconds.toFixed(1)} s wall, ${run.cpuSeconds.toFixed(1)} s CPU, `
    + `peak RSS ${run.peakProcessMb.toFixed(0)} MB (tree ${run.peakTreeMb.toFixed(0)} MB), ${output.total} pages`);
}
const loadAtEnd = loadavg()[0]!.toFixed(1);

const locales = await offeredLocales().catch(() => ['de', 'en', 'fr', 'es', 'it']);
await closeDatabase();
const pick = (f: (r: Run) => number) => median(runs.map(f));
const seconds = pick((r) => r.seconds);
const mb = (n: number) => `${(n / 1024).toFixed(2)} GB`;
const summary = `${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`}`;
const title = `## Build: ${PRODUCTS.toLocaleString('en')} products × ${locales.length} locales`;
const section = `${title}

\`npm run bench:build\` (bench/build-size.ts): seeds a fresh PGlite database with ${PRODUCTS.toLocaleString('en')} demo products
(variants included; ${seedSeconds.toFixed(1)} s with migrations), closes it, and runs the same \`astro build\` as \`npm run build\`
(scripts/lib/prepare.ts \`runAstroBuild\`) into \`${OUT_DIR.slice(root.length + 1)}/\`. Wall time is the whole \`astro build\`
(bundling included); memory and CPU are read from /proc every 250 ms for every process the build starts.
${summary}${RUNS === 1 ? ': a single build takes long on this machine' : ''}.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end: ${loadAtStart} / ${loadAtEnd}${Number(loadAtStart) > 1.5 || Number(loadAtEnd) > 1.5 ? ' (the machine was shared: wall time is an upper bound, CPU time hardly depends on the load)' : ''}.

| what | figure |
| --- | ---: |
| HTML pages written (${locales.length} locales) | ${output.total.toLocaleString('en')} |
| of them product / category / other pages | ${output.pages.product.toLocaleString('en')} / ${output.pages.category.toLocaleString('en')} / ${output.pages.other.toLocaleString('en')} |
| wall time of \`astro build\` | ${(seconds / 60).toFixed(1)} min (${seconds.toFixed(0)} s) |
| wall time per page | ${((seconds * 1000) / output.total).toFixed(1)} ms |
| CPU time of the build (user + system) | ${pick((r) => r.cpuSeconds).toFixed(0)} s |
| peak RSS of the build process | ${mb(pick((r) => r.peakProcessMb))} |
| peak RSS of all build processes together (sampled) | ${mb(pick((r) => r.peakTreeMb))} |
| output size (${output.files.toLocaleString('en')} files) | ${(output.bytes / 2 ** 20).toFixed(0)} MB |
`;
console.log(section);
if (REPORT) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
