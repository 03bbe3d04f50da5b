// Placing an order, end to end through the real handlers: create order (idempotency lookup, cart
// lock, server pricing, stock reservation, order number, cart closed) and confirm (invoice), on
// embedded PGlite and on a throwaway PostgreSQL. Writes its section into BENCHMARKS.md.
//
//   npm run bench:orders          (RUNS=5 ORDERS=40 PARALLEL=20 by default)
//   SKIP_POSTGRES=1 npm run bench:orders
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { machine, median, percentile, writeSection as writeBenchmarkSection } from './lib/report.ts';
import type { Database } from '../src/lib/server/db/client.ts';
import { onEachDatabase } from './lib/databases.ts';
import { CookieJar, DEMO_FIXTURES, seedFixtures } from '../tests/helpers/cart-harness.ts';
import {
  api,
  orderHarness,
  orderRequest,
  readyCart,
  setStock,
  type OrderHarness,
} from '../tests/helpers/order-harness.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const ORDERS = Number(process.env.ORDERS ?? 40);
const PARALLEL = Number(process.env.PARALLEL ?? 20);

interface RunStats {
  create50: number;
  create99: number;
  confirm50: number;
  perSecond: number;
}

async function placeOrder(h: OrderHarness, prepared: { jar: CookieJar; cart: Awaited<ReturnType<typeof readyCart>> }) {
  const start = performance.now();
  const created = await api(
    h,
    prepared.jar,
    'orders',
    'create',
    orderRequest(prepared.cart, { idempotencyKey: randomUUID() }),
  );
  const createMs = performance.now() - start;
  if (created.status !== 200) throw new Error(`create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const confirmStart = performance.now();
  const confirmed = await api(h, prepared.jar, 'orders', 'confirm', { id: created.body.order!.id });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}`);
  return { createMs, confirmMs: performance.now() - confirmStart };
}

async function prepare(h: OrderHarness, count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const jar = new CookieJar();
      return { jar, cart: await readyCart(h, jar, { quantity: 2 }) };
    }),
  );
}

function stats(results: { createMs: number; confirmMs: number }[], wallMs: number): RunStats {
  const creates = results.map((r) => r.createMs).sort((a, b) => a - b);
  const confirms = results.map((r) => r.confirmMs).sort((a, b) => a - b);
  return {
    create50: percentile(creates, 50),
    create99: percentile(creates, 99),
    confirm50: percentile(confirms, 50),
    perSecond: (results.length / wallMs) * 1000,
  };
}

/** One shopper after another, each with a ready cart of one line. */
async function sequential(h: OrderHarness): Promise<RunStats> {
  const prepared = await prepare(h, ORDERS);
  const results = [];
  const start = performance.now();
  for (const p of prepared) results.push(await placeOrder(h, p));
  return stats(results, performance.now() - start);
}

/** Many shoppers pressing "Place order" at once, all buying the same product (one stock row). */
async function parallel(h: OrderHarness): Promise<RunStats> {
  const prepared = await prepare(h, PARALLEL);
  const start = performance.now();
  const results = await Promise.all(prepared.map((p) => placeOrder(h, p)));
  return stats(results, performance.now() - start);
}

const SCENARIOS = [
  { name: `sequential (${ORDERS} orders)`, run: sequential },
  { name: `${PARALLEL} orders at once, same product`, run: parallel },
];

interface Row extends RunStats {
  database: string;
  scenario: string;
}

async function benchDatabase(label: string, database: Database): Promise<Row[]> {
  await database.migrate();
  await seedFixtures(database.db);
  // Enough stock for every run: the reservation path runs, the shelf never empties.
  await setStock(database.db, DEMO_FIXTURES.products.available, 10_000_000, 0);
  const h = orderHarness(() => database.db);
  await sequential(h); // warm-up
  const rows: Row[] = [];
  for (const scenario of SCENARIOS) {
    const runs: RunStats[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await scenario.run(h));
    const row: Row = {
      database: label,
      scenario: scenario.name,
      create50: median(runs.map((r) => r.create50)),
      create99: median(runs.map((r) => r.create99)),
      confirm50: median(runs.map((r) => r.confirm50)),
      perSecond: median(runs.map((r) => r.perSecond)),
    };
    console.log(
      `${label.padEnd(26)} ${row.scenario.padEnd(34)} create p50 ${row.create50.toFixed(1)} ms p99 ${row.create99.toFixed(1)} ms  confirm p50 ${row.confirm50.toFixed(1)} ms  ${row.perSecond.toFixed(1)} orders/s`,
    );
    rows.push(row);
  }
  return rows;
}

function writeSection(rows: Row[]): void {
  const title = '## Checkout: place an order';
  const table = [
    '| database | scenario | create p50 (ms) | create p99 (ms) | confirm p50 (ms) | orders/s |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.create50.toFixed(1)} | ${r.create99.toFixed(1)} | ${r.confirm50.toFixed(1)} | ${r.perSecond.toFixed(1)} |`,
    ),
  ].join('\n');
  writeBenchmarkSection(
    title,
    `${title}

\`npm run bench:orders\` (bench/order-create.ts). One order = the real create-order handler (strict body,
idempotency lookup, cart row lock and version check, the cart priced again on the server, stock reserved
with a guarded UPDATE, order number from a sequence, order row with the priced cart, cart closed) and
then confirm (invoice). Carts are prepared before the clock starts (a line, shipping and billing address,
shipping method). Median of ${RUNS} runs. PostgreSQL: local throwaway cluster (fsync off), pool of 10.
Parallel orders all take the same product, so they also queue on its stock row, as a flash sale would.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end of the run: ${loadAtStart} / ${loadavg()[0]!.toFixed(1)} (other work was running; wall-clock figures are upper bounds).

${table}
`,
  );
}

const loadAtStart = loadavg()[0]!.toFixed(1);
const rows = await onEachDatabase(benchDatabase);
writeSection(rows);
console.log('BENCHMARKS.md updated');
