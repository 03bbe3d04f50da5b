// The in-memory facet index against the SQL reference (listing-sql.ts), property-based: fast-check
// generates catalogues (which products are listed, variants, categories, attribute values, public
// prices in two currencies, creation times with ties), writes them into a real database, and asks
// both for random listings: category or search hits, filters (repeated attributes and unknown values
// included), every sort order, pages anywhere. Then the live index of the shop follows random changes
// (published product and category changes, price and stock changes announced only by the database's
// notices) and must still agree.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Filter } from '#lib/catalog/contract.ts';
import type { FacetIndex, ListingSort } from '#lib/server/catalog/facet-index.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { filterCodes } = await import('#lib/server/catalog/filter-settings.ts');
const { buildFacetIndex, facetIndex } = await import('#lib/server/catalog/facet-index-store.ts');
const listingSql = await import('#lib/server/catalog/listing-sql.ts');
const { publish } = await import('#lib/server/publish/events.ts');

/** Products whose rows the generator rewrites; the first PARENTS are never variants. */
const PRODUCTS = 40;
const PARENTS = 8;

let productIds: number[] = [];
let categories: { id: number; parentId: number | null; idPath: string }[] = [];
let codes: string[] = [];
/** Per filterable code: values the seed uses, and one nobody has. */
let valuePool: Record<string, string[]> = {};

interface GeneratedProduct {
  active: boolean;
  parent: number | null;
  categories: number[];
  values: [string, string][];
  eur: number | null;
  gbp: number | null;
  created: number;
}

const productArb = (index: number) =>
  fc.record({
    active: fc.boolean().map((b) => b || index % 3 !== 0),
    parent: index < PARENTS ? fc.constant(null) : fc.option(fc.nat(PARENTS - 1), { freq: 3 }),
    categories: fc.subarray(
      categories.map((c) => c.id),
      { maxLength: 3 },
    ),
    values: fc.subarray(
      codes.flatMap((code) => valuePool[code]!.map((value): [string, string] => [code, value])),
      { maxLength: 6 },
    ),
    // Few distinct prices and days, so sorting meets ties.
    eur: fc.option(fc.integer({ min: 1, max: 6 }).map((n) => n * 500)),
    gbp: fc.option(fc.integer({ min: 1, max: 6 }).map((n) => n * 400)),
    created: fc.nat(4),
  });

const catalogueArb = () => fc.tuple(...Array.from({ length: PRODUCTS }, (_, i) => productArb(i)));

const filterArb = () =>
  fc
    .constantFrom(...codes)
    .chain((name) => fc.record({ name: fc.constant(name), values: fc.subarray(valuePool[name]!, { maxLength: 3 }) }));

interface Query {
  categoryId: number | undefined;
  productIds: number[] | undefined;
  filters: Filter[];
  sort: ListingSort;
  currency: string;
  limit: number;
  offset: number;
}

const queryArb = (): fc.Arbitrary<Query> =>
  fc.record({
    categoryId: fc.option(fc.constantFrom(...categories.map((c) => c.id), 999_999), { nil: undefined }),
    productIds: fc.option(fc.shuffledSubarray(productIds), { nil: undefined, freq: 3 }),
    filters: fc.array(filterArb(), { maxLength: 3 }),
    sort: fc.constantFrom<ListingSort>('newest', 'price-up', 'price-down', 'relevance'),
    currency: fc.constantFrom('EUR', 'GBP'),
    limit: fc.integer({ min: 1, max: 12 }),
    offset: fc.nat(25),
  });

/** Writes the generated catalogue over the products' rows, as an import would (without publishing). */
async function writeCatalogue(products: readonly GeneratedProduct[], ids = productIds): Promise<void> {
  const d = await db.getDb();
  const rows = products.map((p, i) => ({
    ...p,
    id: ids[i]!,
    parent: p.parent === null ? null : productIds[p.parent]!,
  }));
  const json = JSON.stringify(rows);
  const list = `{${rows.map((r) => r.id).join(',')}}`;
  await d.transaction(async (tx) => {
    await tx.execute(sql`update products p set is_active = r.active, parent_id = r.parent,
      created_at = timestamp '2026-01-01' + r.created * interval '1 day'
      from json_to_recordset(${json}::json) as r(id int, active boolean, parent int, created int) where p.id = r.id`);
    await tx.execute(sql`delete from product_categories where product_id = any(${list}::int[])`);
    await tx.execute(sql`insert into product_categories (product_id, category_id)
      select r.id, c::int from json_to_recordset(${json}::json) as r(id int, categories json), json_array_elements_text(r.categories) c`);
    await tx.execute(
      sql`delete from product_attributes where product_id = any(${list}::int[]) and attribute_code in ${codes}`,
    );
    await tx.execute(sql`insert into product_attributes (product_id, attribute_code, value)
      select r.id, v->>0, v->>1 from json_to_recordset(${json}::json) as r(id int, values json), json_array_elements(r.values) v
      on conflict do nothing`);
    await tx.execute(sql`delete from prices where product_id = any(${list}::int[])
      and price_list_id = (select id from price_lists where code = 'base')`);
    await tx.execute(sql`insert into prices (price_list_id, product_id, currency, regular_cents)
      select (select id from price_lists where code = 'base'), r.id, cur, cents
      from json_to_recordset(${json}::json) as r(id int, eur int, gbp int),
        lateral (values ('EUR', r.eur), ('GBP', r.gbp)) as x(cur, cents) where cents is not null`);
  });
}

type Answer = { count: number; ids: number[]; facets: Record<string, Record<string, number>> };

const plain = (counts: Map<string, Map<string, number>>) =>
  Object.fromEntries([...counts].map(([code, values]) => [code, Object.fromEntries([...values].sort())]));

function fromIndex(index: FacetIndex, q: Query): Answer {
  const { count, ids } = index.page(q, q.sort, q.currency, q.limit, q.offset);
  return { count, ids, facets: plain(index.facetCounts(q, codes)) };
}

async function fromSql(q: Query): Promise<Answer> {
  const d = await db.getDb();
  return {
    count: await listingSql.countListedSql(d, q),
    ids: await listingSql.pageIdsSql(d, q, q),
    facets: plain(await listingSql.facetCountsSql(d, q, codes)),
  };
}

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 60 });
  const d = await db.getDb();
  codes = await filterCodes();
  productIds = (await raw.rows<{ id: number }>(d, sql`select id from products order by id limit ${PRODUCTS}`)).map(
    (r) => Number(r.id),
  );
  categories = await raw.rows(
    d,
    sql`select id, parent_id as "parentId", id_path as "idPath" from categories order by id`,
  );
  const used = await raw.rows<{ code: string; values: string[] }>(
    d,
    sql`select attribute_code as code, array_agg(distinct value) as values from product_attributes
    where attribute_code in ${codes} group by 1`,
  );
  valuePool = Object.fromEntries(
    codes.map((code) => [code, [...(used.find((u) => u.code === code)?.values ?? []).slice(0, 4), 'none-such']]),
  );
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('the facet index answers like the SQL reference', () => {
  test('on generated catalogues, for random listings', async () => {
    expect(codes.length).toBeGreaterThan(2);
    await fc.assert(
      fc.asyncProperty(
        catalogueArb(),
        fc.array(queryArb(), { minLength: 10, maxLength: 10 }),
        async (catalogue, queries) => {
          await writeCatalogue(catalogue);
          const index = await buildFacetIndex(await db.getDb());
          for (const q of queries) expect(fromIndex(index, q), JSON.stringify(q)).toEqual(await fromSql(q));
        },
      ),
      { numRuns: 20 },
    );
  }, 300_000);

  test('while following published changes and price and stock notices', async () => {
    const database = await db.database();
    const d = database.db;
    const leaves = categories.filter((c) => !categories.some((o) => o.parentId === c.id));
    const changeArb = fc.oneof(
      // Products rewritten and published, as an import does.
      fc
        .shuffledSubarray(productIds, { minLength: 1, maxLength: 6 })
        .chain((ids) =>
          fc.tuple(
            fc.constant('products' as const),
            fc.constant(ids),
            fc.tuple(...ids.map((id) => productArb(productIds.indexOf(id)))),
          ),
        ),
      // A price changed by a hand-written UPDATE: only the database's notice tells.
      fc.tuple(fc.constant('price' as const), fc.constantFrom(...productIds), fc.integer({ min: 1, max: 9 })),
      // Stock sold: the notice names the product, whose listing does not change.
      fc.tuple(fc.constant('stock' as const), fc.constantFrom(...productIds), fc.nat(5)),
      // A leaf category moved under another category, published.
      fc.tuple(
        fc.constant('move' as const),
        fc.constantFrom(...leaves.map((c) => c.id)),
        fc.constantFrom(...categories.map((c) => c.id)),
      ),
    );
    await facetIndex();
    await fc.assert(
      fc.asyncProperty(
        fc.array(changeArb, { minLength: 1, maxLength: 4 }),
        fc.array(queryArb(), { minLength: 6, maxLength: 6 }),
        async (changes, queries) => {
          for (const change of changes) {
            if (change[0] === 'products') {
              const [, ids, generated] = change;
              // Parents stay parents: the generated catalogue's variants point at them.
              await writeCatalogue(
                generated.map((g, i) => ({ ...g, parent: productIds.indexOf(ids[i]!) < PARENTS ? null : g.parent })),
                ids,
              );
              await publish(database, { products: ids }, { source: 'import' });
            } else if (change[0] === 'price') {
              const [, id, factor] = change;
              await d.execute(
                sql`update prices set regular_cents = ${factor * 450} where product_id = ${id} and currency = 'EUR'`,
              );
            } else if (change[0] === 'stock') {
              const [, id, amount] = change;
              await d.execute(sql`update stock set effective_stock = ${amount} where product_id = ${id}`);
            } else {
              const [, id, parentId] = change;
              const [parent] = await raw.rows<{ idPath: string }>(
                d,
                sql`select id_path as "idPath" from categories where id = ${parentId}`,
              );
              if (parent!.idPath.split('/').includes(String(id))) continue;
              await d.execute(
                sql`update categories set parent_id = ${parentId}, id_path = ${`${parent!.idPath}/${id}`} where id = ${id}`,
              );
              await publish(database, { categories: [id] }, { source: 'import' });
            }
          }
          for (const q of queries) {
            const expected = await fromSql(q);
            // Notices arrive after the statement that raised them: wait for the index to have them.
            await expect.poll(async () => fromIndex(await facetIndex(), q), { timeout: 5_000 }).toEqual(expected);
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);

  test('a variant moved to a parent read first through that parent leaves its old parent too', async () => {
    // Found by the property above (seed -2023734562): the new parent's price notice read the moved
    // variant into it, so the variant's own notice no longer led to the old parent, which kept its values.
    const d = await db.getDb();
    const [oldParent, newParent, variant] = [productIds[0]!, productIds[1]!, productIds[PARENTS]!];
    const marker = { name: codes[0]!, values: ['moved-variant-value'] };
    const q: Query = {
      categoryId: undefined,
      productIds: undefined,
      filters: [marker],
      sort: 'newest',
      currency: 'EUR',
      limit: 12,
      offset: 0,
    };
    await d.execute(
      sql`update products set is_active = true, parent_id = null where id in (${oldParent}, ${newParent})`,
    );
    await d.execute(sql`update products set is_active = true, parent_id = ${oldParent} where id = ${variant}`);
    await d.execute(sql`insert into product_attributes (product_id, attribute_code, value)
      values (${variant}, ${marker.name}, ${marker.values[0]}) on conflict do nothing`);
    await publish(await db.database(), { products: [oldParent, newParent, variant] }, { source: 'import' });
    await expect.poll(async () => fromIndex(await facetIndex(), q).ids).toEqual([oldParent]);

    // One transaction, the new parent's price first: its notice arrives first, and reading the new
    // parent again finds the variant there before the variant's own notice is read.
    await d.transaction(async (tx) => {
      await tx.execute(sql`update prices set regular_cents = regular_cents + 1 where product_id = ${newParent}`);
      await tx.execute(sql`update products set parent_id = ${newParent} where id = ${variant}`);
    });
    expect(await fromSql(q)).toMatchObject({ ids: [newParent] });
    await expect.poll(async () => fromIndex(await facetIndex(), q), { timeout: 5_000 }).toEqual(await fromSql(q));
  });
});
