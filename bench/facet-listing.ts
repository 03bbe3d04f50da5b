// Filtered listings at catalogue scale (issue 33): a top category's listing with its facet counts,
// with 0, 1, 3 and all 5 filters, answered by the in-memory facet index, against the SQL reference
// (listing-sql.ts, one INTERSECT per listing, on an analysed database) in the same run. Then the built
// shop on the same database: a cached page's latency, asked every PROBE_MS by a client of its own,
// alone and while 2 clients (concurrency 1 each) ask filtered listings and their facets over HTTP as
// fast as they are answered. The embedded database answers on the main thread, so a slow listing
// used to delay every other request.
//
//   DATA_DIR=.data/bench100k BENCH_PRODUCTS=100000 npm run bench:facets   (RUNS=3 REQUESTS=50)
//   BENCH_REPORT=0 ...: print, leave BENCHMARKS.md alone
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { Agent, request } from 'node:http';
import { rows } from '../src/lib/server/db/sql.ts';
import { seededCatalogue } from './lib/catalogue-database.ts';
import { listFacets, listProducts } from '../src/lib/server/catalog/listing.ts';
import { facetIndex } from '../src/lib/server/catalog/facet-index-store.ts';
import { countListedSql, facetCountsSql, pageIdsSql } from '../src/lib/server/catalog/listing-sql.ts';
import { filterCodes } from '../src/lib/server/catalog/filter-settings.ts';
import type { Filter } from '../src/lib/catalog/contract.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';
import { BENCH_OUT_DIR, load1, ms, numberFromEnv, reportEnabled, sleep, startShop, today } from './lib/shop.ts';
import { buildIfStale, root } from '../scripts/lib/prepare.ts';
import { existsSync } from 'node:fs';
import { startVarnish, VARNISHD } from '#tests/helpers/varnish.ts';

process.env.RATE_LIMIT_SCALE ??= '0';
const RUNS = numberFromEnv('RUNS', 3);
const REQUESTS = numberFromEnv('REQUESTS', 50);
/** The SQL reference takes seconds per listing at 100,000 products: fewer of them. */
const SQL_REQUESTS = numberFromEnv('SQL_REQUESTS', 3);
const SECONDS = numberFromEnv('BENCH_SECONDS', 10);
const PROBE_MS = numberFromEnv('PROBE_MS', 20);
const DATA_DIR = process.env.DATA_DIR ?? '.data/bench100k';
const FILTERED = ['brand', 'material', 'colour', 'certificate', 'length'];

const database = await seededCatalogue();
const db = database.db;
const loadAtStart = load1();
const [top] = await rows(
  db,
  z.object({ id: z.number() }),
  sql`select c.id from categories c join product_categories pc on pc.category_id in
      (select d.id from categories d where d.id_path = c.id_path or d.id_path like c.id_path || '/%')
    where c.parent_id is null group by c.id order by count(*) desc limit 1`,
);
const categoryId = top!.id;
const codes = await filterCodes();
const buildStarted = performance.now();
const index = await facetIndex();
const buildMs = performance.now() - buildStarted;

/** Per filtered attribute, its two most common values in the category: a filter shoppers would pick. */
const common = index.facetCounts({ categoryId, filters: [] }, FILTERED);
const filterOf = (code: string): Filter => ({
  name: code,
  values: [...common.get(code)!]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([value]) => value),
});
const scenarios = [0, 1, 3, 5].map((n) => ({ n, filters: FILTERED.slice(0, n).map(filterOf) }));

async function timed(times: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const runs: { p50: number; p99: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    await fn(-1);
    const latencies: number[] = [];
    for (let i = 0; i < times; i++) {
      const started = performance.now();
      await fn(i);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    runs.push({ p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
  }
  return { p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) };
}

const sorts = ['latest', 'price-up', 'price-down'];
const inProcess: string[] = [];
for (const { n, filters } of scenarios) {
  const scope = { categoryId, filters };
  const count = (await listProducts({ ...scope, locale: 'de', sort: 'latest', limit: 24, offset: 0 })).count;
  // The whole answer of the listing endpoint and the filter endpoint: page of 24 cards, count, facets.
  const memory = await timed(REQUESTS, (i) =>
    Promise.all([
      listProducts({
        ...scope,
        locale: 'de',
        sort: sorts[Math.abs(i) % 3]!,
        limit: 24,
        offset: 24 * (Math.abs(i) % 4),
      }),
      listFacets(scope, codes, 'de'),
    ]),
  );
  const reference = await timed(SQL_REQUESTS, (i) =>
    Promise.all([
      countListedSql(db, scope),
      pageIdsSql(db, scope, {
        sort: sorts[Math.abs(i) % 3]!,
        currency: 'EUR',
        limit: 24,
        offset: 24 * (Math.abs(i) % 4),
      }),
      facetCountsSql(db, scope, codes),
    ]),
  );
  console.log(
    `${n} filters (${count} products): index p50 ${ms(memory.p50)} p99 ${ms(memory.p99)}; SQL p50 ${ms(reference.p50)} p99 ${ms(reference.p99)}`,
  );
  inProcess.push(
    `| ${n} (${count.toLocaleString('en')} products) | ${ms(memory.p50)} | ${ms(memory.p99)} | ${ms(reference.p50)} | ${ms(reference.p99)} |`,
  );
}
await database.close();

// The built shop on the same database.
await buildIfStale(BENCH_OUT_DIR);
// Readiness waits for the in-memory indexes: the probe measures a shop that has built them.
const shop = await startShop({ DATA_DIR: resolve(root, DATA_DIR) }, { readyStatus: 200, readyPath: '/readyz' });
// The shipped deployment as well: the same shop behind Varnish (deploy/varnish/storefront.vcl), which
// answers the cached page from its own threads and passes the listings' POSTs to the shop.
const varnish = existsSync(VARNISHD) ? await startVarnish({ backendPort: shop.port }) : undefined;
await varnish?.waitUntilHealthy();
const agent = new Agent({ keepAlive: true, maxSockets: 4 });
/** The fronts the bench talks to in turn: the shop itself, then Varnish in front of it. */
const fronts = [
  { name: 'shop', url: shop.url, cacheHeader: 'x-astro-cache' },
  ...(varnish ? [{ name: 'behind Varnish', url: varnish.url, cacheHeader: 'x-cache' }] : []),
];
let front = fronts[0]!;
function call(path: string, body?: unknown): Promise<{ status: number; cache: string }> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${front.url}${path}`,
      {
        agent,
        method: payload ? 'POST' : 'GET',
        headers: payload ? { 'content-type': 'application/json', origin: front.url } : { 'accept-encoding': 'br' },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0, cache: String(res.headers[front.cacheHeader] ?? '') }));
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}
const probeLatencies = async (seconds: number) => {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const answer = await call('/');
    if (answer.status !== 200 || answer.cache !== 'HIT')
      throw new Error(`the cached page answered ${answer.status} ${answer.cache}`);
    const took = performance.now() - started;
    times.push(took);
    await sleep(Math.max(0, PROBE_MS - took));
  }
  return times.sort((a, b) => a - b);
};
const served: string[] = [];
try {
  const hammerTimes: number[] = [];
  for (let r = 0; r < RUNS * fronts.length; r++) {
    front = fronts[r % fronts.length]!;
    for (let i = 0; i < 5; i++) await call('/');
    const alone = await probeLatencies(SECONDS / 2);
    const answeredBefore = hammerTimes.length;
    let stop = false;
    const hammer = async (client: number) => {
      for (let i = client; !stop; i += 2) {
        const { filters } = scenarios[i % scenarios.length]!;
        const started = performance.now();
        const [list, facets] = await Promise.all([
          call('/api/catalog/products', { catId: categoryId, filters, sort: sorts[i % 3], limit: 24, offset: 0 }),
          call('/api/catalog/filters', { categoryId, filters }),
        ]);
        if (list.status !== 200 || facets.status !== 200)
          throw new Error(`listing answered ${list.status}/${facets.status}`);
        hammerTimes.push(performance.now() - started);
      }
    };
    const hammers = [hammer(0), hammer(1)];
    const loaded = await probeLatencies(SECONDS);
    stop = true;
    await Promise.all(hammers);
    served.push(
      `| ${Math.floor(r / fronts.length) + 1}, ${front.name} | ${ms(percentile(alone, 50))} | ${ms(percentile(alone, 99))} | ${ms(percentile(loaded, 50))} | ${ms(percentile(loaded, 99))} | ${hammerTimes.length - answeredBefore} |`,
    );
    console.log(served.at(-1));
  }
  hammerTimes.sort((a, b) => a - b);
  served.push(
    `\nListing and facets over HTTP while probed (both calls of one listing): p50 ${ms(percentile(hammerTimes, 50))} ms, p99 ${ms(percentile(hammerTimes, 99))} ms.`,
  );
} finally {
  await varnish?.stop();
  await shop.stop();
}

const section = `## Filtered listings: facet index against SQL

\`npm run bench:facets\` (bench/facet-listing.ts), ${today()}, on the embedded PGlite database in
\`${DATA_DIR}\`: ${index.size.toLocaleString('en')} listed products (variants not counted) of the demo generator,
analysed. The top category with the most products, filtered by the two most common values of 0, 1, 3 and 5 attributes
(brand, material, colour, certificate, length). **In process**: the listing endpoint's work (a page of 24 product
cards, sorted newest, price up or down in turn, at one of the first four pages, and the count) together with the filter
endpoint's (counts of every facet, a facet's own selection left out): the in-memory facet index
(src/lib/server/catalog/facet-index.ts) against the SQL reference (listing-sql.ts: count, page ids and facet counts,
cards not included) in the same run. ${REQUESTS} requests per run for the index, ${SQL_REQUESTS} for SQL, median of ${RUNS} runs' p50 and p99.
Building the index from the database took ${(buildMs / 1000).toFixed(1)} s (once at start; readiness waits for it).

Machine: ${machine()}. Load average (1 min) at start and end: ${loadAtStart} / ${load1()}.

| filters | index p50 (ms) | index p99 (ms) | SQL p50 (ms) | SQL p99 (ms) |
| --- | ---: | ---: | ---: | ---: |
${inProcess.join('\n')}

**Over HTTP**: the built shop on the same database; one client asks the home page (a page-cache HIT) every ${PROBE_MS} ms,
${SECONDS / 2} s alone, then ${SECONDS} s while 2 clients ask the listings above (listing and facets together, the 4 filter
counts in turn) as fast as they are answered. Each run asks the shop itself, then the shop behind Varnish as shipped
(deploy/varnish/storefront.vcl: the home page a Varnish HIT, the listings' POSTs passed to the shop); the load
generator is one process on the same 2 cores. Latency of the cached page in ms:

| run | alone p50 | alone p99 | during listings p50 | during listings p99 | listings answered |
| --- | ---: | ---: | ---: | ---: | ---: |
${served.join('\n')}

What the figures say: the index answers every filter combination within 20 ms at p99 (the goal) where SQL takes
0.6–2 s (and 6–40 s before it was one INTERSECT on an analysed database); a single p99 above 20 ms in a run of 50 is a
pause of the process (garbage collection), not the index. Before the index, a cached page asked during one such SQL
listing waited 7,010 ms. With the embedded database on its own thread (issue 33, item 2; before it, the same bench gave
p50 7.6–10.8 ms and p99 58–78 ms during listings, 720–896 listings answered) the cached page waits only for the
listings' work on the main thread (facet counts, product cards to JSON, the framework's request handling): p50 within
10 ms, p99 not yet (goal 10 ms). Behind Varnish as shipped (2026-11-29) the cached page never waits for the shop's
event loop: p50 0.7 ms during listings, p99 15.9–20.6 ms. What remains is this machine's two cores shared by the
shop's main and database threads, Varnish and the load generator, all busy: the goal of 10 ms at p99 is not met on
it either way.
`;
console.log(section);
if (reportEnabled()) writeSection('## Filtered listings: facet index against SQL', section);
process.exit(0);
