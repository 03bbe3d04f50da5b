// Prometheus metrics (prom-client): what an operator needs to see the shop is healthy and fast, read
// at /metrics (scripts/lib/metrics-endpoint.ts: on METRICS_PORT, or behind METRICS_TOKEN).
// The server front and the bundled app are separate module graphs that both record here, so the
// registry and its metrics live on globalThis under a registered symbol and are made once.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; from a cached page (well under a millisecond) to a slow first render. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A value read when Prometheus scrapes, or one per label value (e.g. outbox deliveries by state). */
type Sample = number | Record<string, number>;
type Sampler = () => Sample | Promise<Sample>;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'storefront_' });
  /** Gauges read at scrape time, by name: made once, their sampler replaced when registered again. */
  const sampled = new Map<string, { gauge: Gauge<string>; sample: Sampler }>();
  return {
    registry,
    sampled,
    /** Every request, by who answered it: the front from the page cache, static files, a front route, or the app. */
    requests: new Histogram({
      name: 'storefront_http_request_duration_seconds',
      help: 'Request durations by handler (page-cache, static, front-route, redirect, app), method and status',
      labelNames: ['handler', 'method', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    /** What the app renders or answers, by route pattern: the render time of pages. */
    routes: new Histogram({
      name: 'storefront_route_duration_seconds',
      help: 'Time the app took per route pattern (a page render, an API call), by method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    pageCache: new Counter({
      name: 'storefront_page_cache_total',
      help: 'Page cache outcomes: hit, stale (answered while re-rendering), miss (rendered), evicted',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    publishLag: new Histogram({
      name: 'storefront_publish_lag_seconds',
      help: 'From a change being published to this instance having dropped the pages it touched',
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    jobs: new Histogram({
      name: 'storefront_job_duration_seconds',
      help: 'Background job runs (payment recovery, order expiry, webhook delivery passes) by outcome',
      labelNames: ['job', 'outcome'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    queries: new Histogram({
      name: 'storefront_db_query_duration_seconds',
      help: 'Database statements sent outside a transaction, by database kind',
      labelNames: ['kind'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    indexBuilds: new Histogram({
      name: 'storefront_index_build_seconds',
      help: 'Builds of the in-memory indexes (prices, search)',
      labelNames: ['index'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;
const KEY = Symbol.for('storefront.metrics');
const holder = globalThis as typeof globalThis & { [KEY]?: Metrics };

export function metrics(): Metrics {
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/**
 * A gauge whose value is read at every scrape (the page store's size, the database pool, the outbox):
 * `sample` returns a number, or numbers by the value of `label`. A sampler that fails (the database is
 * down) leaves the gauge empty for that scrape; readiness says why.
 */
export function gaugeOnScrape(name: string, help: string, sample: Sampler, label = 'state'): void {
  const { registry, sampled } = metrics();
  const known = sampled.get(name);
  if (known) {
    known.sample = sample;
    return;
  }
  const entry = {
    sample,
    gauge: new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        this.reset();
        let value: Sample;
        try {
          value = await entry.sample();
        } catch {
          return;
        }
        if (typeof value === 'number') this.set(value);
        else for (const [key, n] of Object.entries(value)) this.set({ [label]: key }, n);
      },
    }),
  };
  sampled.set(name, entry);
}

/** Times `work` into a histogram with `labels`, adding `outcome` ok or failed when asked to. */
export async function timed<T>(
  histogram: Histogram<string>,
  labels: Record<string, string>,
  work: () => Promise<T>,
  withOutcome = false,
): Promise<T> {
  const end = histogram.startTimer(labels);
  try {
    const result = await work();
    end(withOutcome ? { outcome: 'ok' } : {});
    return result;
  } catch (error) {
    end(withOutcome ? { outcome: 'failed' } : {});
    throw error;
  }
}

/** The exposition Prometheus reads. */
export async function exposition(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
