// Add-to-cart latency, end to end through the real handler (validation, pricing, transaction, cart
// view), on embedded PGlite and on a throwaway PostgreSQL. Writes its section into BENCHMARKS.md.
//
//   npm run bench:cart            (RUNS=5 ADDS=200 PARALLEL=50 by default)
//   SKIP_POSTGRES=1 npm run bench:cart
import { loadavg } from 'node:os';
import { machine, median, percentile, writeSection as writeBenchmarkSection } from './lib/report.ts';
import type { Database } from '../src/lib/server/db/client.ts';
import { onEachDatabase } from './lib/databases.ts';
import { CookieJar, DEMO_FIXTURES, call, harness, seedFixtures } from '../tests/helpers/cart-harness.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const ADDS = Number(process.env.ADDS ?? 200);
const PARALLEL = Number(process.env.PARALLEL ?? 50);
const P = DEMO_FIXTURES.products;
const ROTATION = [
  { sku: P.available, quantity: 1, accessories: [...P.accessories] },
  { sku: P.available, quantity: 1 },
  { sku: P.limited, quantity: 1 },
  { sku: P.specialPrice, quantity: 1 },
  { sku: P.variants[1], quantity: 1 },
];

interface RunStats {
  p50: number;
  p99: number;
  perSecond: number;
  cpuPerAdd: number;
}

/**
 * CPU time this process spent per add. On a machine shared with other work the wall-clock figures
 * grow with the load; this one barely does, and for PGlite (all in process) it is close to the
 * latency an idle machine would show.
 */
function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function stats(latencies: number[], wallMs: number, cpu: number): RunStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    perSecond: (latencies.length / wallMs) * 1000,
    cpuPerAdd: cpu / latencies.length,
  };
}

async function timed(fn: () => Promise<{ status: number }>): Promise<number> {
  const start = performance.now();
  const result = await fn();
  if (result.status !== 200) throw new Error(`add answered ${result.status}`);
  return performance.now() - start;
}

/** One shopper adding items one after another to a cart of five lines. */
async function sequential(database: Database): Promise<RunStats> {
  const h = harness(() => database.db);
  const jar = new CookieJar();
  for (const add of ROTATION) await call(h, jar, 'add', add);
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < ADDS; i++) latencies.push(await timed(() => call(h, jar, 'add', ROTATION[i % ROTATION.length]!)));
  return stats(latencies, performance.now() - start, cpuMs(cpu));
}

/** Many tabs adding to one cart at once (version-less: serialised on the cart row). */
async function contended(database: Database): Promise<RunStats> {
  const h = harness(() => database.db);
  const jar = new CookieJar();
  await call(h, jar, 'create', {});
  const cpu = process.cpuUsage();
  const start = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => timed(() => call(h, jar, 'add', ROTATION[i % ROTATION.length]!))),
  );
  return stats(latencies, performance.now() - start, cpuMs(cpu));
}

/** Many shoppers adding to their own carts at once. */
async function independent(database: Database): Promise<RunStats> {
  const h = harness(() => database.db);
  const jars = await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      const jar = new CookieJar();
      await call(h, jar, 'create', {});
      return jar;
    }),
  );
  const cpu = process.cpuUsage();
  const start = performance.now();
  const latencies = await Promise.all(
    jars.map((jar, i) => timed(() => call(h, jar, 'add', ROTATION[i % ROTATION.length]!))),
  );
  return stats(latencies, performance.now() - start, cpuMs(cpu));
}

const SCENARIOS = [
  { name: `sequential (1 shopper, ${ADDS} adds)`, run: sequential },
  { name: `${PARALLEL} parallel adds, one cart`, run: contended },
  { name: `${PARALLEL} parallel adds, ${PARALLEL} carts`, run: independent },
];

interface Row {
  database: string;
  scenario: string;
  p50: number;
  p99: number;
  perSecond: number;
  cpuPerAdd: number;
}

async function benchDatabase(label: string, database: Database): Promise<Row[]> {
  await database.migrate();
  await seedFixtures(database.db);
  await sequential(database); // warm-up: JIT, plan caches, attribute reads
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    const runs: RunStats[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await scenario.run(database));
    const row = {
      database: label,
      scenario: scenario.name,
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      perSecond: median(runs.map((r) => r.perSecond)),
      cpuPerAdd: median(runs.map((r) => r.cpuPerAdd)),
    };
    console.log(
      `${label.padEnd(26)} ${row.scenario.padEnd(32)} p50 ${row.p50.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  ${row.perSecond.toFixed(0)} adds/s  cpu ${row.cpuPerAdd.toFixed(1)} ms/add`,
    );
    rows.push(row);
  }
  return rows;
}

function writeSection(rows: Row[]): void {
  const title = '## Cart: add to cart';
  const table = [
    '| database | scenario | p50 (ms) | p99 (ms) | adds/s | CPU of this process per add (ms) |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.perSecond.toFixed(0)} | ${r.cpuPerAdd.toFixed(1)} |`,
    ),
  ].join('\n');
  const section = `${title}

\`npm run bench:cart\` (bench/cart-add.ts). One add = the real handler: strict body parse, product and
accessory checks, server-side pricing, the cart transaction (row lock or version check, upsert summing
the quantity, version bump) and the full priced cart in the answer. Demo fixtures catalogue.
Median of ${RUNS} runs; latency per request. PostgreSQL: local throwaway cluster (fsync off), pool of 10.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end of the run: ${loadAtStart} / ${loadavg()[0]!.toFixed(1)}. Wall-clock figures
taken on a busy machine are upper bounds; the CPU column (this process only: handler, drivers and, for
PGlite, the whole database) hardly depends on the load. Parallel latencies include queueing: 50 requests
share one PGlite connection or 10 PostgreSQL connections, and on one cart they also queue on its row lock.

${table}
`;
  writeBenchmarkSection(title, section);
}

const loadAtStart = loadavg()[0]!.toFixed(1);
const rows = await onEachDatabase(benchDatabase);

writeSection(rows);
console.log('BENCHMARKS.md updated');
