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
import { applyStockDelta } from '../src/lib/server/import/stock-delta.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { writeBmecat } from './lib/bmecat-catalogue.ts';
import { machine, median, writeSection } from './lib/report.ts';

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

/** 10,000 stock changes in one call, until the price index of the same process answers with the last one. */
async function stockDelta(env: Record<string, string>): Promise<number> {
  Object.assign(process.env, env);
  const { database } = await import('../src/lib/server/db/index.ts');
  const { priceIndex } = await import('../src/lib/server/catalog/price-index-store.ts');
  await priceIndex(); // built before the call, as in a running shop
  const db = (await database()).db;
  const items = Array.from({ length: 10_000 }, (_, i) => ({
    sku: `BM-${String(i + 1).padStart(6, '0')}`,
    stock: 100 + (Date.now() % 1000) + i,
  }));
  const last = items.at(-1)!;
  const started = performance.now();
  await applyStockDelta(db, { kind: 'cli' }, items);
  for (;;) {
    const [entry] = (await priceIndex()).lookup([last.sku], { currency: 'EUR', pricesVisible: true });
    if (entry?.stock?.effectivestock === last.stock) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

async function onDatabase(label: string, env: Record<string, string>) {
  const first: ImportRun[] = [];
  const again: ImportRun[] = [];
  for (let i = 0; i < RUNS; i++) {
    first.push(await runImport(env));
    again.push(await runImport(env));
  }
  return { label, first, again };
}

async function main(): Promise<void> {
  if (!existsSync(file)) {
    console.log(`bench:import: writing ${PRODUCTS} products to ${file}`);
    await writeBmecat(file, PRODUCTS);
  }
  const mb = statSync(file).size / 1024 / 1024;
  console.log(`bench:import: ${file} (${mb.toFixed(0)} MB)`);
  const results = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    const migrate = await openDatabase({ dataDir });
    await migrate.migrate();
    await migrate.close();
    results.push(await onDatabase('PGlite (data directory on disk)', { DATA_DIR: dataDir }));
    const deltaMs = await stockDelta({ DATA_DIR: dataDir });
    results.at(-1)!.deltaMs = deltaMs;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.SKIP_POSTGRES !== '1') {
    const server = await startPostgres();
    try {
      results.push(
        await onDatabase('PostgreSQL 15', {
          DATABASE_URL: server.url,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-import-pg-')),
        }),
      );
    } finally {
      await server.stop();
    }
  }
  for (const r of results)
    console.log(
      r.label,
      r.first.map((x) => x.summary),
      r.again.map((x) => x.summary),
    );
}

await main();
void median;
void machine;
void writeSection;
void REPORT;
