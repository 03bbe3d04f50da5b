// Listings and facet counts in SQL: the reference the in-memory facet index (facet-index.ts) is
// tested against, and what answers when a listing asks for attributes the index does not hold.
// Category and filters are one INTERSECT of product id sets: as nested `IN (subquery)` conditions the
// planner, misjudging their sizes, rescanned the products once per id (3 filters on a top category of
// 100,000 products: 6 s; as an intersection: about 0.1 s).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import { rows, specialCentsNow } from '../db/index.ts';
import type { Db } from '../db/client.ts';
import type { FacetScope } from './facet-index.ts';

const CountRow = z.object({ count: z.number() });
const IdRow = z.object({ id: z.number() });
const FacetCountRow = z.object({ code: z.string(), value: z.string(), count: z.number() });

/** Empty filter lists are dropped before they reach a query. */
const activeFilters = (scope: FacetScope) => scope.filters.filter((f) => f.values.length > 0);

function scopeCondition(scope: FacetScope, skipFilter?: string): SQL {
  const parts: SQL[] = [sql`p.is_active and p.parent_id is null`];
  const sets: SQL[] = [];
  if (scope.categoryId !== undefined) {
    sets.push(sql`(select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
      join categories root on root.id = ${scope.categoryId}
      where c.id_path = root.id_path or c.id_path like root.id_path || '/%')`);
  }
  for (const filter of activeFilters(scope)) {
    if (filter.name === skipFilter) continue;
    // A product matches when it or one of its variants has a chosen value: the variant stands for its parent.
    sets.push(sql`(select coalesce(v.parent_id, v.id) from product_attributes pa join products v on v.id = pa.product_id
      where pa.attribute_code = ${filter.name} and pa.value in ${filter.values})`);
  }
  if (sets.length > 0) parts.push(sql`p.id in (${sql.join(sets, sql` intersect `)})`);
  if (scope.productIds !== undefined) {
    // One array parameter rather than one per id: hundreds of ids would otherwise slow planning.
    parts.push(scope.productIds.length > 0 ? sql`p.id = any(${`{${scope.productIds.join(',')}}`}::int[])` : sql`false`);
  }
  return sql.join(parts, sql` and `);
}

function orderBy(sort: string, currency: string, productIds?: number[]): SQL {
  // Price order uses the public price list: a listing is the same for everybody, so it can be cached.
  const price = sql`(select coalesce(${specialCentsNow('pr')}, pr.regular_cents) from prices pr
    join price_lists pl on pl.id = pr.price_list_id and pl.code = 'base'
    where pr.product_id = p.id and pr.currency = ${currency})`;
  if (sort === 'price-up') return sql`${price} asc nulls last, p.id asc`;
  if (sort === 'price-down') return sql`${price} desc nulls last, p.id asc`;
  // A keyword search hands over its hits best first: 'relevance' keeps that order.
  if (sort === 'relevance' && productIds !== undefined)
    return sql`array_position(${`{${productIds.join(',')}}`}::int[], p.id), p.id`;
  return sql`p.created_at desc, p.id desc`;
}

export async function countListedSql(db: Db, scope: FacetScope): Promise<number> {
  const [row] = await rows(
    db,
    CountRow,
    sql`select count(*)::int as count from products p where ${scopeCondition(scope)}`,
  );
  return row?.count ?? 0;
}

export async function pageIdsSql(
  db: Db,
  scope: FacetScope,
  page: { sort: string; currency: string; limit: number; offset: number },
): Promise<number[]> {
  const found = await rows(
    db,
    IdRow,
    sql`select p.id from products p where ${scopeCondition(scope)}
      order by ${orderBy(page.sort, page.currency, scope.productIds)} limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((r) => r.id);
}

/** The same answer as FacetIndex.facetCounts. */
export async function facetCountsSql(
  db: Db,
  scope: FacetScope,
  codes: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  // A facet with a selection of its own is counted without that selection; all the others share
  // one scope, so they are counted together in one query.
  const own = new Set(activeFilters(scope).map((f) => f.name));
  const groups: { codes: string[]; skip?: string }[] = [
    { codes: codes.filter((c) => !own.has(c)) },
    ...codes.filter((c) => own.has(c)).map((c) => ({ codes: [c], skip: c })),
  ].filter((g) => g.codes.length > 0);
  // A value counts the listed products that have it themselves or through a variant.
  const counted = await Promise.all(
    groups.map((g) =>
      rows(
        db,
        FacetCountRow,
        sql`
      select pa.attribute_code as code, pa.value, count(distinct coalesce(v.parent_id, v.id))::int as count
      from product_attributes pa join products v on v.id = pa.product_id
      where pa.attribute_code in ${g.codes}
        and coalesce(v.parent_id, v.id) in (select p.id from products p where ${scopeCondition(scope, g.skip)})
      group by pa.attribute_code, pa.value`,
      ),
    ),
  );
  const result = new Map<string, Map<string, number>>(codes.map((c) => [c, new Map()]));
  for (const row of counted.flat()) result.get(row.code)?.set(row.value, row.count);
  return result;
}
