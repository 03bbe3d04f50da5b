// What company accounts (issue 36) cost a signed-in shopper's two hottest calls: the price call for a
// listing page (POST /api/catalog/prices, 24 skus) and add to cart (POST /api/cart/add), measured on the
// shop as it was just before them ("before", a git worktree of BEFORE_COMMIT, built and seeded by its
// own scripts) and on this checkout ("after"), both over HTTP behind their server fronts on PGlite.
// Since then every signed-in request resolves a company USER (and its role) instead of a customer, and
// a cart belongs to a user of the company (checked against customer_users in its queries).
//
// Open loop from bench/lib/paced-load.ts (latency from each call's due time, so queueing shows), runs
// alternating before/after (ABBA), median of RUNS runs' percentiles; then the most calls a second 16
// connections get answered. A second pass on a throwaway PostgreSQL counts the statements each call
// sends (the server's own statement log), before and after. Writes its section into BENCHMARKS.md.
//
//   npm run bench:permissions         (BEFORE_COMMIT=bcdf19c BEFORE_TREE=/tmp/perm-before BENCH_PRODUCTS=100000)
//   PRICE_RATES=50,100 CART_RATES=10,20 BENCH_SECONDS=10 RUNS=3 SKIP_POSTGRES=1 BENCH_REPORT=0
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { openDatabase } from '../src/lib/server/db/client.ts';
import { DEMO_FIXTURES } from '../src/lib/server/demo/fixtures.ts';
import { root } from '../scripts/lib/prepare.ts';
import { startPostgres } from '../tests/helpers/postgres.ts';
import { listingPageSkus } from './lib/catalogue-database.ts';
import { buildCheckout, checkoutAt, prepareCheckoutData } from './lib/other-checkout.ts';
import { mostAnswered, pacedRun, type LoadTarget } from './lib/paced-load.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';
import {
  BENCH_OUT_DIR,
  load1,
  numberFromEnv,
  processCpuMs,
  reportEnabled,
  startShop,
  today,
  type ShopProcess,
} from './lib/shop.ts';
import { jsonHeaders, postJson, signIn, type Browser } from './lib/signed-in.ts';

const BEFORE_COMMIT = process.env.BEFORE_COMMIT ?? 'bcdf19c';
const BEFORE_TREE = process.env.BEFORE_TREE ?? '/tmp/perm-before';
const PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 100_000);
const PRICE_RATES = (process.env.PRICE_RATES ?? '50,100').split(',').map(Number);
const CART_RATES = (process.env.CART_RATES ?? '10,20').split(',').map(Number);
const SECONDS = numberFromEnv('BENCH_SECONDS', 10);
const RUNS = numberFromEnv('RUNS', 3);
const CONNECTIONS = 16;
/** Calls of each kind whose statements the PostgreSQL pass counts. */
const COUNTED_CALLS = 20;
const DATA_ROOT = resolve(root, '.data/bench-permissions');
/** acme's primary user: a customer before company accounts, its company's admin since (the same login). */
const USER = DEMO_FIXTURES.customers.acme;
const ADD = { sku: DEMO_FIXTURES.products.available, quantity: 1 };

interface Version {
  label: 'before' | 'after';
  checkout: string;
  commit: string;
}

interface Call {
  name: string;
  path: string;
  body: unknown;
  rates: number[];
}

const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();

/** A fresh login (the user token lives 15 minutes; a run must not renew it) with an empty cart. */
async function freshSession(shop: ShopProcess): Promise<Browser> {
  const browser = await signIn(shop.url, USER.email, USER.password);
  const { cart } = (await postJson(browser, '/api/cart/get', {})) as { cart: { id: string; version: number } | null };
  if (cart) await postJson(browser, '/api/cart/delete', { cartId: cart.id, version: cart.version });
  return browser;
}

const target = (browser: Browser, call: Call): LoadTarget => ({
  url: `${browser.origin}${call.path}`,
  body: JSON.stringify(call.body),
  headers: jsonHeaders(browser),
});

interface Run {
  p50: number;
  p99: number;
  errors: number;
  outcomes: Record<string, number>;
  /** CPU time of the shop's process (every thread: PGlite's too) per answered call. */
  cpuMs: number;
}

async function measure(shop: ShopProcess, call: Call, rate: number, seconds: number): Promise<Run> {
  const browser = await freshSession(shop);
  const cpuBefore = processCpuMs(shop.child.pid!);
  const result = await pacedRun(target(browser, call), rate, seconds);
  const cpu = processCpuMs(shop.child.pid!) - cpuBefore;
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: result.errors,
    outcomes: result.outcomes,
    cpuMs: cpu / latencies.length,
  };
}

// ------------------------------------------------------------------ statements per call (PostgreSQL)

/** log_line_prefix: the database, so the statements of the shop under test are told from others. */
const LOG_LINE = /^(\w+) [A-Z]+:\s/;
const STATEMENT_LINE = /^(\w+) LOG:\s+(?:statement|execute [^:]*): ?(.*)$/;

/** The statements of `database` in a PostgreSQL log, whitespace collapsed (a statement may span lines). */
function loggedStatements(log: string, database: string): string[] {
  const statements: string[] = [];
  let current: string[] | undefined;
  for (const line of log.split('\n')) {
    if (LOG_LINE.test(line)) {
      const match = STATEMENT_LINE.exec(line);
      current = match && match[1] === database ? [match[2]!] : undefined;
      if (current) statements.push('');
    } else current?.push(line);
    if (current) statements[statements.length - 1] = current.join(' ').replace(/\s+/g, ' ').trim();
  }
  return statements;
}

interface Counted {
  /** Statements of a call (the median over the calls). */
  count: number;
  /** Statements of each call counted. */
  calls: number[];
  /** Those of a call with the median count, in order. */
  statements: string[];
}

/**
 * The statements one call sends, from PostgreSQL's own log (log_statement = all): COUNTED_CALLS calls of
 * each kind, one after another, each after a marker statement of the bench's own; the median count,
 * and the statements of a call with that count.
 */
async function countStatements(versions: Version[], calls: Call[]): Promise<Map<string, Counted>> {
  const server = await startPostgres();
  const counted = new Map<string, Counted>();
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  try {
    for (const version of versions) {
      const database = `permissions_${version.label}`;
      const url = await server.createDatabase(database);
      const dataDir = mkdtempSync(join(tmpdir(), `bench-permissions-${version.label}-`));
      const env = { DATABASE_URL: url, DATA_DIR: dataDir };
      await prepareCheckoutData(version.checkout, { ...env, BENCH_PRODUCTS: '300' });
      const shop = await startShop(env, { checkout: version.checkout });
      const marker = new pg.Client({ connectionString: url });
      await marker.connect();
      try {
        for (const call of calls) {
          const browser = await freshSession(shop);
          const send = () => postJson(browser, call.path, call.body);
          for (let i = 0; i < 5; i++) await send(); // indexes built, memos read
          await admin.query(`ALTER SYSTEM SET log_line_prefix = '%d '`);
          await admin.query(`ALTER SYSTEM SET log_statement = 'all'`);
          await admin.query('SELECT pg_reload_conf()');
          await new Promise((r) => setTimeout(r, 500)); // every backend has read the new setting
          for (let i = 0; i < COUNTED_CALLS; i++) {
            await marker.query(`SELECT 'bench call ${i}'`);
            await send();
          }
          await marker.query(`SELECT 'bench end'`);
          await admin.query('ALTER SYSTEM RESET log_statement');
          await admin.query('SELECT pg_reload_conf()');
          // The statements since the first marker, cut at the markers.
          const logged = loggedStatements(readFileSync(server.logFile, 'utf8'), database);
          const perCall: string[][] = [];
          for (const statement of logged.slice(logged.lastIndexOf(`SELECT 'bench call 0'`))) {
            if (/^SELECT 'bench (call \d+|end)'$/.test(statement)) perCall.push([]);
            else perCall.at(-1)?.push(statement);
          }
          const callStatements = perCall.slice(0, COUNTED_CALLS);
          const counts = callStatements.map((s) => s.length);
          const count = median(counts);
          counted.set(`${version.label} ${call.name}`, {
            count,
            calls: counts,
            statements: callStatements.find((s) => s.length === count) ?? [],
          });
        }
      } finally {
        await marker.end();
        await shop.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await admin.end();
    await server.stop();
  }
  return counted;
}

// ------------------------------------------------------------------ the bench

const loadAtStart = load1();
const before = await checkoutAt(BEFORE_COMMIT, BEFORE_TREE);
const versions: Version[] = [
  { label: 'before', checkout: before.folder, commit: before.commit },
  { label: 'after', checkout: root, commit: git('rev-parse', '--short=7', 'HEAD') },
];
const dataDir = (version: Version) => resolve(DATA_ROOT, version.label);
for (const version of versions) {
  console.log(`${version.label} (${version.commit}, ${version.checkout}): build, migrate, seed ${PRODUCTS} products`);
  await buildCheckout(version.checkout, BENCH_OUT_DIR);
  await prepareCheckoutData(version.checkout, { DATA_DIR: dataDir(version), BENCH_PRODUCTS: String(PRODUCTS) });
}

// A listing page's skus, as bench/price-call.ts takes them (both catalogues come from the same generator).
const catalogue = await openDatabase({ dataDir: dataDir(versions[1]!) });
const skus = await listingPageSkus(catalogue.db);
await catalogue.close();

const CALLS: Call[] = [
  { name: 'price call, 24 skus', path: '/api/catalog/prices', body: { skus }, rates: PRICE_RATES },
  { name: 'add to cart (1 line)', path: '/api/cart/add', body: ADD, rates: CART_RATES },
];

const shops = new Map<Version, ShopProcess>();
const rowsOut: string[] = [];
const throughput: string[] = [];
try {
  for (const version of versions)
    shops.set(version, await startShop({ DATA_DIR: dataDir(version) }, { checkout: version.checkout }));
  // The same work on both sides: the same prices answered for the same skus.
  const answers = [];
  for (const version of versions) {
    const shop = shops.get(version)!;
    const browser = await freshSession(shop);
    answers.push(JSON.stringify(await postJson(browser, CALLS[0]!.path, CALLS[0]!.body)));
    // The first price call builds the price index (seconds on a large catalogue); then a warm-up of both calls.
    for (const call of CALLS) await pacedRun(target(await freshSession(shop), call), call.rates[0]!, 3);
  }
  if (answers[0] !== answers[1]) console.warn('warning: the two shops priced the listing page differently');

  for (const call of CALLS) {
    for (const rate of call.rates) {
      for (const version of versions) await pacedRun(target(await freshSession(shops.get(version)!), call), rate, 2);
      const runs = new Map<Version, Run[]>(versions.map((v) => [v, []]));
      for (let r = 0; r < RUNS; r++) {
        // ABBA: neither version is always the first after a pause.
        const order = r % 2 === 0 ? versions : [...versions].reverse();
        for (const version of order) runs.get(version)!.push(await measure(shops.get(version)!, call, rate, SECONDS));
      }
      const med = (v: Version, pick: (run: Run) => number) => median(runs.get(v)!.map(pick));
      const both = (pick: (run: Run) => number) => versions.map((v) => med(v, pick).toFixed(1)).join(' | ');
      const [p99Before, p99After] = versions.map((v) => med(v, (x) => x.p99));
      const errors = versions.map((v) => runs.get(v)!.reduce((n, x) => n + x.errors, 0));
      rowsOut.push(
        `| ${call.name} | ${rate}/s | ${both((x) => x.p50)} | ${both((x) => x.p99)} | ${(p99After! - p99Before!).toFixed(1)} | ${both((x) => x.cpuMs)} | ${errors.join(' / ')} |`,
      );
      console.log(rowsOut.at(-1));
      for (const v of versions) console.log(`  ${v.label} runs: ${JSON.stringify(runs.get(v))}`);
    }
    const maxima = new Map<Version, number[]>(versions.map((v) => [v, []]));
    for (let r = 0; r < RUNS; r++) {
      const order = r % 2 === 0 ? versions : [...versions].reverse();
      for (const version of order)
        maxima
          .get(version)!
          .push(await mostAnswered(target(await freshSession(shops.get(version)!), call), CONNECTIONS, SECONDS));
    }
    throughput.push(`| ${call.name} | ${versions.map((v) => median(maxima.get(v)!).toFixed(0)).join(' | ')} |`);
    console.log(throughput.at(-1));
  }
} finally {
  for (const shop of shops.values()) await shop.stop();
}
const loadAfterLoad = load1();

const statements = process.env.SKIP_POSTGRES === '1' ? undefined : await countStatements(versions, CALLS);
const short = (text: string | undefined) =>
  text === undefined ? '–' : `\`${text.length > 160 ? `${text.slice(0, 159)}…` : text}\``;
const statementRows: string[] = [];
const statementChanges: string[] = [];
if (statements)
  for (const call of CALLS) {
    const [b, a] = versions.map((v) => statements.get(`${v.label} ${call.name}`)!) as [Counted, Counted];
    statementRows.push(`| ${call.name} | ${b.count} | ${a.count} |`);
    for (const [v, s] of [
      [versions[0]!, b],
      [versions[1]!, a],
    ] as const) {
      console.log(`${v.label} ${call.name}: ${s.count} statements (per call: ${s.calls.join(' ')})`);
      s.statements.forEach((text, i) => console.log(`  ${i + 1}. ${text}`));
    }
    // The statements whose text changed, by their place in the call.
    for (let i = 0; i < Math.max(b.statements.length, a.statements.length); i++)
      if (b.statements[i] !== a.statements[i])
        statementChanges.push(`| ${call.name} | ${i + 1} | ${short(b.statements[i])} | ${short(a.statements[i])} |`);
  }

const loads = [loadAtStart, loadAfterLoad, load1()];
const busy = loads.some((load) => Number(load) >= 1.5)
  ? ` The machine was busy (other work ran beside the bench): the wall-clock figures are upper bounds, and a
difference between before and after that is smaller than the spread of the runs (the script prints each run) is
noise; the CPU column is steadier.`
  : '';
const extraStatements = statements
  ? CALLS.map((call) => {
      const [b, a] = versions.map((v) => statements.get(`${v.label} ${call.name}`)!.count) as [number, number];
      return a === b ? `${call.name}: as many as before` : `${call.name}: ${a - b > 0 ? '+' : ''}${a - b}`;
    }).join('; ')
  : undefined;
const title = '## Signed in: the cost of company accounts on the price call and add to cart';
const section = `${title}

\`npm run bench:permissions\` (bench/permission-check.ts): a signed-in user of the acme company (${USER.email},
its primary user: a customer before company accounts, the company's admin since) calls
\`POST /api/catalog/prices\` with 24 skus (a listing page) and \`POST /api/cart/add\` (1 × ${ADD.sku}, into a cart
emptied before each run), over HTTP against the built shop behind its server front (scripts/serve.ts) on PGlite
with ${PRODUCTS.toLocaleString('en')} demo products. "Before" is ${versions[0]!.commit}, the commit before
company accounts (9118f2b, migration 0023), as a git worktree built, migrated and seeded by its own scripts;
"after" is ${versions[1]!.commit} (this checkout). Both are served by their own scripts/serve.ts with the same
node flags and environment (today's \`npm start\`), side by side, with the same node_modules.

Method: open loop (bench/lib/paced-load.ts, a process of its own: calls leave at an even pace, each latency
counts from its call's due time, so a queue in the server shows); ${SECONDS} s per run, a fresh login before
each run, runs alternating before/after (ABBA), median of ${RUNS} runs' p50 and p99 per version. Then the most
calls a second ${CONNECTIONS} keep-alive connections get answered (closed loop, median of ${RUNS}). "Shop CPU per
call" is the server process's CPU time over a run (every thread, PGlite's database thread included; from /proc)
divided by the calls it answered: less at the mercy of other work on the machine than the wall-clock
percentiles, and the closest figure to what the check itself costs. A signed-in
price call goes through Astro, not the front's fast path: src/lib/server/front-routes.ts and
catalog/guest-prices.ts hand any request with a session cookie on to Astro, which resolves (and may renew) the
session; the guest figures in "Price call under load" are the fast path's.

Machine: ${machine()}. Date: ${today()}. Load average (1 min) at start, after the HTTP runs, and at the end:
${loads.join(' / ')}. The load generator shares the machine's two cores with the server.${busy}

| call | load | p50 before (ms) | p50 after (ms) | p99 before (ms) | p99 after (ms) | p99 after − before (ms) | shop CPU per call before (ms) | after (ms) | errors before / after |
| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rowsOut.join('\n')}

| most answered, ${CONNECTIONS} connections (calls/s) | before | after |
| --- | ---: | ---: |
${throughput.join('\n')}
${
  statements
    ? `
Statements per call, from PostgreSQL's own log (a throwaway PostgreSQL 15 cluster, \`log_statement = all\`, the
same shops on 300 demo products; ${COUNTED_CALLS} calls of each kind one after another, the median count):

| call | before | after |
| --- | ---: | ---: |
${statementRows.join('\n')}

The statements whose text differs (by their place in the call; all others are the same statement):

| call | # | before | after |
| --- | ---: | --- | --- |
${statementChanges.join('\n')}

Statements per call after company accounts: ${extraStatements}. Neither call asks the role
(\`authorize\`/\`may\`, src/lib/server/auth/guard.ts, an in-memory set lookup; the \`order\` permission is checked
where an order is placed): what changed on them is who the session is, the company user with its role and status
joined with its company where the customer was read before, and carts per user, whose statements now check the
cart's user (still active, of the company) in customer_users where they checked the customer before.
`
    : ''
}`;
if (reportEnabled()) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
