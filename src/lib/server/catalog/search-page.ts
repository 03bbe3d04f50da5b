// The search page's listing: the parents of every ranked hit for a term, filtered, sorted and paged,
// with the facets of the whole hit list. The search endpoint answers it to the search page's island;
// the search page renders the first answer into its HTML, so results need no request after load.
import type { Facet, Filter, ProductCard } from '#lib/catalog/contract.ts';
import { filtersToRequest } from '#lib/catalog/listing.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { SearchPageQuery, SearchPageState } from '#lib/search/page-query.ts';
import { logger } from '../log.ts';
import { filterCodes } from './filter-settings.ts';
import { listFacets, listProducts } from './listing.ts';
import { searchProductIds, type SearchResult } from './search.ts';

export interface SearchListingRequest {
  locale: Locale;
  filters: Filter[];
  sort: string;
  limit: number;
  offset: number;
  currency: string;
  /** Also the facets (the search page's filter panel); the overlay does without. */
  loadFilters: boolean;
}

export interface SearchListing {
  data: (ProductCard & { isVariant: false })[];
  count: number;
  facets?: Facet[] | undefined;
}

export async function searchListing(hits: SearchResult, request: SearchListingRequest): Promise<SearchListing> {
  const { locale, filters, sort, limit, offset, currency } = request;
  const productIds = hits.listed;
  const [page, facets] = await Promise.all([
    listProducts({ productIds, filters, locale, sort, limit, offset, currency }),
    request.loadFilters ? filterCodes().then((codes) => listFacets({ productIds, filters }, codes, locale)) : undefined,
  ]);
  return { data: page.data.map((p) => ({ ...p, isVariant: false as const })), count: page.count, facets };
}

/** What the search page shows for its URL's query, as its island would load it. */
export async function searchPageState(
  query: SearchPageQuery,
  locale: Locale,
  currency: string,
  /** What the term is searched as: the sku a signed-in buyer's own item number names (the term itself else). */
  searchAs: string = query.term,
): Promise<SearchPageState> {
  const nothing: SearchPageState = {
    status: 'ready',
    term: query.term,
    items: [],
    count: 0,
    capped: false,
    facets: [],
  };
  if (query.term === '') return nothing;
  try {
    const hits = await searchProductIds(searchAs, locale);
    const result = await searchListing(hits, {
      locale,
      filters: filtersToRequest(query.filters),
      sort: query.sort,
      limit: query.limit,
      offset: query.offset,
      currency,
      loadFilters: true,
    });
    return {
      // The search page shows cards in a grid, never their list attributes: they would only weigh down the HTML.
      status: 'ready',
      term: query.term,
      items: result.data.map((card) => ({ ...card, attributes: [] })),
      count: result.count,
      capped: hits.capped,
      facets: result.facets ?? [],
      suggestion: hits.suggestion,
      foundIn: hits.foundIn,
    };
  } catch (error) {
    // As the endpoint does: a failed search shows as an empty result, never an error page.
    logger.error({ err: error }, 'search page failed; showing an empty result');
    return nothing;
  }
}
