// A shop's day in ten minutes: the BUILT shop (scripts/serve.ts, as `npm start` runs it) on a
// throwaway PostgreSQL cluster with the demo catalogue, under an OPEN-LOOP mixed load over HTTP:
// browsing (home, category and product pages: mostly page-cache hits, some first visits that
// render), the price list, search (overlay and search page), add to cart, and whole guest checkouts
// ending in an order on invoice. Shoppers arrive on a fixed schedule whether or not earlier ones are
// done, so a slow server shows as latency (counted from each arrival's due time), never as a lower
// rate. Records per call type count, p50/p95/p99/max and errors, and the server's memory (VmRSS
// from /proc, V8 heap through bench/lib/heap-probe.ts) after warm-up, at the end and at its peak.
// Writes the section "Mixed load on PostgreSQL (10 minutes)" of BENCHMARKS.md after a 10-minute run.
//
//   npm run bench:load                                  (DURATION=10m RATE=25 BENCH_PRODUCTS=5000)
//   DURATION=60s BENCH_REPORT=0 npm run bench:load      (a short check; never writes BENCHMARKS.md)
//   BENCH_PORT=4485 DATA_DIR=.data/bench-load BENCH_OUT_DIR=dist-bench SEED=1
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { z } from 'astro/zod';
import { int8 } from '#lib/server/db/columns.ts';
import { parseRows, resultRows } from '#lib/server/db/sql.ts';
import { parseEnv } from '#lib/server/env.ts';
import { startPostgres } from '#tests/helpers/postgres.ts';
import { buildIfStale, openMigrated, root, seedIfEmpty } from '../scripts/lib/prepare.ts';
import { heapProbeEnv, readHeapProbe } from './lib/heap-probe.ts';
import { machine, percentile, writeSection } from './lib/report.ts';
import {
  BENCH_OUT_DIR,
  freePort,
  load1,
  ms,
  numberFromEnv,
  processMemory,
  reportEnabled,
  sitemapPaths,
  sleep,
  startShop,
  today,
} from './lib/shop.ts';

/** "600", "60s", "10m": seconds. */
function seconds(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(s|m|min)?$/.exec(value.trim());
  if (!match) throw new Error(`DURATION=${value}: say 60s or 10m`);
  return Number(match[1]) * (match[2]?.startsWith('m') ? 60 : 1);
}

const DURATION_S = seconds(process.env.DURATION ?? '10m');
const WARMUP_S = numberFromEnv('WARMUP_SECONDS', 30);
/** Shoppers' actions a second (arrivals); a checkout is several calls, see mix(). */
const RATE = numberFromEnv('RATE', 25);
const PRODUCTS = numberFromEnv('BENCH_PRODUCTS', 5000);
const PORT = numberFromEnv('BENCH_PORT', 0) || undefined;
const DATA_DIR = process.env.DATA_DIR ?? '.data/bench-load';
const OUT_DIR = process.env.BENCH_OUT_DIR ?? BENCH_OUT_DIR;
/** Only a full-length run replaces the section (its title says ten minutes). */
const REPORT_SECONDS = 600;
const TITLE = '## Mixed load on PostgreSQL (10 minutes)';
/** A call that has not answered by then is an error (and ends its shopper's checkout). */
const CALL_TIMEOUT_MS = 30_000;
/** Pages a shopper mostly browses (cache hits once rendered); the rest of the sitemap are first visits. */
const HOT_PAGES = 400;
/** Of the page views, the share that goes to a page nobody asked for yet (rendered, a cache MISS). */
const COLD_SHARE = numberFromEnv('BENCH_COLD_SHARE', 0.1);

// ------------------------------------------------------------------ random, seeded (same mix every run)

/** mulberry32: a small seeded generator in [0, 1). */
function seeded(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = numberFromEnv('SEED', 1);
/** Which action arrives next: a stream of its own, so the sequence of arrivals is the same every run. */
const nextArrival = seeded(SEED);
/** Everything else (pages, skus, keywords), drawn as the actions run, in whatever order they get there. */
const random = seeded(SEED + 1);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

// ------------------------------------------------------------------ recording

interface CallStats {
  latencies: number[];
  errors: number;
  outcomes: Map<string, number>;
}

class Recorder {
  readonly calls = new Map<string, CallStats>();
  /** Off during the warm-up. */
  on = false;

  private stats(type: string): CallStats {
    let stats = this.calls.get(type);
    if (!stats) this.calls.set(type, (stats = { latencies: [], errors: 0, outcomes: new Map() }));
    return stats;
  }

  ok(type: string, latency: number): void {
    if (this.on) this.stats(type).latencies.push(latency);
  }

  /** A non-2xx answer or no answer: `outcome` says which (status and error code, or the network error). */
  error(type: string, outcome: string): void {
    if (!this.on) return;
    const stats = this.stats(type);
    stats.errors += 1;
    stats.outcomes.set(outcome, (stats.outcomes.get(outcome) ?? 0) + 1);
  }
}

/** Thrown to end a shopper's sequence after a failed call (already recorded). */
class Failed extends Error {}

/** One browser: its cookies (the guest cart's), sent with every call. */
class Shopper {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;
  private readonly recorder: Recorder;

  constructor(base: string, recorder: Recorder) {
    this.base = base;
    this.recorder = recorder;
  }

  record(type: string, latency: number): void {
    this.recorder.ok(type, latency);
  }

  /**
   * One call; its latency counts from `from` (the arrival's due time for a shopper's first call) to
   * the last byte of the answer. `type` may depend on the answer (a page's cache status).
   */
  async call(
    type: string | ((response: Response) => string),
    path: string,
    body?: unknown,
    from = performance.now(),
  ): Promise<unknown> {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // The shop refuses cross-site POSTs: a browser sends its page's origin.
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', origin: this.base });
    let response: Response;
    let text: string;
    const name = typeof type === 'string' ? type : undefined;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      text = await response.text();
    } catch (error) {
      const outcome =
        error instanceof Error ? (error.name === 'TimeoutError' ? 'timeout' : error.message) : String(error);
      this.recorder.error(name ?? path, outcome);
      throw new Failed(`${path}: ${outcome}`);
    }
    const latency = performance.now() - from;
    const callType = name ?? (type as (r: Response) => string)(response);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const at = pair.indexOf('=');
      const deleted = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (deleted) this.cookies.delete(pair.slice(0, at).trim());
      else this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    if (response.status < 200 || response.status > 299) {
      let code = '';
      try {
        code = ` ${(JSON.parse(text) as { code?: string }).code ?? ''}`;
      } catch {
        /* an HTML error page */
      }
      this.recorder.error(callType, `${response.status}${code}`.trim());
      throw new Failed(`${path} answered ${response.status}${code}`);
    }
    this.record(callType, latency);
    return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  }
}

// ------------------------------------------------------------------ the shop's pages and goods

interface Catalogue {
  hot: { type: string; path: string }[];
  cold: { type: string; path: string }[];
  /** Parent products in listing order, for a listing page's price call. */
  skus: string[];
  /** Products that a guest can put in a cart (checked during the warm-up), with ample stock. */
  buyable: string[];
  keywords: { locale: string; keyword: string }[];
}

const pageType = (path: string) => (/\/p\/\d+\//.test(path) ? 'product' : /\/c\//.test(path) ? 'category' : 'other');
const HOMES = ['/', '/en', '/fr', '/es', '/it'];

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function catalogue(shopUrl: string, client: pg.Client): Promise<Catalogue> {
  const pages = shuffle(
    (await sitemapPaths(shopUrl))
      .filter((p) => pageType(p) !== 'other')
      .map((path) => ({ type: pageType(path), path })),
  );
  // Pages of every locale; a quarter of the hot ones are categories (few, and each visited often).
  const categories = pages.filter((p) => p.type === 'category');
  const products = pages.filter((p) => p.type === 'product');
  const hot = [...categories.slice(0, HOT_PAGES / 4), ...products.slice(0, (3 * HOT_PAGES) / 4)];
  const hotPaths = new Set(hot.map((p) => p.path));
  const cold = pages.filter((p) => !hotPaths.has(p.path));
  const skuRows = parseRows(
    z.object({ sku: z.string() }),
    resultRows(await client.query(`select sku from products where is_active and parent_id is null order by id desc`)),
  );
  // Simple products in stock: what a checkout can buy (the warm-up keeps those a cart takes). Stock is raised so ten minutes of orders never empty it.
  const buyableRows = parseRows(
    z.object({ sku: z.string(), id: z.number() }),
    resultRows(
      await client.query(`
    select p.sku, p.id from products p join stock s on s.product_id = p.id
    where p.is_active and p.parent_id is null and s.effective_stock > 0
      and not exists (select 1 from products v where v.parent_id = p.id)
    order by p.id limit 60`),
    ),
  );
  await client.query(`update stock set effective_stock = 10000000 where product_id = any($1::int[])`, [
    buyableRows.map((r) => r.id),
  ]);
  const some = skuRows.slice(0, 6).map((r) => r.sku);
  const keywords = [
    ...[
      'bohr',
      'schraube',
      'hammer',
      'säge',
      'saege',
      'Bohrmaschine',
      'zange',
      'bohrmashine',
      'schraubendreer',
      'akku',
    ].map((keyword) => ({ locale: 'de', keyword })),
    ...['drill', 'cordless impact', 'hamer', 'screw'].map((keyword) => ({ locale: 'en', keyword })),
    ...['perceuse', 'vis'].map((keyword) => ({ locale: 'fr', keyword })),
    ...some.map((keyword) => ({ locale: 'de', keyword })),
  ];
  return { hot, cold, skus: skuRows.map((r) => r.sku), buyable: buyableRows.map((r) => r.sku), keywords };
}

// ------------------------------------------------------------------ the mix

type Action = (shopper: Shopper, due: number) => Promise<void>;

function mix(goods: Catalogue): { name: string; share: number; run: Action }[] {
  let nextCold = 0;
  const page = (type: string) => (r: Response) => {
    const cache = r.headers.get('x-astro-cache');
    return `page: ${type}, ${cache === 'HIT' || cache === 'STALE' ? 'cache hit' : 'rendered (miss)'}`;
  };
  const browse: Action = async (s, due) => {
    const roll = random();
    if (roll < 0.1) {
      await s.call(page('home'), pick(HOMES), undefined, due);
      return;
    }
    const cold = random() < COLD_SHARE && nextCold < goods.cold.length;
    const target = cold ? goods.cold[nextCold++]! : pick(goods.hot);
    await s.call(page(target.type), target.path, undefined, due);
  };
  const prices: Action = async (s, due) => {
    const count = between(20, 40);
    const start = between(0, Math.max(0, goods.skus.length - count));
    await s.call(
      'POST /api/catalog/prices (20-40 skus)',
      '/api/catalog/prices',
      { skus: goods.skus.slice(start, start + count) },
      due,
    );
  };
  const searchOverlay: Action = async (s, due) => {
    const { locale, keyword } = pick(goods.keywords);
    await s.call(
      'POST /api/catalog/search, overlay (12)',
      '/api/catalog/search',
      { locale, keyword, limit: 12, offset: 0, excludePrices: true, pricesLazyLoad: true },
      due,
    );
  };
  const searchPage: Action = async (s, due) => {
    const { locale, keyword } = pick(goods.keywords);
    await s.call(
      'POST /api/catalog/search, search page (24 + facets)',
      '/api/catalog/search',
      {
        locale,
        keyword,
        filters: [],
        sort: pick(['relevance', 'relevance', 'price-up', 'latest']),
        limit: 24,
        offset: 0,
        loadFilters: true,
        excludePrices: true,
        pricesLazyLoad: true,
      },
      due,
    );
  };
  const addToCart: Action = async (s, due) => {
    await s.call('POST /api/cart/create', '/api/cart/create', {}, due);
    await s.call('POST /api/cart/add', '/api/cart/add', { sku: pick(goods.buyable), quantity: between(1, 5) });
  };
  type CartAnswer = { cart: { id: string; version: number; pricesHash: string } };
  const order: Action = async (s, due) => {
    const started = due;
    let { cart } = (await s.call(
      'POST /api/cart/add',
      '/api/cart/add',
      { sku: pick(goods.buyable), quantity: between(1, 5) },
      due,
    )) as CartAnswer;
    if (random() < 0.5)
      ({ cart } = (await s.call('POST /api/cart/add', '/api/cart/add', {
        sku: pick(goods.buyable),
        quantity: between(1, 3),
        version: cart.version,
      })) as CartAnswer);
    const address = {
      firstName: 'Erika',
      lastName: 'Mustermann',
      company: 'Werkzeug GmbH',
      street: 'Hauptstraße 5',
      city: 'Stuttgart',
      postalCode: '70173',
      country: 'DE',
    };
    ({ cart } = (await s.call('POST /api/checkout/update', '/api/checkout/update', {
      version: cart.version,
      shippingAddress: address,
    })) as CartAnswer);
    await s.call('POST /api/checkout/shipping-methods', '/api/checkout/shipping-methods', {});
    ({ cart } = (await s.call('POST /api/checkout/update', '/api/checkout/update', {
      version: cart.version,
      shippingMethod: { methodCode: 'standard' },
    })) as CartAnswer);
    const email = `load-${Math.floor(random() * 1e9)}@example.com`;
    ({ cart } = (await s.call('POST /api/checkout/update', '/api/checkout/update', {
      version: cart.version,
      billingAddress: { ...address, email },
    })) as CartAnswer);
    await s.call('POST /api/orders/create (invoice)', '/api/orders/create', {
      idempotencyKey: crypto.randomUUID(),
      cartId: cart.id,
      cart: { version: cart.version, pricesHash: cart.pricesHash },
      paymentMethodCode: 'invoice',
    });
    s.record('guest checkout, whole (arrival to order created)', performance.now() - started);
  };
  return [
    { name: 'browse: a page (10 % home, then category and product pages)', share: 0.58, run: browse },
    { name: 'price list of a listing page', share: 0.15, run: prices },
    { name: 'search overlay', share: 0.09, run: searchOverlay },
    { name: 'search page', share: 0.05, run: searchPage },
    { name: 'add to cart (guest: cart create + add)', share: 0.09, run: addToCart },
    {
      name: 'guest checkout to an order on invoice (1-2 adds, address, shipping methods, method, billing, create)',
      share: 0.04,
      run: order,
    },
  ];
}

// ------------------------------------------------------------------ the open loop

interface Driven {
  arrivals: Map<string, number>;
  maxLagMs: number;
  maxInFlight: number;
  seconds: number;
}

/** Starts RATE actions a second for `seconds`, each on its due time, whatever the earlier ones do. */
async function drive(
  shopUrl: string,
  recorder: Recorder,
  actions: ReturnType<typeof mix>,
  forSeconds: number,
): Promise<Driven> {
  const total = Math.round(RATE * forSeconds);
  // In the mix's own order, for the report.
  const arrivals = new Map<string, number>(actions.map((a) => [a.name, 0]));
  const inFlight = new Set<Promise<void>>();
  let maxLagMs = 0;
  let maxInFlight = 0;
  const start = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxLagMs = Math.max(maxLagMs, performance.now() - due);
    let roll = nextArrival();
    const action = actions.find((a) => (roll -= a.share) < 0) ?? actions.at(-1)!;
    arrivals.set(action.name, (arrivals.get(action.name) ?? 0) + 1);
    // From its due time, or from when it left if the timer fired a little early.
    const running: Promise<void> = action
      .run(new Shopper(shopUrl, recorder), Math.min(due, performance.now()))
      .catch((error: unknown) => {
        if (!(error instanceof Failed))
          recorder.error(action.name, error instanceof Error ? error.message : String(error));
      })
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
    maxInFlight = Math.max(maxInFlight, inFlight.size);
  }
  await Promise.all(inFlight);
  return { arrivals, maxLagMs, maxInFlight, seconds: (performance.now() - start) / 1000 };
}

// ------------------------------------------------------------------ the server's memory and CPU

interface Memory {
  rssMiB: number;
  heapMiB: number | undefined;
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function memoryOf(pid: number, probeFile: string): Memory {
  return { rssMiB: processMemory(pid).rssMiB, heapMiB: readHeapProbe(probeFile)?.usedMiB };
}

// ------------------------------------------------------------------ run

const loadAtStart = load1();
await buildIfStale(OUT_DIR);
const stops: (() => Promise<void>)[] = [];
const recorder = new Recorder();
const dataDir = resolve(root, DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const probeFile = resolve(dataDir, 'heap-probe.json');
rmSync(probeFile, { force: true });
let report: string;
try {
  const postgres = await startPostgres();
  stops.push(() => postgres.stop());
  const seedStarted = performance.now();
  const seeding = await openMigrated(parseEnv({ DATABASE_URL: postgres.url, DATA_DIR }));
  await seedIfEmpty(seeding, PRODUCTS);
  await seeding.close();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  stops.push(() => client.end());
  const count = async (query: string) => parseRows(z.object({ n: int8 }), resultRows(await client.query(query)))[0]!.n;
  const productRows = await count('select count(*) as n from products');

  const port = PORT ?? (await freePort());
  const shop = await startShop(
    { DATABASE_URL: postgres.url, DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}`, ...heapProbeEnv(probeFile) },
    { port, outDir: OUT_DIR },
  );
  stops.push(() => shop.stop());
  const pid = shop.child.pid!;
  console.log(`shop ${shop.url} (pid ${pid}) on PostgreSQL, ${productRows} product rows; warming up`);

  // Warm-up: the indexes (first search and price call), the sitemaps, the hot pages, the buyable
  // products (one add each), then the mix itself at full rate, none of it recorded.
  const warmer = new Shopper(shop.url, recorder);
  for (const [path, body] of [
    ['/api/catalog/search', { keyword: 'bohr', limit: 1 }],
    ['/api/catalog/prices', { skus: ['-'] }],
  ] as const) {
    // The measured run will count such failures; here they only must not stop the bench.
    await warmer.call('warm', path, body).catch((error: unknown) => console.warn(`warm-up: ${String(error)}`));
  }
  const goods = await catalogue(shop.url, client);
  console.log(
    `${goods.hot.length} hot pages, ${goods.cold.length} others in the sitemaps; checking ${goods.buyable.length} products for the cart`,
  );
  const buyable: string[] = [];
  for (const sku of goods.buyable) {
    if (
      await new Shopper(shop.url, recorder).call('warm', '/api/cart/add', { sku, quantity: 1 }).then(
        () => true,
        () => false,
      )
    )
      buyable.push(sku);
  }
  if (buyable.length === 0) throw new Error('no product could be put in a cart');
  goods.buyable = buyable;
  console.log(`${buyable.length} products can be bought; rendering the hot pages`);
  for (let i = 0; i < goods.hot.length; i += 4) {
    await Promise.all(goods.hot.slice(i, i + 4).map((p) => warmer.call('warm', p.path).catch(() => undefined)));
  }
  for (const home of HOMES) await warmer.call('warm', home);
  const actions = mix(goods);
  console.log(`${WARMUP_S} s of the mix as a warm-up, then ${DURATION_S} s measured`);
  await drive(shop.url, recorder, actions, WARMUP_S);
  const ordersBefore = await count('select count(*) as n from orders');

  // The measured run, with the server's memory read every 2 s.
  const atStart = memoryOf(pid, probeFile);
  const samples: Memory[] = [atStart];
  const sampler = setInterval(() => samples.push(memoryOf(pid, probeFile)), 2000);
  const cpuAtStart = cpuSeconds(pid);
  const loadAtRunStart = load1();
  recorder.on = true;
  const driven = await drive(shop.url, recorder, actions, DURATION_S);
  recorder.on = false;
  clearInterval(sampler);
  const cpu = cpuSeconds(pid) - cpuAtStart;
  const atEnd = memoryOf(pid, probeFile);
  samples.push(atEnd);
  const loadAtRunEnd = load1();
  const ordersMade = (await count('select count(*) as n from orders')) - ordersBefore;
  report = figures({
    driven,
    samples,
    atStart,
    atEnd,
    cpu,
    ordersMade,
    productRows,
    seedSeconds,
    loadAtRunStart,
    loadAtRunEnd,
    hwmMiB: processMemory(pid).hwmMiB,
    shopOutput: shop.output(),
  });
} finally {
  while (stops.length > 0) await stops.pop()!().catch((error: unknown) => console.error(error));
}

// ------------------------------------------------------------------ report

interface Outcome {
  driven: Driven;
  samples: Memory[];
  atStart: Memory;
  atEnd: Memory;
  cpu: number;
  ordersMade: number;
  productRows: number;
  seedSeconds: number;
  loadAtRunStart: string;
  loadAtRunEnd: string;
  hwmMiB: number;
  shopOutput: string;
}

function figures(o: Outcome): string {
  // Pages, then the API calls, then the whole checkout.
  const rank = (type: string) => (type.startsWith('page') ? 0 : type.startsWith('POST') ? 1 : 2);
  const calls = [...recorder.calls].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  let errors = 0;
  const callRows = calls.map(([type, s]) => {
    errors += s.errors;
    const sorted = [...s.latencies].sort((a, b) => a - b);
    const at = (p: number) => (sorted.length > 0 ? ms(percentile(sorted, p)) : '–');
    const outcomes = [...s.outcomes].map(([what, n]) => `${n} × ${what}`).join(', ');
    return `| ${type} | ${sorted.length + s.errors} | ${at(50)} | ${at(95)} | ${at(99)} | ${sorted.length > 0 ? ms(sorted.at(-1)!) : '–'} | ${s.errors}${outcomes ? ` (${outcomes})` : ''} |`;
  });
  const httpCalls = calls
    .filter(([type]) => !type.startsWith('guest checkout'))
    .reduce((n, [, s]) => n + s.latencies.length + s.errors, 0);
  const arrivals = [...o.driven.arrivals.values()].reduce((a, b) => a + b, 0);
  const mixRows = [...o.driven.arrivals].map(
    ([name, n]) => `| ${name} | ${n} | ${((100 * n) / arrivals).toFixed(1)} % |`,
  );
  const rss = o.samples.map((m) => m.rssMiB);
  const heaps = o.samples.map((m) => m.heapMiB).filter((h): h is number => h !== undefined);
  // Heap used saws up and down with every GC; its lowest point in a minute is about the live data.
  const perMinute = 30; // samples every 2 s
  const floor = (values: number[]) => (values.length > 0 ? Math.min(...values) : undefined);
  const tenths = Array.from({ length: 11 }, (_, k) => rss[Math.floor((k * (rss.length - 1)) / 10)]!.toFixed(0));
  const growth = (from: number, to: number) => `${to >= from ? '+' : ''}${((100 * (to - from)) / from).toFixed(1)} %`;
  const mib = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(0));
  const rssGrowth = (o.atEnd.rssMiB - o.atStart.rssMiB) / o.atStart.rssMiB;
  const heapGrowth =
    o.atStart.heapMiB && o.atEnd.heapMiB ? (o.atEnd.heapMiB - o.atStart.heapMiB) / o.atStart.heapMiB : 0;
  const finding =
    rssGrowth > 0.1 || heapGrowth > 0.1
      ? `**Finding:** the server's ${rssGrowth > 0.1 ? `RSS grew by ${growth(o.atStart.rssMiB, o.atEnd.rssMiB)}` : ''}${rssGrowth > 0.1 && heapGrowth > 0.1 ? ' and its ' : ''}${heapGrowth > 0.1 ? `heap by ${growth(o.atStart.heapMiB!, o.atEnd.heapMiB!)}` : ''} from start to end (more than 10 %).`
      : 'Memory: RSS and heap grew by less than 10 % from start to end.';
  // What the page cache gained: each page nobody had asked for stays in it, gzipped and brotli-compressed
  // (about 18 + 14 KB for a product page, section "Transfer size per page type").
  const rendered = calls.filter(([type]) => type.includes('rendered')).reduce((n, [, s]) => n + s.latencies.length, 0);
  const cacheNote = `During the run the shop rendered ${rendered} pages nobody had asked for before and keeps them in its page cache
(PAGE_CACHE_MB, 256 MiB by default): at about 32 KB a page (gzip and brotli copies) some ${((rendered * 32) / 1024).toFixed(0)} MiB of the growth is expected.`;
  const minutes =
    DURATION_S >= 60 ? `${(DURATION_S / 60).toFixed(DURATION_S % 60 === 0 ? 0 : 1)} min` : `${DURATION_S} s`;
  const section = `${TITLE}

\`npm run bench:load\` (bench/mixed-load.ts). The built shop (\`${OUT_DIR}\`, scripts/serve.ts as \`npm start\` runs it,
\`RATE_LIMIT_SCALE=0\`: one machine plays every client) on a throwaway PostgreSQL 15 cluster (tests/helpers/postgres.ts, fsync
off; the shop's pool of 10), seeded with the demo shop of ${PRODUCTS.toLocaleString('en')} products (${o.productRows.toLocaleString('en')} product rows,
variants included, 5 locales; migrations and seed ${o.seedSeconds.toFixed(0)} s). The load generator is the bench process on the same
two cores (fetch, keep-alive), as is PostgreSQL. **Open loop**: ${RATE} shoppers' actions a second arrive on a fixed schedule whether or not
earlier ones have finished, so a slow server shows up as latency, not as a lower rate; an action's first call is timed
from its due time, the later calls of a checkout from when they were sent (they wait for the one before, as a browser
does). Actions drawn at random (seeded: the same sequence of arrivals every run) in this mix:

| action | arrivals | share |
| --- | ---: | ---: |
${mixRows.join('\n')}

Page views go to ${HOT_PAGES} pages (a quarter of them category pages, the rest product pages, all locales, shuffled from the
sitemaps) rendered during the warm-up, so they are page-cache hits, or (${(COLD_SHARE * 100).toFixed(0)} % of the non-home views) to the next page of
the sitemaps nobody asked for yet, which the shop renders (MISS); "cache hit" includes STALE. The price list asks for 20-40
consecutive skus of the newest-first catalogue; searches pick from German, English and French words, typos and item numbers; the
search page asks with facets. Checkouts buy simple products in stock (stock raised before the run) as a guest: cart add
(creates the cart), sometimes a second add, shipping address, shipping methods, method, billing address with e-mail,
then \`POST /api/orders/create\` on invoice. Every POST carries the shop's Origin. An error is any answer outside 2xx or
no answer within ${CALL_TIMEOUT_MS / 1000} s (target: 0). Warm-up before the clock: the indexes, the hot pages, one add per
buyable product, then ${WARMUP_S} s of the same mix, not counted. One ${minutes} run (a 10-minute run is not repeated to
take a median, unlike the other sections).

Machine: ${machine()}. Date: ${today()}.
Load average (1 min) at the bench's start / the run's start / its end: ${loadAtStart} / ${o.loadAtRunStart} / ${o.loadAtRunEnd}${Number(o.loadAtRunStart) > 4 ? ' (the machine was shared with other work: latencies are upper bounds)' : ''}.

| call | count | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | errors |
| --- | ---: | ---: | ---: | ---: | ---: | --- |
${callRows.join('\n')}

${arrivals.toLocaleString('en')} actions in ${o.driven.seconds.toFixed(0)} s (${(arrivals / o.driven.seconds).toFixed(1)} a second), ${httpCalls.toLocaleString('en')} HTTP calls
(${(httpCalls / o.driven.seconds).toFixed(1)} a second), ${errors} errors; orders written to the database during the run: ${o.ordersMade}.
Most actions in flight at once: ${o.driven.maxInFlight}; the generator itself started an action at most ${o.driven.maxLagMs.toFixed(0)} ms after
its due time (counted in that action's latency).
The shop's process used ${o.cpu.toFixed(0)} s of CPU (${((100 * o.cpu) / o.driven.seconds).toFixed(0)} % of one core).

| server memory (MiB) | after warm-up | end | max during the run | growth start to end |
| --- | ---: | ---: | ---: | ---: |
| RSS (VmRSS; peak since start, VmHWM: ${mib(o.hwmMiB)}) | ${mib(o.atStart.rssMiB)} | ${mib(o.atEnd.rssMiB)} | ${mib(Math.max(...rss))} | ${growth(o.atStart.rssMiB, o.atEnd.rssMiB)} |
| V8 heap used | ${mib(o.atStart.heapMiB)} | ${mib(o.atEnd.heapMiB)} | ${mib(heaps.length > 0 ? Math.max(...heaps) : undefined)} | ${o.atStart.heapMiB && o.atEnd.heapMiB ? growth(o.atStart.heapMiB, o.atEnd.heapMiB) : '–'} |
| V8 heap used, lowest in the first / last minute (about the live data) | ${mib(floor(heaps.slice(0, perMinute)))} | ${mib(floor(heaps.slice(-perMinute)))} | | |

RSS (MiB) at every tenth of the run: ${tenths.join(' → ')}.

${finding}
${cacheNote}
`;
  const errorsInLog = o.shopOutput
    .split('\n')
    .filter((line) => /"level":(50|60)|error/i.test(line))
    .slice(0, 10);
  if (errorsInLog.length > 0) console.log(`server log, first error lines:\n${errorsInLog.join('\n')}`);
  return section;
}

console.log(report);
if (reportEnabled() && DURATION_S === REPORT_SECONDS) {
  writeSection(TITLE, report);
  console.log('BENCHMARKS.md updated');
} else {
  console.log(
    `BENCHMARKS.md left alone (${DURATION_S === REPORT_SECONDS ? 'BENCH_REPORT=0' : `DURATION is not ${REPORT_SECONDS / 60} minutes`})`,
  );
}
