// The embedded database on its own thread (issue 33, item 2): what the main thread sees of it, with
// PGlite in process (openPglite, as before and as the backup scripts still open it) as the reference
// in the same run. Each side gets a database in memory with the same table of ROWS rows.
// - Main thread while the database works: a timer asks to run every PROBE_MS; its lateness is how long
//   any request (a cached page, a probe) would have waited. Measured alone and while one client runs a
//   heavy statement (an aggregate over the whole table, 0.2–0.5 s) back to back.
// - Cost of the thread: a primary-key lookup's round trip, LOOKUPS in a row.
//
//   npm run bench:database-thread             (RUNS=3 ROWS=300000 BENCH_SECONDS=4)
//   BENCH_REPORT=0 ...: print, leave BENCHMARKS.md alone
import type { PGlite } from '@electric-sql/pglite';
import { openPglite } from '../src/lib/server/db/pglite.ts';
import { ThreadedPglite } from '../src/lib/server/db/pglite-thread.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';
import { load1, ms, numberFromEnv, reportEnabled, sleep, today } from './lib/shop.ts';

const RUNS = numberFromEnv('RUNS', 3);
const ROWS = numberFromEnv('ROWS', 300_000);
const SECONDS = numberFromEnv('BENCH_SECONDS', 4);
const PROBE_MS = numberFromEnv('PROBE_MS', 5);
const LOOKUPS = numberFromEnv('LOOKUPS', 2_000);

type Client = Pick<PGlite, 'query' | 'exec' | 'close'>;

const HEAVY = `select count(distinct md5(label)) from items where id % 7 <> 0`;

async function prepare(client: Client): Promise<void> {
  await client.exec(`create table items (id int primary key, label text not null, price numeric(12,2) not null)`);
  await client.exec(
    `insert into items select i, 'item ' || i, (i % 1000) / 10.0 from generate_series(1, ${ROWS}) i; analyze items`,
  );
}

/** How late a timer due every PROBE_MS runs over `seconds`, in ms, while `load` is what runs meanwhile. */
async function lateness(seconds: number, load?: () => Promise<unknown>): Promise<number[]> {
  const late: number[] = [];
  const until = performance.now() + seconds * 1000;
  let loading = true;
  const loader = (async () => {
    // Each statement starts from a task of its own, as a request's would: PGlite in process answers
    // through promises only, and back-to-back statements would otherwise never let a timer run at all.
    while (load && loading) {
      await load();
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  while (performance.now() < until) {
    const due = performance.now() + PROBE_MS;
    await sleep(PROBE_MS);
    late.push(Math.max(0, performance.now() - due));
  }
  loading = false;
  await loader;
  return late.sort((a, b) => a - b);
}

async function lookups(client: Client): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) {
    const started = performance.now();
    await client.query('select id, label, price from items where id = $1', [1 + ((i * 7919) % ROWS)]);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

interface Figures {
  aloneP99: number;
  loadedP50: number;
  loadedP99: number;
  loadedMax: number;
  heavyMs: number;
  lookupP50: number;
  lookupP99: number;
}

async function measure(client: Client): Promise<Figures> {
  const alone = await lateness(1);
  let heavy = 0;
  let heavyCount = 0;
  const loaded = await lateness(SECONDS, async () => {
    const started = performance.now();
    await client.query(HEAVY);
    heavy += performance.now() - started;
    heavyCount += 1;
  });
  const lookup = await lookups(client);
  return {
    aloneP99: percentile(alone, 99),
    loadedP50: percentile(loaded, 50),
    loadedP99: percentile(loaded, 99),
    loadedMax: loaded.at(-1)!,
    heavyMs: heavy / heavyCount,
    lookupP50: percentile(lookup, 50),
    lookupP99: percentile(lookup, 99),
  };
}

const loadAtStart = load1();
const sides = {
  'in process': (await openPglite('memory://')) as Client,
  'own thread': (await ThreadedPglite.open({ dir: 'memory://' })) as unknown as Client,
};
for (const client of Object.values(sides)) await prepare(client);

const results = new Map<string, Figures[]>(Object.keys(sides).map((name) => [name, []]));
for (let run = 0; run < RUNS; run++) {
  // Alternating order, so a change of load on the machine does not always hit the same side.
  const order = Object.entries(sides);
  for (const [name, client] of run % 2 === 0 ? order : order.reverse()) {
    const figures = await measure(client);
    results.get(name)!.push(figures);
    console.log(
      `run ${run + 1} ${name}: timer late p99 alone ${ms(figures.aloneP99)}, while heavy statements run p50 ${ms(figures.loadedP50)} p99 ${ms(figures.loadedP99)} max ${ms(figures.loadedMax)} (statement ${ms(figures.heavyMs)} ms); lookup p50 ${figures.lookupP50.toFixed(3)} p99 ${figures.lookupP99.toFixed(3)} ms`,
    );
  }
}
for (const client of Object.values(sides)) await client.close();

const cell = (name: string, pick: (f: Figures) => number, digits?: number) => {
  const value = median(results.get(name)!.map(pick));
  return digits === undefined ? ms(value) : value.toFixed(digits);
};
const row = (what: string, pick: (f: Figures) => number, digits?: number) =>
  `| ${what} | ${Object.keys(sides)
    .map((name) => cell(name, pick, digits))
    .join(' | ')} |`;

const title = '## The embedded database on its own thread';
const section = `${title}

\`npm run bench:database-thread\` (bench/database-thread.ts), ${today()}. PGlite in memory with a table of
${ROWS.toLocaleString('en')} rows, opened the way the shop opens it (\`ThreadedPglite\`, src/lib/server/db/pglite-thread.ts)
against PGlite in process (\`openPglite\`, as the shop opened it before) in the same run. A timer due every ${PROBE_MS} ms
measures how late the main thread runs it: 1 s alone, then ${SECONDS} s while one client runs a heavy statement
(\`count(distinct md5(label))\` over six sevenths of the table) back to back. Then ${LOOKUPS.toLocaleString('en')}
primary-key lookups in a row. Median of ${RUNS} runs, alternating which side goes first.

Machine: ${machine()}. Load average (1 min) at start and end: ${loadAtStart} / ${load1()}.

| ms | in process | own thread |
| --- | ---: | ---: |
${row('timer late, alone, p99', (f) => f.aloneP99)}
${row('timer late while heavy statements run, p50', (f) => f.loadedP50)}
${row('timer late while heavy statements run, p99', (f) => f.loadedP99)}
${row('timer late while heavy statements run, max', (f) => f.loadedMax)}
${row('one heavy statement', (f) => f.heavyMs)}
${row('primary-key lookup, p50', (f) => f.lookupP50, 3)}
${row('primary-key lookup, p99', (f) => f.lookupP99, 3)}

What the figures say: in process, the main thread is late by up to a whole statement while the database works, so
every request (a cached page included) waits that long; on its own thread the main thread stays on time. The price is
the round trip between the threads on every statement, in the lookup rows: about 0.1 ms for the message there and
back, the rest the database's thread waking for each statement (run back to back on the thread, PGlite is as fast
as in process).
`;
console.log(`\n${section}`);
if (reportEnabled()) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
