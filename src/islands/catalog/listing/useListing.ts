// Keeps the listing and the address bar in step. The URL (page, sort, f.*) is the state: every change
// pushes a history entry, back/forward replay it, and a reload or shared link rebuilds it. The server
// renders the unfiltered page the URL names (a static export only the first); the rest loads here.
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchFilters, fetchProductList } from '#lib/catalog/client.ts';
import {
  DEFAULT_SORT,
  filtersToRequest,
  listingHref,
  parseListingQuery,
  toListingSearch,
} from '#lib/catalog/listing.ts';
import {
  DEFAULT_LISTING_QUERY,
  isServerListing,
  requestableFilters,
  serverListingQuery,
  type ListingQuery,
} from '#lib/catalog/category-listing.ts';
import { adoptListedPrices, requestPrices } from '#lib/catalog/prices-store.ts';
import { reportFailure } from '#lib/shell/report.ts';
import type { Facet, ProductCard } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { clearPending, setNoindex } from './document.ts';

export interface ListingData {
  products: ProductCard[];
  count: number;
  facets: Facet[];
}

export type ListingStatus = 'idle' | 'loading' | 'error';

interface Options {
  locale: Locale;
  categoryId: number;
  pageSize: number;
  sortingEnabled: boolean;
  /** isPricesLazyLoadEnabled off: a page's prices come with its products, not in a second call. */
  inlinePrices: boolean;
  initial: ListingData;
  initialPage: number;
}

type Page = Pick<ListingData, 'products' | 'count'>;

/** Back and forward revisit recent states; a few dozen answers cover a session without growing forever. */
const MAX_CACHED = 40;

function remember<T>(cache: Map<string, T>, key: string, value: T): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
}

function queryFromUrl(sortingEnabled: boolean): ListingQuery {
  const { page, sort, filters } = parseListingQuery(new URLSearchParams(window.location.search), 'category');
  return { page, sort: sortingEnabled ? sort : DEFAULT_SORT, filters: requestableFilters(filters) };
}

export function useListing({
  locale,
  categoryId,
  pageSize,
  sortingEnabled,
  inlinePrices,
  initial,
  initialPage,
}: Options) {
  const [query, setQuery] = useState<ListingQuery>(() => serverListingQuery(initialPage));
  const [data, setData] = useState<ListingData>(initial);
  const [status, setStatus] = useState<ListingStatus>('idle');
  const pages = useRef(
    new Map<string, Page>([
      [toListingSearch(serverListingQuery(initialPage)), { products: initial.products, count: initial.count }],
    ]),
  );
  // Facets depend on the filters only, so paging and sorting reuse them.
  const facets = useRef(new Map<string, Facet[]>([['', initial.facets]]));
  const inflight = useRef<AbortController | null>(null);

  const show = useCallback(
    async (next: ListingQuery) => {
      setQuery(next);
      setNoindex(!isServerListing(next));
      inflight.current?.abort();
      const pageKey = toListingSearch(next);
      const facetKey = toListingSearch({ ...DEFAULT_LISTING_QUERY, filters: next.filters });
      const cachedPage = pages.current.get(pageKey);
      const cachedFacets = facets.current.get(facetKey);
      if (cachedPage && cachedFacets) {
        setData({ ...cachedPage, facets: cachedFacets });
        setStatus('idle');
        clearPending();
        return;
      }
      const controller = new AbortController();
      inflight.current = controller;
      setStatus('loading');
      const filters = filtersToRequest(next.filters);
      try {
        // minDelay: a quick answer still shows the loading state for a moment rather than a flash.
        const [page, facetList] = await Promise.all([
          cachedPage ??
            fetchProductList(
              {
                locale,
                catId: categoryId,
                filters,
                sort: next.sort,
                limit: pageSize,
                offset: (next.page - 1) * pageSize,
              },
              { signal: controller.signal, minDelay: true },
              inlinePrices,
            ).then((r): Page => {
              if (r.prices)
                adoptListedPrices(
                  r.data.map((p) => p.sku),
                  r.prices,
                );
              return { products: r.data, count: r.count };
            }),
          cachedFacets ?? fetchFilters({ locale, categoryId, filters }, { signal: controller.signal, minDelay: true }),
        ]);
        if (controller.signal.aborted) return;
        remember(pages.current, pageKey, page);
        remember(facets.current, facetKey, facetList);
        requestPrices(page.products.map((p) => p.sku));
        setData({ ...page, facets: facetList });
        setStatus('idle');
      } catch (error) {
        if (controller.signal.aborted) return;
        reportFailure('listing: request failed', error);
        setStatus('error');
      }
      if (inflight.current === controller) inflight.current = null;
      clearPending();
    },
    [locale, categoryId, pageSize, inlinePrices],
  );

  const navigate = useCallback(
    (next: ListingQuery) => {
      window.history.pushState(null, '', listingHref(window.location.pathname, next));
      void show(next);
    },
    [show],
  );

  useEffect(() => {
    const fromUrl = queryFromUrl(sortingEnabled);
    // One listing, one address: hand-edited or old links are rewritten to the canonical query.
    const canonical = listingHref(window.location.pathname, fromUrl) + window.location.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    if (here !== canonical) window.history.replaceState(window.history.state, '', canonical);
    if (isServerListing(fromUrl) && fromUrl.page === initialPage) {
      setNoindex(false);
      clearPending();
    } else {
      void show(fromUrl);
    }
    const onPopState = () => void show(queryFromUrl(sortingEnabled));
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      inflight.current?.abort();
    };
  }, [show, sortingEnabled, initialPage]);

  return { query, data, status, navigate };
}
