// Where the search index comes from and how it stays current: built from the database on the first
// search (and in the background at start), then kept in step by publish events, which every writer
// of the catalogue raises (seed, webhook, imports) and every instance receives. A product's event
// reloads that product; a category's reloads the category names; "everything" rebuilds on the next
// search. The event's handler finishes only when the index has the change, so a search that starts
// after a publish has returned finds the new names.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { getDb, int8, rows } from '../db/index.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { LiveIndex, indexPerDatabase, putAllInBatches } from '../live-index.ts';
import { onPublished } from '../publish/index.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import { SearchIndex, type IndexedCategory, type IndexedProduct } from './search-index.ts';

/** Products read per query while building: bounds the memory a build holds in rows at once. */
const BATCH = 10_000;

const ProductRow = z
  .object({
    id: z.number(),
    parent_id: z.number().nullable(),
    itemnum: z.string(),
    sku: z.string(),
    codes: z.array(z.string()),
    original_id: z.number().nullable(),
    created: int8,
    categories: z.array(z.number()).nullable(),
    names: z.record(z.string(), z.string()).nullable(),
  })
  .transform((r): IndexedProduct => ({
    id: r.id,
    parentId: r.parent_id,
    itemnum: r.itemnum,
    sku: r.sku,
    codes: r.codes,
    originalId: r.original_id,
    created: r.created,
    categories: r.categories ?? [],
    names: r.names ?? {},
  }));

const CategoryRow = z.object({
  id: z.number(),
  locale: z.string(),
  name: z.string(),
  slugPath: z.string(),
  searchName: z.string(),
}) satisfies z.ZodType<IndexedCategory & { locale: string }>;

/** Active products with id above `after` (a batch of the build), or exactly `ids` (an update). */
async function readProducts(db: Db, where: { after: number } | { ids: number[] }): Promise<IndexedProduct[]> {
  const filter = 'ids' in where ? sql`p.id = any(${`{${where.ids.join(',')}}`}::int[])` : sql`p.id > ${where.after}`;
  return rows(
    db,
    ProductRow,
    sql`
    select p.id, p.parent_id, p.itemnum, p.sku, array_remove(array[p.gtin, p.manufacturer_pid], null) as codes, p.original_id,
      (extract(epoch from p.created_at) * 1000000)::bigint as created,
      array(select pc.category_id from product_categories pc where pc.product_id = p.id) as categories,
      (select json_object_agg(s.locale, s.search_name) from product_search s where s.product_id = p.id) as names
    from products p where p.is_active and ${filter}
    order by p.id ${'after' in where ? sql`limit ${BATCH}` : sql``}`,
  );
}

async function readCategories(db: Db, index: SearchIndex): Promise<void> {
  const found = await rows(
    db,
    CategoryRow,
    sql`
    select ct.category_id as id, ct.locale, ct.name, ct.slug_path as "slugPath", ct.search_name as "searchName"
    from category_translations ct order by ct.category_id`,
  );
  for (const locale of LOCALES) {
    index.setCategories(
      locale,
      found.filter((c) => c.locale === locale),
    );
  }
}

/** @internal Test seam: the whole index of a database, read afresh (what an instance builds on first use). */
export async function buildSearchIndex(db: Db): Promise<SearchIndex> {
  const started = performance.now();
  const index = new SearchIndex();
  await putAllInBatches(
    (after) => readProducts(db, { after }),
    BATCH,
    (batch) => index.put(batch),
  );
  await readCategories(db, index);
  logger.info({ products: index.size, ms: Math.round(performance.now() - started) }, 'search index built');
  return index;
}

/** The ids a set of cache tags names: p:<id> for products, c:<id> for categories. */
function changedIds(tags: readonly string[], prefix: 'p:' | 'c:'): number[] {
  return tags
    .filter((t) => t.startsWith(prefix))
    .map((t) => Number(t.slice(prefix.length)))
    .filter(Number.isSafeInteger);
}

/** The search index of one database, following its publish events. */
function followedIndex(db: Db): LiveIndex<SearchIndex> {
  const live = new LiveIndex('search', () => buildSearchIndex(db));
  onPublished(async (invalidation) => {
    if (invalidation.all) return live.rebuild();
    const products = changedIds(invalidation.tags, 'p:');
    const categories = changedIds(invalidation.tags, 'c:');
    if (products.length === 0 && categories.length === 0) return;
    await live.change(async (index) => {
      if (products.length > 0) {
        const found = await readProducts(db, { ids: products });
        const active = new Set(found.map((p) => p.id));
        index.remove(products.filter((id) => !active.has(id)));
        index.put(found);
      }
      if (categories.length > 0) await readCategories(db, index);
    });
  });
  return live;
}

const indexOf = indexPerDatabase(followedIndex);

/** The search index of the shop's database, built on first use. */
export async function searchIndex(): Promise<SearchIndex> {
  return indexOf(await getDb()).get();
}
