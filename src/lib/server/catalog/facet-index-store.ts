// Where the facet index comes from and how it stays current. It is built from the database on first
// use (readiness waits for it) and then follows two streams, like the search and price indexes:
// publish events name the products (with their parents) and categories every catalogue writer
// changed, and the price notices of migration 0007 name products whose prices or stock changed,
// whoever wrote them. A publish of everything, or of the attributes setting (which decides what is
// filterable), rebuilds it.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { database, int8, rows } from '../db/index.ts';
import type { Database, Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { LiveIndex, indexPerDatabase, putAllInBatches } from '../live-index.ts';
import { onPublished, tags } from '../publish/index.ts';
import { FacetIndex, type IndexedListing } from './facet-index.ts';
import { filterCodes } from './filter-settings.ts';

const PRICE_CHANNEL = 'storefront_prices';
/** Products read per query while building. */
const BATCH = 5_000;
const ATTRIBUTES_SETTING = tags.content('setting', 'attributes', 'all');

const ParentRow = z.object({ id: z.number(), created: int8 });
const PairRow = z.object({ id: z.number(), of: z.number() });
const ValueRow = z.object({ id: z.number(), code: z.string(), value: z.string() });
const PriceRow = z.object({
  id: z.number(),
  currency: z.string(),
  regular: z.number(),
  special: z.number().nullable(),
  until: z.string().nullable(),
});
const CategoryRow = z.object({ id: z.number(), idPath: z.string() });

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
const textArray = (texts: readonly string[]) =>
  `{${texts.map((t) => `"${t.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/**
 * Listed products (active parents) with id above `after` (a batch of the build), or exactly `ids`.
 * One query per table with an id list, joined here: correlated subqueries per product were fine for
 * a change of a few products and took minutes for a build of 100,000.
 */
async function readListings(
  db: Db,
  codes: readonly string[],
  where: { after: number } | { ids: number[] },
): Promise<IndexedListing[]> {
  const filter = 'ids' in where ? sql`id = any(${idArray(where.ids)}::int[])` : sql`id > ${where.after}`;
  const parents = await rows(
    db,
    ParentRow,
    sql`select id, (extract(epoch from created_at) * 1000000)::bigint as created from products
    where is_active and parent_id is null and ${filter} order by id ${'after' in where ? sql`limit ${BATCH}` : sql``}`,
  );
  if (parents.length === 0) return [];
  const ids = idArray(parents.map((p) => p.id));
  const [categories, variants, prices] = await Promise.all([
    rows(
      db,
      PairRow,
      sql`select product_id as of, category_id as id from product_categories where product_id = any(${ids}::int[])`,
    ),
    rows(db, PairRow, sql`select id, parent_id as of from products where parent_id = any(${ids}::int[])`),
    rows(
      db,
      PriceRow,
      // With the special's last day: the index sorts by the price of the day it is asked on.
      sql`select pr.product_id as id, pr.currency, pr.regular_cents as regular, pr.special_cents as special,
        pr.special_until::text as until
      from prices pr join price_lists pl on pl.id = pr.price_list_id and pl.code = 'base'
      where pr.product_id = any(${ids}::int[])`,
    ),
  ]);
  const owner = new Map<number, number>(parents.map((p) => [p.id, p.id]));
  for (const v of variants) owner.set(v.id, v.of);
  const values = await rows(
    db,
    ValueRow,
    sql`select product_id as id, attribute_code as code, value from product_attributes
    where attribute_code = any(${textArray(codes)}::text[]) and product_id = any(${idArray([...owner.keys()])}::int[])`,
  );
  const listings = new Map<number, IndexedListing>(
    parents.map((p) => [p.id, { id: p.id, created: p.created, categories: [], variants: [], values: [], prices: {} }]),
  );
  for (const c of categories) listings.get(c.of)!.categories.push(c.id);
  for (const v of variants) listings.get(v.of)!.variants.push(v.id);
  for (const p of prices)
    listings.get(p.id)!.prices[p.currency] = { regular: p.regular, special: p.special, specialUntil: p.until };
  for (const v of values) listings.get(owner.get(v.id)!)!.values.push({ code: v.code, value: v.value });
  // In a stable order, so a product read again unchanged compares equal (FacetIndex.put skips it).
  for (const listing of listings.values()) {
    listing.categories.sort((a, b) => a - b);
    listing.variants.sort((a, b) => a - b);
    listing.values.sort((a, b) => a.code.localeCompare(b.code) || a.value.localeCompare(b.value));
  }
  return [...listings.values()];
}

async function readCategories(db: Db, index: FacetIndex): Promise<void> {
  index.setCategories(await rows(db, CategoryRow, sql`select id, id_path as "idPath" from categories`));
}

/** @internal Test seam: the whole index of a database, read afresh (what an instance builds on first use). */
export async function buildFacetIndex(db: Db): Promise<FacetIndex> {
  const started = performance.now();
  const index = new FacetIndex(await filterCodes());
  const codes = [...index.codes];
  await putAllInBatches(
    (after) => readListings(db, codes, { after }),
    BATCH,
    (batch) => index.put(batch),
  );
  await readCategories(db, index);
  logger.info({ products: index.size, ms: Math.round(performance.now() - started) }, 'facet index built');
  return index;
}

/**
 * Reads again the listed products that `ids` name, themselves or as their variants (before and
 * after the change: a variant may have moved to another parent, or a product become a variant).
 * A product read again may have gained a variant that another listed product still holds (its move
 * was read first through the new parent, e.g. on a price notice of that parent): the product that
 * held it is read again too, or it would keep the variant's values for good.
 */
async function reread(db: Db, index: FacetIndex, ids: number[]): Promise<void> {
  const parents = await rows(
    db,
    z.object({ id: z.number() }),
    sql`select coalesce(parent_id, id) as id from products where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const owners = new Set<number>();
  const found: IndexedListing[] = [];
  let pending = [...new Set([...index.ownersOf(ids), ...ids, ...parents.map((p) => p.id)])];
  while (pending.length > 0) {
    for (const id of pending) owners.add(id);
    const read = await readListings(db, [...index.codes], { ids: pending });
    found.push(...read);
    pending = [...new Set(index.ownersOf(read.flatMap((l) => l.variants)))].filter((id) => !owners.has(id));
  }
  const listed = new Set(found.map((l) => l.id));
  index.remove([...owners].filter((id) => !listed.has(id)));
  index.put(found);
}

const numbered = (tagList: readonly string[], prefix: string): number[] =>
  tagList
    .filter((t) => t.startsWith(prefix))
    .map((t) => Number(t.slice(prefix.length)))
    .filter(Number.isSafeInteger);

/** The facet index of one database, following its publish events and price notices. */
async function followedIndex(database: Database): Promise<LiveIndex<FacetIndex>> {
  const { db } = database;
  const live = new LiveIndex('facets', () => buildFacetIndex(db));
  await database.listen(
    PRICE_CHANNEL,
    (payload) => {
      if (payload === '*') return live.rebuild();
      const ids = payload.split(',').map(Number).filter(Number.isSafeInteger);
      if (ids.length > 0) void live.change((index) => reread(db, index, ids));
    },
    () => {
      logger.info('price notices may have been missed while reconnecting: rebuilding the facet index');
      live.rebuild();
    },
  );
  onPublished(async (invalidation) => {
    if (invalidation.all || invalidation.tags.includes(ATTRIBUTES_SETTING)) return live.rebuild();
    const products = numbered(invalidation.tags, 'p:');
    const categories = numbered(invalidation.tags, 'c:');
    if (products.length === 0 && categories.length === 0) return;
    // Resolves once the index has the change: a listing asked for after a publish returned shows it.
    await live.change(async (index) => {
      if (products.length > 0) await reread(db, index, products);
      if (categories.length > 0) await readCategories(db, index);
    });
  });
  return live;
}

const indexOf = indexPerDatabase(followedIndex);

/** The facet index of the shop's database, built on first use. */
export async function facetIndex(): Promise<FacetIndex> {
  return (await indexOf(await database())).get();
}
