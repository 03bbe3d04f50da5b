// Facet counts of the filter sidebar: each value counts the parent products in the
// scope that have it (themselves or through a variant), and a facet's own selection is left out of
// its counts. listFacets counts all facets without a selection of their own in one query; this
// suite holds it to the plain definition, one query per facet.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Filter } from '#lib/catalog/contract.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { listFacets } = await import('#lib/server/catalog/listing.ts');
const { filterCodes } = await import('#lib/server/catalog/filter-settings.ts');
const search = await import('#lib/server/catalog/search.ts');

type Counts = Record<string, Record<string, number>>;

/** Per facet: parents in scope (category subtree or ids) that match every other facet's selection. */
async function reference(
  scope: { categoryId?: number; productIds?: number[]; filters: Filter[] },
  codes: string[],
): Promise<Counts> {
  const result: Counts = {};
  for (const code of codes) {
    const others = scope.filters.filter((f) => f.name !== code && f.values.length > 0);
    const rows = await raw.rows<{ value: string; count: number }>(
      await db.getDb(),
      sql`
      select pa.value, count(distinct p.id)::int as count
      from products p join products v on (v.id = p.id or v.parent_id = p.id)
      join product_attributes pa on pa.product_id = v.id and pa.attribute_code = ${code}
      where p.is_active and p.parent_id is null
        ${
          scope.categoryId !== undefined
            ? sql`and exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
          join categories root on root.id = ${scope.categoryId}
          where pc.product_id = p.id and (c.id_path = root.id_path or c.id_path like root.id_path || '/%'))`
            : sql``
        }
        ${scope.productIds !== undefined ? (scope.productIds.length > 0 ? sql`and p.id in ${scope.productIds}` : sql`and false`) : sql``}
        ${sql.join(
          others.map(
            (f) => sql`and exists (select 1 from product_attributes fa join products fv on fv.id = fa.product_id
          where (fv.id = p.id or fv.parent_id = p.id) and fa.attribute_code = ${f.name} and fa.value in ${f.values})`,
          ),
          sql` `,
        )}
      group by pa.value`,
    );
    if (rows.length > 0) result[code] = Object.fromEntries(rows.map((r) => [r.value, Number(r.count)]));
  }
  return result;
}

async function facetCounts(
  scope: { categoryId?: number; productIds?: number[]; filters: Filter[] },
  codes: string[],
): Promise<Counts> {
  const facets = await listFacets(scope, codes, 'de');
  return Object.fromEntries(facets.map((f) => [f.id, Object.fromEntries(f.options.map((o) => [o.value, o.count]))]));
}

let codes: string[] = [];

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 300 });
  codes = await filterCodes();
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('listFacets', () => {
  test('counts every facet of a category like one query per facet, with and without selections', async () => {
    expect(codes.length).toBeGreaterThan(1);
    const some = await raw.rows<{ code: string; value: string }>(
      await db.getDb(),
      sql`
      select attribute_code as code, min(value) as value from product_attributes
      where attribute_code in ${codes} group by attribute_code order by attribute_code limit 2`,
    );
    const selections: Filter[][] = [
      [],
      [{ name: some[0]!.code, values: [some[0]!.value] }],
      some.map((s) => ({ name: s.code, values: [s.value] })),
      [{ name: some[0]!.code, values: [] }],
    ];
    for (const categoryId of [1, 2, 5]) {
      for (const filters of selections) {
        const scope = { categoryId, filters };
        expect(await facetCounts(scope, codes), JSON.stringify(scope)).toEqual(await reference(scope, codes));
      }
    }
  });

  test('counts the facets of a keyword search scope like one query per facet', async () => {
    const productIds = (await search.searchProductIds('mm', 'de')).listed;
    expect(productIds.length).toBeGreaterThan(10);
    const [first] = await raw.rows<{ code: string; value: string }>(
      await db.getDb(),
      sql`
      select attribute_code as code, value from product_attributes where attribute_code in ${codes} and product_id = any(${`{${productIds.join(',')}}`}::int[]) limit 1`,
    );
    for (const filters of [[], [{ name: first!.code, values: [first!.value] }]]) {
      const scope = { productIds, filters };
      expect(await facetCounts(scope, codes)).toEqual(await reference(scope, codes));
    }
    expect(await facetCounts({ productIds: [], filters: [] }, codes)).toEqual({});
  });
});
