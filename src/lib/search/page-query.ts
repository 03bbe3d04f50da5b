// The search page's query (term, page, sort, filters), read from and written to its URL, and what the
// page shows for it. The server renders the first answer with the page; the island keeps it current.
import { DEFAULT_SEARCH_SORT, isSearchSort, type SearchSort } from './rules.ts';
import { normalizeTerm } from './term.ts';
import { DEFAULT_SORT, parseListingQuery, toListingSearch, type ListingState } from '../catalog/listing.ts';
import type { Facet, ProductCard } from '../catalog/contract.ts';
import type { Locale } from '../i18n/locales.ts';

export interface SearchPageQuery extends Pick<ListingState, 'page' | 'filters' | 'offset' | 'limit'> {
  term: string;
  sort: SearchSort;
}

export function readSearchPageQuery(search: string): SearchPageQuery {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  return {
    term: normalizeTerm(params.get('term')),
    ...parseListingQuery(params, 'search'),
    sort: isSearchSort(sort) ? sort : DEFAULT_SEARCH_SORT,
  };
}

/** A shareable link: term first, then the listing's canonical page, sort and filters; relevance is the default. */
export function searchPageHref(
  path: string,
  query: Pick<SearchPageQuery, 'term' | 'page' | 'sort' | 'filters'>,
): string {
  const { sort } = query;
  const parts = toListingSearch({ ...query, sort: sort === 'relevance' ? DEFAULT_SORT : sort })
    .split('&')
    .filter((p) => p !== '');
  // A listing leaves out its own default ('latest'), which on the search page must be said.
  if (sort === DEFAULT_SORT) parts.splice(parts[0]?.startsWith('page=') ? 1 : 0, 0, `sort=${sort}`);
  return `${path}?term=${encodeURIComponent(query.term)}${parts.map((p) => `&${p}`).join('')}`;
}

export interface SearchPageState {
  status: 'idle' | 'loading' | 'ready';
  term: string;
  items: ProductCard[];
  count: number;
  capped: boolean;
  facets: Facet[];
  /** The term was found nowhere: the items are this term's ("Did you mean"). */
  suggestion?: string | undefined;
  /** The term was found nowhere in the shopper's language: the items are its matches in this language. */
  foundIn?: Locale | undefined;
}
