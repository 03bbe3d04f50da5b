// Price-list and search latency on a large catalogue, through the same server modules the API
// endpoints call. Uses the database in DATA_DIR (or DATABASE_URL); an empty one is seeded first.
//
//   DATA_DIR=.data/bench100k BENCH_PRODUCTS=100000 npm run bench:catalog
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { rows as queryRows } from '../src/lib/server/db/sql.ts';
import { seededCatalogue } from './lib/catalogue-database.ts';
import { priceList } from '../src/lib/server/catalog/prices.ts';
import { POST as searchEndpoint } from '../src/pages/api/catalog/search.ts';
import { SEARCH_MAX_HITS } from '../src/lib/server/catalog/search.ts';
import { listFacets, listProducts } from '../src/lib/server/catalog/listing.ts';
import { filterCodes } from '../src/lib/server/catalog/filter-settings.ts';
import { FILTER_LIMITS } from '../src/lib/catalog/listing.ts';
import { productCards } from '../src/lib/server/catalog/products.ts';
import { myItems } from '../src/lib/server/catalog/my-items.ts';
import { bulkCartRoutes } from '../src/lib/server/cart/bulk.ts';
import type { CartDeps } from '../src/lib/server/cart/index.ts';
import { publishBus } from '../src/lib/server/publish/bus.ts';
import { products } from '../src/lib/server/db/schema.ts';
import { machine, median, percentile, writeSection } from './lib/report.ts';

// The endpoints are called in process, all as one client without an address: the per-client request
// budgets (src/lib/server/client-budget.ts) would measure their 429 (the
// configuration is read on first use, after this).
process.env.RATE_LIMIT_SCALE ??= '0';

const RUNS = Number(process.env.RUNS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 50);

const db = await seededCatalogue();
const all = await db.db.select({ sku: products.sku, itemnum: products.itemnum }).from(products);
console.log(`${all.length} product rows`);

// Deterministic picks spread over the catalogue, so caches do not flatter the figures.
const pick = (i: number) => all[(i * 7919) % all.length]!;

/** `settle` runs after each request, untimed: what a request leaves behind must not land on the next one. */
async function measure(
  fn: (i: number) => Promise<unknown>,
  settle?: () => Promise<unknown>,
  requests = REQUESTS,
): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up
  const runs: { p50: number; p99: number }[] = [];
  for (let r = 0; r < RUNS; r++) {
    const latencies: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      await fn(r * requests + i);
      latencies.push(performance.now() - start);
      await settle?.();
    }
    latencies.sort((a, b) => a - b);
    runs.push({ p50: percentile(latencies, 50), p99: percentile(latencies, 99) });
  }
  return { p50: median(runs.map((r) => r.p50)), p99: median(runs.map((r) => r.p99)) };
}

const guest = { currency: 'EUR', pricesVisible: true };

/** The search endpoint's handler as a guest (no HTTP): the request the overlay or the search page sends. */
async function search(body: Record<string, unknown>): Promise<unknown> {
  const request = new Request('http://localhost/api/catalog/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ locale: 'de', ...body }),
  });
  const response = await searchEndpoint({ request, cookies: { get: () => undefined } } as unknown as Parameters<
    typeof searchEndpoint
  >[0]);
  const json = (await response.json()) as { data?: unknown[] };
  if (!Array.isArray(json.data)) throw new Error(`search failed: ${JSON.stringify(json)}`);
  return json;
}
const overlay = (keyword: string, offset = 0) => search({ keyword, limit: 12, offset });
const searchPage = (keyword: string) => search({ keyword, limit: 24, offset: 0, loadFilters: true });

// What the searched terms match, and whether the planner has statistics (PGlite runs no autovacuum).
const [facts] = await queryRows(
  db.db,
  z.object({ bohr: z.number(), schraube: z.number(), stats: z.number() }),
  sql`
  select (select count(*)::int from product_translations where locale = 'de' and name ilike '%bohr%') as bohr,
    (select count(*)::int from product_translations where locale = 'de' and name ilike '%schraube%') as schraube,
    (select count(*)::int from pg_stats where tablename = 'products') as stats`,
);

// My Items: a customer's own price list of 20,000 entries, made once in the bench database (before the
// price index is built, so the index knows its prices).
const MY_ITEMS_ENTRIES = 20_000;
const [benchList] = await queryRows(
  db.db,
  z.object({ id: z.number() }),
  sql`insert into price_lists (code, name) values ('bench-20k', 'Bench customer list')
  on conflict (code) do update set name = excluded.name returning id`,
);
await db.db.execute(sql`insert into prices (price_list_id, product_id, currency, regular_cents)
  select ${benchList!.id}, id, 'EUR', 500 + id % 20000 from products where is_active order by id limit ${MY_ITEMS_ENTRIES}
  on conflict do nothing`);
const customerList = { priceListId: benchList!.id, currency: 'EUR' };
const lastPage = Math.floor((MY_ITEMS_ENTRIES - 1) / 12);
const [topCategory] = await queryRows(
  db.db,
  z.object({ id: z.number() }),
  sql`select c.id from categories c where c.depth = 0 order by c.position, c.id limit 1`,
);

// Quick order: a customer on that list pastes 50 item numbers spread over the catalogue; the preview
// resolves them, then the good ones go into the cart in one request, through the endpoints' handlers.
const [buyer] = await queryRows(
  db.db,
  z.object({ id: z.string() }),
  sql`update customers set price_list_id = ${benchList!.id}
  where id = (select id from customers order by customernum limit 1) returning id`,
);
const bulkDeps: CartDeps = {
  db: async () => db.db,
  // The customer's id is its primary user's, an admin.
  shopper: async () => ({
    customerId: buyer!.id,
    user: { id: buyer!.id, role: 'admin' },
    currency: 'EUR',
    loggedIn: true,
  }),
  pricesVisible: async () => true,
  shopCurrency: () => 'EUR',
};
const bulk = bulkCartRoutes(bulkDeps);
const noCookies = { get: () => undefined, has: () => false, set: () => undefined, delete: () => undefined };
async function callBulk(
  route: (typeof bulk)['addMany'],
  path: string,
  body: unknown,
): Promise<{ lines?: { error: string | null; item: { sku: string } | null }[] }> {
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const response = await route({ request, url, cookies: noCookies } as unknown as Parameters<typeof route>[0]);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { lines?: { error: string | null; item: { sku: string } | null }[] };
}
const QUICK_LINES = 50;
const quickLines = (i: number) =>
  Array.from({ length: QUICK_LINES }, (_, k) => ({ ref: pick(i * QUICK_LINES + k).itemnum, quantity: 1 + (k % 3) }));
const addable = (
  await callBulk(bulk.resolveLines, '/api/cart/resolve-lines', { lines: quickLines(0), locale: 'de' })
).lines!.flatMap((line) => (line.error === null && line.item ? [{ sku: line.item.sku, quantity: 1 }] : []));
console.log(`quick order: ${addable.length} of ${QUICK_LINES} picked lines can be ordered`);

// Filtered listings of the top category: three attributes with three values each (a shopper's
// narrowing), and every filterable attribute with values chosen (the most one request can ask).
const filterValues = await queryRows(
  db.db,
  z.object({ code: z.string(), values: z.array(z.string()) }),
  sql`select attribute_code as code, array_agg(distinct value) as values
  from product_attributes where attribute_code in ${await filterCodes()} group by attribute_code order by attribute_code`,
);
const narrowing = filterValues.slice(0, 3).map(({ code, values }) => ({ name: code, values: values.slice(0, 3) }));
const everything = filterValues.map(({ code, values }) => ({
  name: code,
  values: values.slice(0, FILTER_LIMITS.values),
}));
const codes = await filterCodes();

const loadAtStart = loadavg()[0]!.toFixed(1);
/** Lets a background reload of the price list finish (about 400 ms, in chunks) before the next publish. */
const reloaded = () => new Promise((resolve) => setTimeout(resolve, 1000));

const scenarios: [string, (i: number) => Promise<unknown>, (() => Promise<unknown>)?, number?][] = [
  [
    'price list, 24 skus (one listing page)',
    (i) =>
      priceList(
        Array.from({ length: 24 }, (_, k) => pick(i * 24 + k).sku),
        guest,
      ),
  ],
  ['search overlay, exact sku (12 hits, count, categories)', (i) => overlay(pick(i).sku)],
  ['search overlay, exact item number', (i) => overlay(pick(i).itemnum)],
  ['search overlay, contains "bohr"', () => overlay('bohr')],
  ['search overlay, contains "bohr", next 12', () => overlay('bohr', 12)],
  ['search overlay, contains "schraube"', () => overlay('schraube')],
  ['search page, "bohr" (24 products, count, facets)', () => searchPage('bohr')],
  ['search page, "schraube"', () => searchPage('schraube')],
  [
    'category listing, 10 newest of a top category',
    () => listProducts({ categoryId: 1, filters: [], locale: 'de', sort: 'latest', limit: 10, offset: 0 }),
  ],
  [
    'category listing, top category, 3 filters × 3 values',
    () =>
      listProducts({
        categoryId: topCategory!.id,
        filters: narrowing,
        locale: 'de',
        sort: 'latest',
        limit: 20,
        offset: 0,
      }),
  ],
  // Seconds, not milliseconds, at this size: fewer requests a run.
  [
    'filter counts, top category, 3 filters × 3 values',
    () => listFacets({ categoryId: topCategory!.id, filters: narrowing }, codes, 'de'),
    undefined,
    10,
  ],
  // Over ten seconds a call on PGlite at 100,000 products (a query per chosen attribute): two a run.
  [
    `filter counts, top category, all ${everything.length} filters with values chosen`,
    () => listFacets({ categoryId: topCategory!.id, filters: everything }, codes, 'de'),
    undefined,
    2,
  ],
  [
    'product cards, 24 ids',
    (i) =>
      productCards(
        Array.from({ length: 24 }, (_, k) => ((i * 24 + k) % all.length) + 1),
        'de',
      ),
  ],
  [
    `My Items, first page of 12 and the count (${MY_ITEMS_ENTRIES.toLocaleString('en')}-entry price list)`,
    () => myItems(customerList, 'de', { limit: 12, offset: 0 }),
  ],
  [
    'My Items, a page spread over the list',
    (i) => myItems(customerList, 'de', { limit: 12, offset: ((i * 131) % (lastPage + 1)) * 12 }),
  ],
  [
    'My Items, first page right after a publish (the old list answers while it is read again)',
    async (i) => {
      await publishBus.emit({ id: `bench-${i}`, invalidation: { tags: ['products'] }, at: Date.now() });
      return myItems(customerList, 'de', { limit: 12, offset: 0 });
    },
    reloaded,
    20,
  ],
  [
    'My Items, filtered by text "bohr", sorted by price, highest first',
    () => myItems(customerList, 'de', { limit: 12, offset: 0 }, { q: 'bohr', category: null, sort: 'price-desc' }),
  ],
  [
    'My Items, one top category, sorted by item number',
    () => myItems(customerList, 'de', { limit: 12, offset: 0 }, { q: '', category: topCategory!.id, sort: 'itemnum' }),
  ],
  [
    `quick order preview, ${QUICK_LINES} pasted item numbers`,
    (i) => callBulk(bulk.resolveLines, '/api/cart/resolve-lines', { lines: quickLines(i), locale: 'de' }),
  ],
  [
    `quick order add, its ${addable.length} orderable lines in one request`,
    () => callBulk(bulk.addMany, '/api/cart/add-many', { lines: addable, locale: 'de' }),
  ],
];

const rows: string[] = [];
for (const [name, fn, settle, requests] of scenarios) {
  const { p50, p99 } = await measure(fn, settle, requests);
  console.log(`${name.padEnd(48)} p50 ${p50.toFixed(1)} ms  p99 ${p99.toFixed(1)} ms`);
  rows.push(`| ${name} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);
}

const title = '## Catalogue: price list and search';
writeSection(
  title,
  `${title}

\`npm run bench:catalog\` (bench/catalog-latency.ts): the server modules behind /api/catalog/prices and
/api/catalog/products, and the /api/catalog/search handler itself (as a guest, without HTTP), in process,
on the ${db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'} database with ${all.length.toLocaleString('en')} product rows (variants included) from the
demo generator${Number(facts?.stats) === 0 ? ' (as seeded: no planner statistics, as PGlite runs no autovacuum and nothing ran ANALYZE)' : ''}.
${REQUESTS} sequential requests per run, median of ${RUNS} runs' p50 and p99. A contains-search ranks its best
${SEARCH_MAX_HITS} hits (name matches by relevance, then item number and category matches) and reports more as "${SEARCH_MAX_HITS}+";
here "bohr" is in ${Number(facts?.bohr).toLocaleString('en')} German product names and "schraube" in ${Number(facts?.schraube).toLocaleString('en')}. The price list and
the keyword ranking are answered from the in-memory indexes (price-index.ts, search-index.ts; built before the
first run); the search page's product cards and facets, and the category listing's page query the database (a whole
category's count is kept until the next publish: the first listing after one pays about 150 ms to count it here).
The filtered rows narrow the first top category by attribute values that exist; "all filters" chooses up to
${FILTER_LIMITS.values} values of every filterable attribute at once, the most expensive request /api/catalog/filters accepts
(each attribute with a selection is counted in a query of its own).
My Items reads a customer price list of ${MY_ITEMS_ENTRIES.toLocaleString('en')} entries (made in the bench database) in name order once per
publish (about 400 ms here, in the background and in chunks of 500, so a request waits behind one chunk at most; until it is read, the list from before the publish answers; that
row is 20 requests a run, each after its own publish, with time for the reload between them), with what its text filter, category filter and three sort orders need, then a page is a scan of that
and its 12 products alone (src/lib/server/catalog/my-items.ts). The quick order rows call the endpoints'
handlers (src/lib/server/cart/bulk.ts) for a customer on that list: the preview of ${QUICK_LINES} item numbers spread
over the catalogue (each checked as a cart add checks it, priced from the index), and the add of those that
can be ordered, in one transaction, into a cart that grows by the same lines each request.

Machine: ${machine()}. Date: ${new Date().toISOString().slice(0, 10)}.
Load average (1 min) at start and end: ${loadAtStart} / ${loadavg()[0]!.toFixed(1)}.

| operation | p50 (ms) | p99 (ms) |
| --- | ---: | ---: |
${rows.join('\n')}
`,
);
await db.close();
console.log('BENCHMARKS.md updated');
