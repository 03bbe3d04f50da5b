// The mixed load of the rolling-restart test and benchmark, sent through Varnish: readers GET catalogue
// pages (page-cache hits in Varnish or at the instances), a listing's price call (POST, never cached),
// and guest shoppers filling carts and ordering on invoice (./load.ts, which keeps the ledger of what
// the shop acknowledged). Every call is logged with its time and outcome, so a test can demand that
// none failed and a benchmark can compare a restart window with a steady one.
import { sql } from 'drizzle-orm';
import type { Db } from '#lib/server/db/client.ts';
import { rows } from '../helpers/raw-rows.ts';
import { startTopology, type Restart, type Topology } from '../helpers/topology.ts';
import { raiseStock } from './checks.ts';
import { newLedger, shopWhile, type Ledger } from './load.ts';

export interface Call {
  /** 'page', 'prices', or the path of a shopper's write (/api/cart/add, /api/orders/create, ...). */
  type: string;
  /** performance.now() when it was sent. */
  startedAt: number;
  ms: number;
  /** 0: no answer (connection refused or reset). */
  status: number;
}

export interface LoadShape {
  readers: number;
  pricers: number;
  shoppers: number;
  /** A reader's or pricer's pause between two calls. */
  thinkMs: number;
}

/** A call failed when it got no answer or anything but 2xx/3xx (a 503 from Varnish included). */
export const failed = (call: Call) => call.status < 200 || call.status > 399;

/** The catalogue the load reads: page paths from the sitemaps, skus of active products. */
export interface LoadTargets {
  pages: string[];
  skus: string[];
}

/** Category and product pages of every locale from the sitemaps, and the home pages. */
async function sitemapPages(base: string): Promise<string[]> {
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = ['/', '/en', '/fr'];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await fetch(`${base}${new URL(sitemap!).pathname}`)).text();
    for (const [, loc] of xml.matchAll(/<url><loc>([^<]+)<\/loc>/g)) paths.push(new URL(loc!).pathname);
  }
  return paths.filter((p) => p === '/' || /^\/(en|fr)$|\/(c|p)\//.test(p));
}

export async function loadTargets(base: string, db: Db, pages = 60): Promise<LoadTargets> {
  const all = await sitemapPages(base);
  const found = await rows<{ sku: string }>(
    db,
    sql`SELECT sku FROM products WHERE is_active AND parent_id IS NULL ORDER BY id LIMIT 200`,
  );
  // Spread over the sitemaps, so every locale and page type is read.
  const step = Math.max(1, Math.floor(all.length / pages));
  return { pages: all.filter((_, i) => i % step === 0).slice(0, pages), skus: found.map((r) => r.sku) };
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One call; any answer is logged with its status, a refused or reset connection as 0. */
async function timed(log: Call[], type: string, send: () => Promise<Response>): Promise<void> {
  const startedAt = performance.now();
  let status = 0;
  try {
    const response = await send();
    await response.arrayBuffer();
    status = response.status;
  } catch {
    /* no answer: status 0 */
  }
  log.push({ type, startedAt, ms: performance.now() - startedAt, status });
}

/**
 * Runs the load against `base` (Varnish) until `keepGoing()` turns false and every worker has
 * finished its call; appends every call to `log`, and the shoppers' writes to `ledger` too.
 */
export async function runMixedLoad(
  base: string,
  targets: LoadTargets,
  shape: LoadShape,
  ledger: Ledger,
  log: Call[],
  keepGoing: () => boolean,
): Promise<void> {
  ledger.observe = (call) => log.push({ type: call.path, startedAt: call.startedAt, ms: call.ms, status: call.status });
  const readers = Array.from({ length: shape.readers }, async () => {
    while (keepGoing()) {
      await timed(log, 'page', () => fetch(`${base}${pick(targets.pages)}`, { redirect: 'manual' }));
      await pause(shape.thinkMs);
    }
  });
  const pricers = Array.from({ length: shape.pricers }, async () => {
    while (keepGoing()) {
      const first = Math.floor(Math.random() * Math.max(1, targets.skus.length - 24));
      await timed(log, 'prices', () =>
        fetch(`${base}/api/catalog/prices`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ skus: targets.skus.slice(first, first + 24) }),
        }),
      );
      await pause(shape.thinkMs);
    }
  });
  await Promise.all([...readers, ...pricers, shopWhile(base, ledger, shape.shoppers, keepGoing)]);
}

export interface RestartedUnderLoad {
  topology: Topology;
  db: Db;
  ledger: Ledger;
  log: Call[];
  restarts: Restart[];
}

/**
 * The two-instance topology (PostgreSQL, two shops, Varnish) under the mixed load: stock raised, the
 * load started, `restart` run while it goes on (it restarts instances and returns what happened),
 * the load stopped, then `outcome` reads the result before everything stops. Shared by the
 * rolling-restart test and bench.
 */
export async function restartUnderLoad<T>(
  options: { outDir: string; drainMs: number; shape: LoadShape },
  restart: (topology: Topology) => Promise<Restart[]>,
  outcome: (run: RestartedUnderLoad) => Promise<T>,
): Promise<T> {
  const topology = await startTopology({
    outDir: options.outDir,
    drainMs: options.drainMs,
    // One machine plays every client: no per-client budgets, no cap on a guest's open orders.
    env: { RATE_LIMIT_SCALE: '0', GUEST_OPEN_ORDERS_MAX: '0' },
  });
  try {
    const { db } = topology.database;
    await raiseStock(db);
    const base = topology.varnish.url;
    const targets = await loadTargets(base, db);
    const ledger = newLedger();
    const log: Call[] = [];
    let running = true;
    const load = runMixedLoad(base, targets, options.shape, ledger, log, () => running);
    let restarts: Restart[];
    try {
      restarts = await restart(topology);
    } finally {
      running = false;
      await load;
    }
    return await outcome({ topology, db, ledger, log, restarts });
  } finally {
    await topology.stop();
  }
}
