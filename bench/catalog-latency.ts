// Price-list and search latency on a large catalogue, through the same server modules the API
// endpoints call. Uses the database in DATA_DIR (or DATABASE_URL); an empty one is seeded first.
//
//   DATA_DIR=.data/bench100k BENCH_PRODUCTS=100000 npm run bench:catalog
import { loadavg } from 'node:os';
import { database } from '../src/lib/server/db/index.ts';
import { isDatabaseEmpty, seedDemoData } from '../src/lib/server/demo/index.ts';
import { priceList } from '../src/lib/server/catalog/prices.ts';
import { searchHits, searchProductIds } from '../src/lib/server/catalog/search.ts';
import { listProducts } from '../src/lib/server/catalog/listing.ts';
import { productCards } from '../src/lib/server/catalog/products.ts';
import { products } from '../src/lib/server/db/schema.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 50);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

const db = await database();
await db.migrate();
if (await isDatabaseEmpty(db.db)) {
  console.log(`seeding ${PRODUCTS} products...`);
  await seedDemoData(db.db, { products: PRODUCTS, onProgress: (m) => console.log(m) });
}
const all = await db.db.select({ sku: products.sku, itemnum: products.itemnum }).from(products);
console.log(`${all.length} product rows`);

// Deterministic picks spread over the catalogue, so caches do not flatter the figures.
const pick = (i: number) => all[(i * 7919) % all.length]!;

async function measure(fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up
  const runs: { p50: number; p99: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    const latencies: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await fn(r * REQUESTS + i);
      latencies.push(performance.now() - start);
    }
    latencies.sort((a, b) => a - b);
    runs.push({ p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
  }
  return { p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) };
}

const guest = { currency: 'EUR', pricesVisible: true };
const loadAtStart = loadavg()[0]!.toFixed(1);
const scenarios: [string, (i: number) => Promise<unknown>][] = [
  ['price list, 24 skus (one listing page)', (i) => priceList(Array.from({ length: 24 }, (_, k) => pick(i * 24 + k).sku), guest)],
  ['search, exact sku (overlay: ids + 12 hits)', async (i) => searchHits((await searchProductIds(pick(i).sku, 'de')).ids.slice(0, 12), 'de')],
  ['search, exact item number', async (i) => searchHits((await searchProductIds(pick(i).itemnum, 'de')).ids.slice(0, 12), 'de')],
  ['search, contains "bohr" (overlay)', async () => searchHits((await searchProductIds('bohr', 'de')).ids.slice(0, 12), 'de')],
  ['search, contains "schraube" (overlay)', async () => searchHits((await searchProductIds('schraube', 'de')).ids.slice(0, 12), 'de')],
  ['category listing, 10 newest of a top category', () => listProducts({ categoryId: 1, filters: [], locale: 'de', sort: 'latest', limit: 10, offset: 0 })],
  ['product cards, 24 ids', (i) => productCards(Array.from({ length: 24 }, (_, k) => ((i * 24 + k) % all.length) + 1), 'de')],
];

const rows: string[] = [];
for (const [name, fn] of scenarios) {
  const { p50, p99 } = await measure(fn);
  console.log(`${name.padEnd(48)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
  rows.push(`| ${name} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);
}

const title = '## Catalogue: price list and search';
writeSection(title, `${title}

\`npm run bench:catalog\` (bench/catalog-latency.ts): the server modules behind /api/catalog/prices,
/api/catalog/search and /api/catalog/products, in process, on the ${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} database
with ${all.length.toLocaleString('en')} product rows (variants included) from the demo generator. ${REQUESTS} sequential
requests per run, median of ${RUNS} runs' p50 and p99.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end: ${loadAtStart} / ${loadavg()[0]!.toFixed(1)}.

| operation | p50 (ms) | p99 (ms) |
| --- | ---: | ---: |
${rows.join('\n')}
`);
await db.close();
console.log('BENCHMARKS.md updated');
