// Product listings: a category (and everything below it), filtered by attribute values, sorted,
// paged. Listings show parent products; a filter matches when the product or one of its variants
// has a chosen value.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import { rows, withStatementTimeout } from '../db/index.ts';
import type { Db } from '../db/client.ts';
import { publishedMemo } from '../publish/index.ts';
import { productCards } from './products.ts';
import { optionLabels } from './attributes.ts';
import { filterCodes } from './filter-settings.ts';
import type { Facet, Filter, ProductCard } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';

const CountRow = z.object({ count: z.number() });
const IdRow = z.object({ id: z.number() });
const FacetCountRow = z.object({ code: z.string(), value: z.string(), count: z.number() });

/**
 * The longest a listing's statement may run on PostgreSQL. A filtered listing of a top category of
 * 100,000 products takes about 0.2 s; ten times that is a query gone wrong, not a busy shop.
 */
const CATALOG_STATEMENT_TIMEOUT_MS = 2_000;

export interface ListingScope {
  categoryId?: number | undefined;
  /** Product ids already chosen by a keyword search. */
  productIds?: number[] | undefined;
  filters: Filter[];
}

/** Empty filter lists are dropped before they reach a query. */
function activeFilters(filters: Filter[]): Filter[] {
  return filters.filter((f) => f.values.length > 0);
}

/**
 * The scope a listing queries: each filter's values once, or null when a filter names an attribute
 * the shop does not filter by. Such a filter matches nothing, so the listing is empty without a
 * query: every filter is one more EXISTS over the attribute table, and twenty made-up ones with fifty
 * values each made one anonymous request cost as much as a hundred real listings.
 */
function queryableScope(scope: ListingScope, codes: readonly string[]): ListingScope | null {
  const filters = activeFilters(scope.filters).map((f) => ({ name: f.name, values: [...new Set(f.values)] }));
  return filters.every((f) => codes.includes(f.name)) ? { ...scope, filters } : null;
}

function scopeCondition(scope: ListingScope, skipFilter?: string): SQL {
  const parts: SQL[] = [sql`p.is_active and p.parent_id is null`];
  // Category and filters are semi-joins: each set of matching product ids is computed once, where a
  // correlated EXISTS ran per product (a filtered listing of a top category of 100,000 products
  // took 10 s that way, 0.2 s this way).
  if (scope.categoryId !== undefined) {
    parts.push(sql`p.id in (
      select pc.product_id from product_categories pc join categories c on c.id = pc.category_id
      join categories root on root.id = ${scope.categoryId}
      where c.id_path = root.id_path or c.id_path like root.id_path || '/%')`);
  }
  if (scope.productIds !== undefined) {
    // One array parameter rather than one per id: hundreds of ids would otherwise slow planning.
    parts.push(scope.productIds.length > 0 ? sql`p.id = any(${`{${scope.productIds.join(',')}}`}::int[])` : sql`false`);
  }
  for (const filter of activeFilters(scope.filters)) {
    if (filter.name === skipFilter) continue;
    // A product matches when it or one of its variants has a chosen value: the variant stands for its parent.
    parts.push(sql`p.id in (
      select coalesce(v.parent_id, v.id) from product_attributes pa join products v on v.id = pa.product_id
      where pa.attribute_code = ${filter.name} and pa.value in ${filter.values})`);
  }
  return sql.join(parts, sql` and `);
}

function orderBy(sort: string, currency: string, productIds?: number[]): SQL {
  // Price order uses the public price list: a listing is the same for everybody, so it can be cached.
  const price = sql`(select coalesce(pr.special_cents, pr.regular_cents) from prices pr
    join price_lists pl on pl.id = pr.price_list_id and pl.code = 'base'
    where pr.product_id = p.id and pr.currency = ${currency})`;
  if (sort === 'price-up') return sql`${price} asc nulls last, p.id asc`;
  if (sort === 'price-down') return sql`${price} desc nulls last, p.id asc`;
  // A keyword search hands over its hits best first: 'relevance' keeps that order.
  if (sort === 'relevance' && productIds !== undefined)
    return sql`array_position(${`{${productIds.join(',')}}`}::int[], p.id), p.id`;
  return sql`p.created_at desc, p.id desc`;
}

export interface ListingPage {
  data: ProductCard[];
  count: number;
}

/**
 * How many products a whole category lists (no filter): counting a top category's subtree of 100,000
 * products took about 150 ms, where the page of them takes 3. It changes only when products or
 * categories do, and those changes are published, so it is counted once per publish.
 */
const categoryCounts = publishedMemo<number>();

async function countListed(db: Db, scope: ListingScope, where: SQL): Promise<number> {
  const count = async () =>
    (await rows(db, CountRow, sql`select count(*)::int as count from products p where ${where}`))[0]?.count ?? 0;
  const wholeCategory =
    scope.categoryId !== undefined && scope.productIds === undefined && activeFilters(scope.filters).length === 0;
  return wholeCategory ? categoryCounts(String(scope.categoryId), count) : count();
}

export async function listProducts(
  opts: ListingScope & {
    locale: Locale;
    sort: string;
    limit: number;
    offset: number;
    currency?: string;
  },
): Promise<ListingPage> {
  const scope = queryableScope(opts, await filterCodes());
  if (!scope) return { data: [], count: 0 };
  const where = scopeCondition(scope);
  const [count, idRows] = await withStatementTimeout(CATALOG_STATEMENT_TIMEOUT_MS, (db) =>
    Promise.all([
      countListed(db, scope, where),
      rows(
        db,
        IdRow,
        sql`select p.id from products p where ${where}
      order by ${orderBy(opts.sort, opts.currency ?? 'EUR', opts.productIds)} limit ${opts.limit} offset ${opts.offset}`,
      ),
    ]),
  );
  if (opts.offset >= count) return { data: [], count };
  return {
    data: await productCards(
      idRows.map((r) => r.id),
      opts.locale,
    ),
    count,
  };
}

/**
 * Facets for the filter sidebar: each filterable attribute's values with the number of products
 * that would match. A facet's own selection is left out of its counts, so choosing one value still
 * shows how many products the other values of that facet have.
 */
export async function listFacets(requested: ListingScope, codes: string[], locale: Locale): Promise<Facet[]> {
  const scope = queryableScope(requested, codes);
  if (!scope) return [];
  // A facet with a selection of its own is counted without that selection; all the others share
  // one scope, so they are counted together in one query.
  const own = new Set(activeFilters(scope.filters).map((f) => f.name));
  const groups: { codes: string[]; skip?: string }[] = [
    { codes: codes.filter((c) => !own.has(c)) },
    ...codes.filter((c) => own.has(c)).map((c) => ({ codes: [c], skip: c })),
  ].filter((g) => g.codes.length > 0);
  // A value counts the listed products that have it themselves or through a variant.
  const counted = await withStatementTimeout(CATALOG_STATEMENT_TIMEOUT_MS, (db) =>
    Promise.all(
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
    ),
  );
  const countsOf = new Map<string, Map<string, number>>(codes.map((c) => [c, new Map()]));
  for (const row of counted.flat()) countsOf.get(row.code)?.set(row.value, row.count);
  const facets = await Promise.all(
    codes.map(async (code): Promise<Facet | null> => {
      const meta = await optionLabels(code, locale);
      if (!meta) return null;
      const counts = countsOf.get(code)!;
      const ordered = [...meta.options.keys()].filter((v) => counts.has(v));
      const extra = [...counts.keys()].filter((v) => !meta.options.has(v)).sort();
      const options = [...ordered, ...extra].map((value) => ({
        value,
        label: meta.options.get(value) ?? value,
        count: counts.get(value) ?? 0,
      }));
      return options.length > 0 ? { id: code, label: meta.label, type: meta.type, options } : null;
    }),
  );
  return facets.filter((f): f is Facet => f !== null);
}
