// The search page (/search-details?term=…, 24 per page): filters, sort and page
// live in the URL, so results are shareable and survive a reload; back and forward replay them.
// The server renders the results for the URL it was asked for (`initial`), with public prices, and
// the island hydrates only on intent. Without them (a static export has one page for every term) the
// first render is a neutral loading state, and the URL is read after hydration.
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { pageCount } from '#lib/catalog/listing.ts';
import { localePath } from '#lib/site/paths.ts';
import { $searchPage } from '#lib/search/store.ts';
import { searchPageHref, type SearchPageQuery, type SearchPageState } from '#lib/search/page-query.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import { SEARCH_SORT_OPTIONS } from '#lib/search/rules.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { PublicPricesContext, useSeedPublicPrices } from '../catalog/usePriceEntry.ts';
import { Pagination } from '../catalog/listing/Pagination.tsx';
import { SortSelect } from '../catalog/listing/SortSelect.tsx';
import { FilterChips } from '../catalog/listing/FilterChips.tsx';
import { SearchFilters } from './SearchFilters.tsx';
import { SearchResultsList } from './SearchResultsList.tsx';
import { useSearchPageQuery } from './useSearchPageQuery.ts';
import type { SearchPageStrings } from './strings.ts';

export interface SearchResultsPageProps {
  locale: Locale;
  intlLocale: string;
  sortingEnabled: boolean;
  showItemnum: boolean;
  startingPrice: boolean;
  strings: SearchPageStrings;
  /** What the server rendered: the results for the query string `search` (location.search, '?…'). */
  initial?: { search: string; state: SearchPageState } | undefined;
  /** The public prices of the initial results, shown until the live ones arrive. */
  prices?: PublicPrices | undefined;
}

type Change = Partial<Pick<SearchPageQuery, 'term' | 'page' | 'sort' | 'filters'>>;

export function SearchResultsPage(props: SearchResultsPageProps) {
  const { locale, intlLocale, sortingEnabled, showItemnum, startingPrice, strings, initial } = props;
  const live = useStore($searchPage);
  // Until the store holds an answer, the server's is shown: the first render matches its HTML.
  const state = live.status === 'idle' && initial ? initial.state : live;
  const resultsRef = useRef<HTMLDivElement>(null);
  useSeedPublicPrices(props.prices);
  const { query, go } = useSearchPageQuery(locale, initial);
  const path = localePath(locale, '/search-details');

  if (query === null)
    return (
      <p className="search-page-status" role="status">
        {strings.loading}
      </p>
    );
  if (query.term === '') {
    return (
      <div className="search-page-empty">
        <p className="search-page-empty-title">{strings.emptyTitle}</p>
        <p>{strings.emptyText}</p>
      </div>
    );
  }

  // Any change but paging starts again at page 1.
  const hrefFor = (change: Change) =>
    searchPageHref(path, { term: query.term, page: 1, sort: query.sort, filters: query.filters, ...change });
  const navigate = (change: Change) => go(hrefFor(change));
  const toggle = (code: string, value: string, on: boolean) => {
    const values = new Set(query.filters[code] ?? []);
    if (on) values.add(value);
    else values.delete(value);
    navigate({ filters: { ...query.filters, [code]: [...values] } });
  };
  const goToPage = (page: number) => {
    navigate({ page });
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  const loading = state.status !== 'ready' || state.term !== query.term;
  // Each card's plain form comes back to this very result page.
  const purchase = {
    strings: strings.purchase,
    form: { action: localePath(locale, '/cart/add'), returnPath: hrefFor({ page: query.page }) },
  };
  return (
    <PublicPricesContext.Provider value={props.prices}>
      <div className="search-page">
        <div className="search-page-toolbar">
          <p className="search-page-count" role="status">
            {loading
              ? strings.loading
              : plural(intlLocale, state.count, strings.resultsFor, { term: query.term }, { atLeast: state.capped })}
          </p>
          {sortingEnabled && (
            <SortSelect
              value={query.sort}
              options={SEARCH_SORT_OPTIONS}
              strings={strings.sort}
              onChange={(sort) => navigate({ sort })}
            />
          )}
          <FilterChips
            filters={query.filters}
            facets={state.facets}
            strings={strings.chips}
            onRemove={(code, value) => toggle(code, value, false)}
            onClear={() => navigate({ filters: {} })}
          />
        </div>
        <SearchFilters
          facets={state.facets}
          filters={query.filters}
          strings={strings}
          onToggle={toggle}
          onClear={() => navigate({ filters: {} })}
        />
        <div
          ref={resultsRef}
          className={`search-page-results${loading ? ' is-loading' : ''}`}
          aria-busy={loading}
          tabIndex={-1}
        >
          <SearchResultsList
            state={state}
            term={query.term}
            loading={loading}
            suggestionHref={(suggestion) => hrefFor({ term: suggestion, filters: {} })}
            locale={locale}
            intlLocale={intlLocale}
            showItemnum={showItemnum}
            startingPrice={startingPrice}
            purchase={purchase}
            strings={strings}
          />
          <Pagination
            current={query.page}
            total={pageCount(state.count, query.limit)}
            strings={strings.pagination}
            onNavigate={goToPage}
            hrefFor={(page) => hrefFor({ page })}
          />
        </div>
      </div>
    </PublicPricesContext.Provider>
  );
}
