// Category listing rules on top of src/lib/catalog/listing.ts: when a listing is the crawlable default, which
// filters a request may carry, how facets keep a shopper's selection visible, the category bar and
// the page's breadcrumb structured data. Pure: no DOM, no I/O.
import {
  DEFAULT_SORT,
  FILTER_LIMITS,
  normalizeFilters,
  parseListingQuery,
  type Filters,
  type ListingState,
} from './listing.ts';
import type { Facet, ProductCard } from './contract.ts';
import { categoryTrail, type Crumb } from './breadcrumbs.ts';
import { categoryPath, localePath } from '../site/paths.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';

export type ListingQuery = Pick<ListingState, 'page' | 'sort' | 'filters'>;
export type ListingView = 'grid' | 'list';

export const DEFAULT_LISTING_QUERY: ListingQuery = { page: 1, sort: DEFAULT_SORT, filters: {} };

/** The listing a server-rendered category page shows: page `page` in the default sort, unfiltered. */
export const serverListingQuery = (page: number): ListingQuery => ({ page, sort: DEFAULT_SORT, filters: {} });

/** The server renders exactly this listing (any page); sort and filters are client-side variants of it. */
export function isServerListing(query: ListingQuery): boolean {
  return query.sort === DEFAULT_SORT && Object.keys(normalizeFilters(query.filters)).length === 0;
}

/** @internal Exported for tests. The crawlable default: the first page, unfiltered, in the default sort. */
export function isDefaultListing(query: ListingQuery): boolean {
  return query.page === 1 && isServerListing(query);
}

const CATEGORY_ROUTE = new RegExp(`^(?:/(?:${LOCALES.join('|')}))?/c/`);
const SEARCH_ROUTE = new RegExp(`^(?:/(?:${LOCALES.join('|')}))?/search-details$`);

/**
 * The page cache's key for a request, or null when the answer is rendered for this request alone.
 * Category pages render `page` on the server, so it is part of their key, in its one canonical
 * spelling (page=02 and page=2 are one entry, page=1 is the bare path). Every other parameter (sort,
 * filters, tracking tags, junk) is applied in the browser or ignored, so it cannot multiply the
 * stored copies; other routes are keyed by path alone. The search page renders the results of its
 * query, so with any query it is never taken from (nor put into) the cache.
 */
export function pageCacheKey(url: URL): string | null {
  if (SEARCH_ROUTE.test(url.pathname)) return url.search === '' ? url.pathname : null;
  if (!CATEGORY_ROUTE.test(url.pathname)) return url.pathname;
  const { page } = parseListingQuery(url.searchParams, 'category');
  return page > 1 ? `${url.pathname}?page=${page}` : url.pathname;
}

/** A changed selection starts again at page 1: page 3 of the old result means nothing in the new one. */
export function toggleFilter(filters: Filters, code: string, value: string, on: boolean): Filters {
  const current = filters[code] ?? [];
  const values = on ? [...current, value] : current.filter((v) => v !== value);
  return normalizeFilters({ ...filters, [code]: values });
}

/**
 * The filters the product-list endpoint accepts. A hand-edited URL (odd attribute code, overlong value)
 * would otherwise make every request fail with 400; dropping the bad part still shows a listing.
 */
export function requestableFilters(filters: Filters): Filters {
  const kept = Object.entries(normalizeFilters(filters))
    .map(
      ([name, values]) =>
        [
          name,
          values.filter((v) => v !== '' && v.length <= FILTER_LIMITS.valueLength).slice(0, FILTER_LIMITS.values),
        ] as const,
    )
    .filter(([name, values]) => FILTER_LIMITS.name.test(name) && values.length > 0)
    .slice(0, FILTER_LIMITS.filters);
  return Object.fromEntries(kept);
}

/**
 * Facets with every selected value present. The backend lists only values that still match, so a
 * chosen value can vanish from its group (another filter excludes it) and could not be unticked;
 * it comes back with count 0. `known` (the unfiltered facets) supplies groups that vanished whole.
 */
export function withSelectedOptions(facets: readonly Facet[], known: readonly Facet[], filters: Filters): Facet[] {
  const byId = new Map(facets.map((f) => [f.id, f]));
  for (const [code, values] of Object.entries(filters)) {
    if (!byId.has(code)) {
      const template = known.find((f) => f.id === code);
      if (template) byId.set(code, { ...template, options: [] });
    }
    const facet = byId.get(code);
    if (!facet) continue;
    const template = known.find((f) => f.id === code);
    const missing = values
      .filter((v) => !facet.options.some((o) => o.value === v))
      .map((value) => ({
        value,
        label: template?.options.find((o) => o.value === value)?.label ?? value,
        count: 0,
      }));
    if (missing.length > 0) byId.set(code, { ...facet, options: [...facet.options, ...missing] });
  }
  // Groups keep the order of the unfiltered page, so the sidebar does not reshuffle under the pointer.
  const order = (id: string) => {
    const i = known.findIndex((f) => f.id === id);
    return i === -1 ? known.length : i;
  };
  return [...byId.values()].sort((a, b) => order(a.id) - order(b.id));
}

export interface FilterChip {
  code: string;
  value: string;
  facetLabel: string;
  valueLabel: string;
}

/**
 * One chip per chosen value, in the facets' order, named by the facets' labels; a value the facets no
 * longer list (a hand-edited or outdated link) still gets a chip under its code, so it can be removed.
 */
export function activeFilterChips(filters: Filters, facets: readonly Facet[]): FilterChip[] {
  const order = (code: string) => {
    const i = facets.findIndex((f) => f.id === code);
    return i === -1 ? facets.length : i;
  };
  return Object.entries(normalizeFilters(filters))
    .sort(([a], [b]) => order(a) - order(b))
    .flatMap(([code, values]) => {
      const facet = facets.find((f) => f.id === code);
      return values.map((value) => ({
        code,
        value,
        facetLabel: facet?.label ?? code,
        valueLabel: facet?.options.find((o) => o.value === value)?.label ?? value,
      }));
    });
}

/**
 * A card as the listing island needs it: only the attributes a card shows (list attributes, no HTML).
 * The island's props are serialised into the page; the other attributes (data sheets as HTML tables,
 * header and detail attributes) would triple the page weight for nothing.
 */
export function listingCard(card: ProductCard): ProductCard {
  return { ...card, attributes: card.attributes.filter((a) => a.location === 'list' && !a.html) };
}

/** sessionStorage holds whatever was written last; only the two known views count. */
export function parseStoredView<F extends ListingView | undefined>(raw: unknown, fallback: F): ListingView | F {
  return raw === 'grid' || raw === 'list' ? raw : fallback;
}

/** hreflang alternates: each offered locale's own slug path (category slugs are translated). */
export function categoryAlternates(
  slugPaths: Partial<Record<Locale, string>>,
  offered: readonly Locale[],
  build: (locale: Locale, slugPath: string) => string,
): Partial<Record<Locale, string>> {
  return Object.fromEntries(offered.flatMap((l) => (slugPaths[l] ? [[l, build(l, slugPaths[l])]] : [])));
}

export interface TreeNode {
  id: number;
  name: string;
  slugPath: string;
  productCount: number;
  children: TreeNode[];
}

export interface CategoryBar<T extends TreeNode> {
  root: T;
  /** Subcategories of the current category, or its siblings when it has none. */
  items: T[];
  currentId: number;
}

function pathTo<T extends TreeNode>(nodes: readonly T[], id: number): T[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children as T[], id);
    if (below) return [node, ...below];
  }
  return null;
}

/**
 * What the category bar offers: the next level down, or on a leaf the other leaves beside it so the
 * bar never goes blank. Empty categories are left out (a link to nothing), the current one never.
 */
export function categoryBar<T extends TreeNode>(tree: readonly T[], currentId: number): CategoryBar<T> | null {
  const path = pathTo(tree, currentId);
  const current = path?.at(-1);
  if (!path || !current) return null;
  const parent = path.at(-2);
  const level = (current.children.length > 0 || !parent ? current.children : parent.children) as T[];
  const items = level.filter((c) => c.productCount > 0 || c.id === currentId);
  return { root: path[0]!, items, currentId };
}

/** The visible trail: Home (the locale's home page), then the category and its ancestors from the root. */
export function categoryCrumbs(
  locale: Locale,
  homeLabel: string,
  trail: readonly { name: string; slugPath: string }[],
): Crumb[] {
  return categoryTrail(
    homeLabel,
    localePath(locale, '/'),
    trail.map((c) => ({ text: c.name, link: localePath(locale, categoryPath(c.slugPath)) })),
  );
}

/** schema.org BreadcrumbList for the trail the page shows; the last crumb is the page itself. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], site: string | URL): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.text,
      item: new URL(c.link, site).toString(),
    })),
  };
}
