// Edit → new HTML served: how long after a product's data changes and the publish webhook is sent
// the shop (and Varnish in front of it, and a second instance on the same PostgreSQL) serves the
// new page. The built server runs as child processes, as in production. Writes its section into
// BENCHMARKS.md.
//
//   npm run bench:publish                          (BENCH_EVENTS=100 by default)
//   BENCH_EVENTS=20 BENCH_REPORT=0 npm run bench:publish
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { parseEnv } from '#lib/server/env.ts';
import { startPostgres } from '#tests/helpers/postgres.ts';
import { startVarnish } from '#tests/helpers/varnish.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { machine, percentile, writeSection } from './lib/report.ts';
import {
  BENCH_OUT_DIR,
  freePort,
  load1,
  ms,
  numberFromEnv,
  reportEnabled,
  sendPublish,
  sitemapPaths,
  sleep,
  startShop,
  today,
} from './lib/shop.ts';

const EVENTS = numberFromEnv('BENCH_EVENTS', 100);
const PRODUCTS = 300;
const POLL_MS = 5;
/** An event whose new page is not served by then counts as lost (and is reported, not hidden). */
const TIMEOUT_MS = 30_000;
const PGLITE_DIR = '.data/bench-publish';
const runId = randomUUID().slice(0, 8);

interface Scenario {
  name: string;
  latencies: number[];
  webhookMs: number[];
  lost: number;
}

/** German product pages (no locale prefix) listed in the sitemap, one per product. */
async function productPages(shopUrl: string): Promise<{ id: number; path: string }[]> {
  const pages = new Map<number, string>();
  for (const path of await sitemapPaths(shopUrl)) {
    const id = /^\/p\/(\d+)\/[^/]+$/.exec(path)?.[1];
    if (id && !pages.has(Number(id))) pages.set(Number(id), path);
  }
  if (pages.size === 0) throw new Error(`${shopUrl}/sitemap.xml lists no product pages`);
  return [...pages].map(([id, path]) => ({ id, path }));
}

/** GETs the page until the cache in front answers HIT (`x-cache` for Varnish, `x-astro-cache` for the shop). */
async function warm(url: string, cacheHeader: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (response.headers.get(cacheHeader) === 'HIT') return;
  }
  throw new Error(`${url}: no ${cacheHeader}: HIT after 5 GETs`);
}

/** Polls every POLL_MS until `fresh` says the answer is the new page; ms since `since`, or undefined on timeout. */
async function firstFresh(
  url: string,
  since: number,
  fresh: (response: Response, html: string) => boolean,
): Promise<number | undefined> {
  for (;;) {
    const response = await fetch(url);
    const html = await response.text();
    if (response.status === 200 && fresh(response, html)) return performance.now() - since;
    if (performance.now() - since > TIMEOUT_MS) return undefined;
    await sleep(POLL_MS);
  }
}

interface EventPlan {
  /** Changes the data (or nothing) just after the clock starts. */
  change(product: { id: number }, marker: string): Promise<void>;
  /** Where the webhook goes, where the page is read, and through which cache. */
  webhookTo: string;
  readFrom: string;
  cacheHeader: string;
  fresh: (marker: string) => (response: Response, html: string) => boolean;
}

async function run(
  name: string,
  pages: { id: number; path: string }[],
  offset: number,
  plan: EventPlan,
): Promise<Scenario> {
  const scenario: Scenario = { name, latencies: [], webhookMs: [], lost: 0 };
  for (let i = 0; i < EVENTS; i++) {
    const page = pages[(offset + i) % pages.length]!;
    const url = `${plan.readFrom}${page.path}`;
    await warm(url, plan.cacheHeader);
    const marker = `Benchname ${runId} ${offset + i}`;
    const started = performance.now();
    await plan.change(page, marker);
    const [latency, webhookMs] = await Promise.all([
      firstFresh(url, started, plan.fresh(marker)),
      sendPublish(plan.webhookTo, { products: [page.id] }, `bench-${runId}-${offset + i}`).then(
        () => performance.now() - started,
      ),
    ]);
    scenario.webhookMs.push(webhookMs);
    if (latency === undefined) scenario.lost += 1;
    else scenario.latencies.push(latency);
  }
  const sorted = [...scenario.latencies].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(60)} p50 ${ms(percentile(sorted, 50))} ms  p95 ${ms(percentile(sorted, 95))} ms  lost ${scenario.lost}`,
  );
  return scenario;
}

const loadAtStart = load1();
await buildIfStale(BENCH_OUT_DIR);
const scenarios: Scenario[] = [];
const stops: (() => Promise<void>)[] = [];
try {
  // PostgreSQL: instance A behind Varnish (purged by A on publish), instance B on its own.
  const postgres = await startPostgres();
  stops.push(() => postgres.stop());
  const seeding = await openMigrated(parseEnv({ DATABASE_URL: postgres.url, DATA_DIR: '.data' }));
  await seedIfEmpty(seeding, PRODUCTS);
  await seeding.close();
  const portA = await freePort();
  const varnish = await startVarnish({ backendPort: portA });
  stops.push(() => varnish.stop());
  const a = await startShop({ DATABASE_URL: postgres.url, CDN_PURGE_URL: `${varnish.url}/` }, { port: portA });
  stops.push(() => a.stop());
  // Varnish started first, so its probe found the shop down: it serves once two probes succeeded.
  await varnish.waitUntilHealthy();
  const b = await startShop({ DATABASE_URL: postgres.url });
  stops.push(() => b.stop());
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  stops.push(() => client.end());
  const pages = await productPages(b.url);
  const rename = async (product: { id: number }, marker: string) => {
    const result = await client.query(
      `update product_translations set name = $1 where product_id = $2 and locale = 'de'`,
      [marker, product.id],
    );
    if (result.rowCount !== 1) throw new Error(`product ${product.id} has no German name to change`);
  };
  const showsName = (marker: string) => (_: Response, html: string) => html.includes(marker);

  scenarios.push(
    await run('PostgreSQL, one instance: at the origin', pages, 0, {
      change: rename,
      webhookTo: b.url,
      readFrom: b.url,
      cacheHeader: 'x-astro-cache',
      fresh: showsName,
    }),
  );
  scenarios.push(
    await run('PostgreSQL, through Varnish (webhook to the origin, which purges)', pages, EVENTS, {
      change: rename,
      webhookTo: a.url,
      readFrom: varnish.url,
      cacheHeader: 'x-cache',
      fresh: showsName,
    }),
  );
  scenarios.push(
    await run('PostgreSQL, two instances: webhook to A, page read from B', pages, 2 * EVENTS, {
      change: rename,
      webhookTo: a.url,
      readFrom: b.url,
      cacheHeader: 'x-astro-cache',
      fresh: showsName,
    }),
  );
  while (stops.length > 0) await stops.pop()!();

  // PGlite: its data lives inside the shop's process, so the event changes nothing and the clock stops
  // at the first answer rendered after it (X-Astro-Cache: MISS).
  rmSync(resolve(root, PGLITE_DIR), { recursive: true, force: true });
  const embedded = await openMigrated(parseEnv({ DATA_DIR: PGLITE_DIR }));
  await seedIfEmpty(embedded, PRODUCTS);
  await embedded.close();
  const shop = await startShop({ DATA_DIR: resolve(root, PGLITE_DIR) });
  stops.push(() => shop.stop());
  const pglitePages = await productPages(shop.url);
  scenarios.push(
    await run('PGlite: at the origin (event without a data change)', pglitePages, 0, {
      change: async () => {},
      webhookTo: shop.url,
      readFrom: shop.url,
      cacheHeader: 'x-astro-cache',
      fresh: () => (response) => response.headers.get('x-astro-cache') === 'MISS',
    }),
  );
} finally {
  while (stops.length > 0) await stops.pop()!().catch((error: unknown) => console.error(error));
}

const rows = scenarios.map((s) => {
  const sorted = [...s.latencies].sort((x, y) => x - y);
  const hooks = [...s.webhookMs].sort((x, y) => x - y);
  const figure = (p: number) => (sorted.length > 0 ? ms(percentile(sorted, p)) : '–');
  return `| ${s.name} | ${s.latencies.length} | ${figure(50)} | ${figure(95)} | ${figure(100)} | ${ms(percentile(hooks, 50))} | ${s.lost} |`;
});
const varnishRun = scenarios[1];
const varnishP95 =
  varnishRun && varnishRun.latencies.length > 0
    ? percentile(
        [...varnishRun.latencies].sort((x, y) => x - y),
        95,
      )
    : Number.NaN;

const title = '## Publishing: edit to new HTML served';
const section = `${title}

\`npm run bench:publish\` (bench/publish-latency.ts). The built server (\`${BENCH_OUT_DIR}/server/entry.mjs\`) runs as child
processes on loopback, seeded with the ${PRODUCTS}-product demo catalogue. One event, for a different product each time:
warm the product's German page (GETs until the cache answers HIT), start the clock, change the product's German name in
PostgreSQL from the bench process (\`pg\`), POST the signed publish webhook (\`{ products: [id] }\`, Standard Webhooks
signature) and, at the same time, GET the page every ${POLL_MS} ms until the HTML shows the new name; the latency is the
time until that first new HTML was read in full. "Webhook answered" is the time until the webhook's 200 (through Varnish
it includes the purge the shop sends before answering). ${EVENTS} events per scenario, one after the other.

- At the origin: webhook to and page from the same instance (instance B, no CDN configured on it).
- Through Varnish: deploy/varnish/storefront.vcl on varnishd (tests/helpers/varnish.ts) in front of instance A, which
  has \`CDN_PURGE_URL\` and purges the event's tags (xkey) before answering the webhook; the page is read from Varnish.
- Two instances: the webhook goes to instance A (which also purges Varnish, not read here), the page is read from
  instance B; B learns of the event through PostgreSQL's NOTIFY and drops its own copy.
- PGlite: its database lives inside the shop's process, so the bench cannot change the name from outside; the event
  is sent for the product with its data unchanged and the clock stops at the first answer the shop rendered after it
  (\`X-Astro-Cache: MISS\`). Same path (webhook, tags, drop, render), minus the data change.

Goal (issue): p95 ≤ 1 s through Varnish; measured ${Number.isNaN(varnishP95) ? 'nothing' : `${ms(varnishP95)} ms (${varnishP95 <= 1000 ? 'met' : 'NOT met'})`}.
PostgreSQL: local throwaway cluster (tests/helpers/postgres.ts, fsync off). "Lost": no new page within ${TIMEOUT_MS / 1000} s.

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at start and end: ${loadAtStart} / ${load1()} (the machine was shared with other work; figures are upper bounds).

| scenario | events | p50 (ms) | p95 (ms) | max (ms) | webhook answered, p50 (ms) | lost |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join('\n')}
`;
console.log(`\n${section}`);
if (reportEnabled()) {
  writeSection(title, section);
  console.log('BENCHMARKS.md updated');
}
