// Catalogue import: `npm run import` of a generated BMEcat 2005 file (BENCH_PRODUCTS products, five
// languages, ten features and three price tiers each, one picture) into an empty shop, on the
// embedded PGlite (a data directory on disk, as a shop runs it) and on a throwaway PostgreSQL 15. The
// import runs as the command a merchant types, in a child process whose RSS is read from /proc every
// 250 ms. Then the same file again (nothing may change), and 10,000 stock changes in one call until
// the price index answers with them.
//
//   npm run bench:import                                    (100,000 products)
//   BENCH_PRODUCTS=5000 BENCH_REPORT=0 npm run bench:import   (print only, BENCHMARKS.md untouched)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDatabase } from '../src/lib/server/db/client.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { writeBmecat } from './lib/bmecat-catalogue.ts';
import { machine, writeSection } from './lib/report.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 1);
const REPORT = process.env.BENCH_REPORT !== '0';
const root = resolve(import.meta.dirname, '..');
const file = resolve(root, `.data/bench-import/catalog-${PRODUCTS}.xml`);

interface ImportRun {
  wallS: number;
  peakMb: number;
  summary: string;
}

function rssMb(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

function runImport(env: Record<string, string>): Promise<ImportRun> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/import.ts', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let peakMb = 0;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(child.pid!))), 250);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done, fail) => {
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) return fail(new Error(`import exited ${code}:\n${out}`));
      const summary = /import: \S+ done in [^\n]+/.exec(out)?.[0] ?? out.trim();
      done({ wallS: (performance.now() - started) / 1000, peakMb, summary });
    });
  });
}

/** 10,000 stock changes in one call until the price index answers with them (bench/lib/stock-delta-probe.ts). */
interface StockProbe {
  buildMs: number;
  callMs: number;
  ms: number;
  seen: boolean;
}

function stockDelta(env: Record<string, string>): Promise<StockProbe> {
  const child = spawn(process.execPath, ['bench/lib/stock-delta-probe.ts'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((done, fail) =>
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) return fail(new Error(`stock probe exited ${code}: ${out}`));
      done(JSON.parse(line) as StockProbe);
    }),
  );
}

interface Row {
  label: string;
  first: ImportRun;
  again: ImportRun;
  delta: StockProbe;
}

/** Runs on a fresh database each: the first import, the same file again, then the stock delta. */
async function onDatabase(
  label: string,
  fresh: () => Promise<{ env: Record<string, string>; done: () => Promise<void> }>,
): Promise<Row> {
  const runs: Omit<Row, 'label'>[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { env, done } = await fresh();
    try {
      const first = await runImport(env);
      const again = await runImport(env);
      runs.push({ first, again, delta: await stockDelta(env) });
    } finally {
      await done();
    }
    console.log(label, runs.at(-1));
  }
  // The median run by import time; its second import and stock figures go with it.
  return { label, ...[...runs].sort((a, b) => a.first.wallS - b.first.wallS)[Math.floor(runs.length / 2)]! };
}

async function pgliteDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await database.close();
  return { env: { DATA_DIR: dataDir }, done: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgres() {
  const server = await startPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-pg-'));
  return {
    env: { DATABASE_URL: server.url, DATA_DIR: dataDir },
    done: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function section(rows: readonly Row[], mb: number): string {
  const line = (r: Row) =>
    `| ${r.label} | ${r.first.wallS.toFixed(1)} | ${Math.round(PRODUCTS / r.first.wallS).toLocaleString('en')} | ${Math.round(r.first.peakMb)} | ${r.again.wallS.toFixed(1)} | ${Math.round(r.delta.callMs)} | ${r.delta.seen ? '' : '> '}${Math.round(r.delta.ms)} | ${(r.delta.buildMs / 1000).toFixed(1)} |`;
  return `## Catalogue import (bench/import.ts)

What: \`npm run import\` of a generated BMEcat 2005 catalogue of ${PRODUCTS.toLocaleString('en')} products (${mb.toFixed(0)} MB; five
languages, ten features, three price tiers, order details and one picture each; 110 groups) into an empty shop; then
the same file again (nothing may change); then 10,000 stock changes in one call (\`PUT /api/admin/stock\`'s function)
until the price index of that process answers with the last of them.
How: the import runs as the command a merchant types, in a child process (wall time includes opening and migrating the
database and the publish event); its RSS is read from /proc every 250 ms. Median of ${RUNS} run(s), a fresh database each.
Goals (issue 30): 100,000 products in at most 2 minutes and 600 MB; stock changes live in at most 1 s.
Machine: ${machine()}.

| Database | Import (s) | Products/s | Peak RSS (MB) | Same file again (s) | 10,000 stock changes: call (ms) | … until the price index has them (ms) | Price index build (s) |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.map(line).join('\n')}
`;
}

async function main(): Promise<void> {
  if (!existsSync(file)) {
    console.log(`bench:import: writing ${PRODUCTS} products to ${file}`);
    await writeBmecat(file, PRODUCTS);
  }
  const mb = statSync(file).size / 1024 / 1024;
  console.log(`bench:import: ${file} (${mb.toFixed(0)} MB)`);
  const rows = [await onDatabase('PGlite (data directory on disk)', pgliteDir)];
  if (process.env.SKIP_POSTGRES !== '1') rows.push(await onDatabase('PostgreSQL 15', postgres));
  const text = section(rows, mb);
  console.log(text);
  if (REPORT) {
    writeSection('## Catalogue import', text);
    console.log('BENCHMARKS.md updated');
  }
}

await main();
