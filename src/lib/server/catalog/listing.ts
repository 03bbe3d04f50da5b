// Product listings: a category (and everything below it), filtered by attribute values, sorted,
// paged, with the filter sidebar's counts. Listings show parent products; a filter matches when the
// product or one of its variants has a chosen value. The in-memory facet index answers; SQL
// (listing-sql.ts) only when a listing names attributes the index does not hold.
import { withStatementTimeout } from '../db/index.ts';
import { productCards } from './products.ts';
import { optionLabels } from './attributes.ts';
import { filterCodes } from './filter-settings.ts';
import { facetIndex } from './facet-index-store.ts';
import type { FacetIndex, FacetScope, ListingSort } from './facet-index.ts';
import { countListedSql, facetCountsSql, pageIdsSql } from './listing-sql.ts';
import type { Facet, ProductCard } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';

/**
 * The longest a listing's statement may run on PostgreSQL, for the SQL fallback. A filtered listing
 * of a top category of 100,000 products takes about 0.1 s; twenty times that is a query gone wrong.
 */
const CATALOG_STATEMENT_TIMEOUT_MS = 2_000;

export type ListingScope = FacetScope;

/**
 * The scope a listing queries: each filter's values once, or null when a filter names an attribute
 * the shop does not filter by. Such a filter matches nothing, so the listing is empty without a
 * query: twenty made-up filters with fifty values each made one anonymous request cost as much as a
 * hundred real listings in SQL.
 */
function queryableScope(scope: ListingScope, codes: readonly string[]): ListingScope | null {
  const filters = scope.filters
    .filter((f) => f.values.length > 0)
    .map((f) => ({ name: f.name, values: [...new Set(f.values)] }));
  return filters.every((f) => codes.includes(f.name)) ? { ...scope, filters } : null;
}

const SORTS: readonly string[] = ['price-up', 'price-down', 'relevance'] satisfies ListingSort[];
const listingSort = (sort: string): ListingSort => (SORTS.includes(sort) ? (sort as ListingSort) : 'newest');

/** The facet index when it holds every attribute code asked for, else null (SQL answers). */
async function indexFor(codes: Iterable<string>): Promise<FacetIndex | null> {
  const index = await facetIndex();
  return index.covers(codes) ? index : null;
}

export interface ListingPage {
  data: ProductCard[];
  count: number;
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
  const { count, ids } = await listedIds(scope, {
    sort: listingSort(opts.sort),
    currency: opts.currency ?? 'EUR',
    limit: opts.limit,
    offset: opts.offset,
  });
  if (ids.length === 0) return { data: [], count };
  return { data: await productCards(ids, opts.locale), count };
}

/**
 * One page of a scope's product ids and their count, from the facet index when it holds the
 * filters' attributes, else from SQL. The caller vouches for the filters' codes: listProducts
 * admits the shop's filters only, a recommendation row codes the catalogue defines.
 */
export async function listedIds(
  scope: ListingScope,
  page: { sort: ListingSort; currency: string; limit: number; offset: number },
): Promise<{ count: number; ids: number[] }> {
  const index = await indexFor(scope.filters.map((f) => f.name));
  return index
    ? index.page(scope, page.sort, page.currency, page.limit, page.offset)
    : await withStatementTimeout(CATALOG_STATEMENT_TIMEOUT_MS, async (db) => {
        const [count, ids] = await Promise.all([countListedSql(db, scope), pageIdsSql(db, scope, page)]);
        return { count, ids };
      });
}

/**
 * Facets for the filter sidebar: each filterable attribute's values with the number of products
 * that would match. A facet's own selection is left out of its counts, so choosing one value still
 * shows how many products the other values of that facet have.
 */
export async function listFacets(requested: ListingScope, codes: string[], locale: Locale): Promise<Facet[]> {
  const scope = queryableScope(requested, codes);
  if (!scope) return [];
  const index = await indexFor(codes);
  const countsOf = index
    ? index.facetCounts(scope, codes)
    : await withStatementTimeout(CATALOG_STATEMENT_TIMEOUT_MS, (db) => facetCountsSql(db, scope, codes));
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
