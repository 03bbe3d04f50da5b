// Listing query rules: paging and sort defaults, attribute filters in the URL,
// and how further pages join the result. The URL is the source of truth so listings are shareable.

export const SORT_OPTIONS = ['latest', 'price-up', 'price-down'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const DEFAULT_SORT: SortOption = 'latest';

export const PAGE_SIZES = { default: 20, category: 10, orders: 10, priceList: 12, search: 24, overlay: 12 } as const;
export type ListingKind = keyof typeof PAGE_SIZES;

/** URL parameter prefix for attribute filters: f.color=red,blue. */
const FILTER_PARAM_PREFIX = 'f.';

/**
 * What one listing request may filter by: the contract refuses more, the URL reader drops more. Each
 * attribute with a selection costs the filter list one more counting query, so the count of filters
 * bounds what one anonymous request can cost; no shopper ticks values of more than ten attributes.
 */
export const FILTER_LIMITS = { name: /^[a-z0-9_]{1,40}$/, valueLength: 80, values: 30, filters: 10 } as const;

/** attribute code → chosen values; never holds an empty list. */
export type Filters = Record<string, string[]>;

export interface ListingState {
  page: number;
  sort: SortOption;
  limit: number;
  offset: number;
  filters: Filters;
}

export interface FilterRequest {
  name: string;
  values: string[];
}

export type ListingParams = URLSearchParams | Record<string, string | undefined>;

function isSortOption(value: unknown): value is SortOption {
  return typeof value === 'string' && (SORT_OPTIONS as readonly string[]).includes(value);
}

/** Digits only: '2abc', '1.5' and '1e3' are hand-edited URLs, so they get the default rather than a guess. */
function parsePage(raw: string | undefined): number {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return 1;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

function entries(params: ListingParams): [string, string][] {
  if (params instanceof URLSearchParams) return [...params.entries()];
  return Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string');
}

function first(params: ListingParams, name: string): string | undefined {
  return params instanceof URLSearchParams ? (params.get(name) ?? undefined) : params[name];
}

/** Code-unit order, not localeCompare: canonical URLs must not depend on the runtime's locale data. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Values are kept sorted and unique so equal selections compare, cache and serialize equally. */
function cleanValues(values: Iterable<string>): string[] {
  return [...new Set([...values].map((v) => v.trim()).filter((v) => v !== ''))].sort(compare);
}

function parseFilters(params: ListingParams): Filters {
  const collected = new Map<string, string[]>();
  for (const [name, value] of entries(params)) {
    if (!name.startsWith(FILTER_PARAM_PREFIX)) continue;
    const code = name.slice(FILTER_PARAM_PREFIX.length).trim();
    if (code === '') continue;
    // Repeated parameters (f.color=red&f.color=blue) add up instead of the last one winning.
    collected.set(code, [...(collected.get(code) ?? []), ...value.split(',')]);
  }
  return normalizeFilters(Object.fromEntries(collected));
}

/** Drops blank values and the lists they leave empty; values come back sorted and unique. */
export function normalizeFilters(filters: Readonly<Record<string, readonly string[]>>): Filters {
  // fromEntries, not assignment: an attribute code from the URL such as '__proto__' must stay a plain key.
  return Object.fromEntries(sortedFilterEntries(filters));
}

/** Objects list integer-like keys first whatever the insertion order, so canonical output sorts explicitly. */
function sortedFilterEntries(filters: Readonly<Record<string, readonly string[]>>): [string, string[]][] {
  return Object.entries(filters)
    .map(([code, values]): [string, string[]] => [code, cleanValues(values ?? [])])
    .filter(([code, values]) => code.trim() !== '' && values.length > 0)
    .sort(([a], [b]) => compare(a, b));
}

export function parseListingQuery(params: ListingParams, kind: ListingKind): ListingState {
  const page = parsePage(first(params, 'page'));
  const rawSort = first(params, 'sort');
  const limit = PAGE_SIZES[kind];
  return {
    page,
    sort: isSortOption(rawSort) ? rawSort : DEFAULT_SORT,
    limit,
    offset: (page - 1) * limit,
    filters: parseFilters(params),
  };
}

/**
 * The canonical query string (no leading '?'): defaults omitted, filters sorted, so one listing has one URL.
 * Commas separate filter values, so a value containing a comma cannot round-trip; attribute values are codes.
 */
export function toListingSearch(state: Pick<ListingState, 'page' | 'sort' | 'filters'>): string {
  const parts: string[] = [];
  if (Number.isSafeInteger(state.page) && state.page > 1) parts.push(`page=${state.page}`);
  if (state.sort !== DEFAULT_SORT && isSortOption(state.sort)) parts.push(`sort=${state.sort}`);
  for (const [code, values] of sortedFilterEntries(state.filters)) {
    parts.push(`${encodeValue(FILTER_PARAM_PREFIX + code)}=${values.map(encodeValue).join(',')}`);
  }
  return parts.join('&');
}

/** encodeURIComponent throws on a lone surrogate; a bad facet value from the backend must not break the page. */
const encodeValue = (v: string): string => encodeURIComponent(v.toWellFormed());

export function listingHref(path: string, state: Pick<ListingState, 'page' | 'sort' | 'filters'>): string {
  const search = toListingSearch(state);
  return search === '' ? path : `${path}?${search}`;
}

/** Empty filter lists are dropped from requests. */
export function filtersToRequest(filters: Readonly<Record<string, readonly string[]>>): FilterRequest[] {
  return sortedFilterEntries(filters).map(([name, values]) => ({ name, values }));
}

export function pageCount(total: number, limit: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(limit) || total <= 0 || limit <= 0) return 0;
  return Math.ceil(total / limit);
}

export type PageLink = number | 'gap';

/**
 * Pages to link: first, last and `radius` around the current one, 'gap' for skipped runs. A gap never
 * stands for a single page (that page is shown instead), so the control never hides just one link.
 */
export function pageWindow(current: number, totalPages: number, radius = 1): PageLink[] {
  if (!Number.isFinite(totalPages) || totalPages < 1) return [];
  const last = Math.floor(totalPages);
  const here = Math.min(Math.max(Math.floor(Number.isFinite(current) ? current : 1), 1), last);
  const pages = new Set<number>([1, last]);
  for (let p = here - radius; p <= here + radius; p++) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: PageLink[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push('gap');
    out.push(p);
  });
  return out;
}

export function isPagingBeyondTotal(offset: number, total: number): boolean {
  return offset >= total;
}

/** A paging start at or beyond the total returns the current result unchanged (same array). */
export function appendPage<T>(current: T[], next: readonly T[], offset: number, total: number): T[] {
  return isPagingBeyondTotal(offset, total) ? current : [...current, ...next];
}
