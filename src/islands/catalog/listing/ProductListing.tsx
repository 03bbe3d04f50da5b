// A category's product listing: filters, sort, grid/list view and paging.
// Rendered at build time with the unfiltered first page, so the HTML alone lists products and page
// links; on the client the URL query decides what is shown (see useListing).
import { useRef } from 'react';
import {
  toggleFilter,
  withSelectedOptions,
  type ListingQuery,
  type ListingView,
} from '#lib/catalog/category-listing.ts';
import { listingHref, pageCount } from '#lib/catalog/listing.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import { $categoryView } from '#lib/catalog/listing-store.ts';
import { plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import { useClientStore } from '#islands/shared/useClientStore.ts';
import { ProductCard } from '../ProductCard.tsx';
import { PublicPricesContext, useSeedPublicPrices } from '../usePriceEntry.ts';
import { FilterSidebar } from './FilterSidebar.tsx';
import { ListingToolbar } from './ListingToolbar.tsx';
import { Pagination } from './Pagination.tsx';
import { useListing, type ListingData } from './useListing.ts';
import type { ListingStrings } from './strings.ts';

export interface ProductListingProps {
  locale: Locale;
  intlLocale: string;
  categoryId: number;
  /** The category's own path (locale-prefixed): paging links are built on it. */
  basePath: string;
  pageSize: number;
  /** isPricesLazyLoadEnabled: prices in a call of their own after the products (else with them). */
  pricesLazyLoad: boolean;
  /** The page the server rendered (unfiltered, default sort). */
  initialPage: number;
  initial: ListingData;
  filterView: 'sidebar' | 'top';
  defaultView: ListingView;
  showItemnum: boolean;
  startingPrice: boolean;
  strings: ListingStrings;
  /** The public prices of the rendered page's products, shown until the live ones arrive. */
  prices?: PublicPrices | undefined;
}

export function ProductListing(props: ProductListingProps) {
  const { locale, intlLocale, basePath, pageSize, initial, filterView, defaultView, strings } = props;
  const sortStrings = strings.sort;
  const { query, data, status, navigate } = useListing({
    locale,
    categoryId: props.categoryId,
    pageSize,
    sortingEnabled: sortStrings !== undefined,
    inlinePrices: !props.pricesLazyLoad,
    initial,
    initialPage: props.initialPage,
  });
  // The stored view exists only in the browser: the first render matches the server's default.
  const view = useClientStore($categoryView, undefined) ?? defaultView;
  const results = useRef<HTMLDivElement>(null);
  useSeedPublicPrices(props.prices);

  const total = pageCount(data.count, pageSize);
  // Each card's plain form comes back to this very listing.
  const purchase = {
    strings: strings.purchase,
    form: { action: localePath(locale, '/cart/add'), returnPath: listingHref(basePath, query) },
  };
  const resultText = plural(intlLocale, data.count, { one: strings.productsOne, other: strings.productsOther });
  const facets = withSelectedOptions(data.facets, initial.facets, query.filters);
  // A changed selection starts again at page 1.
  const setFilters = (filters: ListingQuery['filters']) => navigate({ ...query, filters, page: 1 });
  const goToPage = (page: number) => {
    navigate({ ...query, page });
    // Paging replaces what the shopper was reading: start them at the top of the new page.
    results.current?.focus({ preventScroll: true });
    results.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <PublicPricesContext.Provider value={props.prices}>
      <div className={`listing listing-${filterView}`}>
        <ListingToolbar
          query={query}
          facets={facets}
          view={view}
          resultText={resultText}
          onSort={(sort) => navigate({ ...query, sort, page: 1 })}
          setFilters={setFilters}
          strings={strings}
        />
        <FilterSidebar
          facets={facets}
          filters={query.filters}
          layout={filterView}
          resultText={resultText}
          strings={strings}
          onToggle={(code, value, on) => setFilters(toggleFilter(query.filters, code, value, on))}
          onReset={() => setFilters({})}
        />
        <div
          ref={results}
          className={`listing-results${status === 'loading' ? ' is-loading' : ''}`}
          aria-busy={status === 'loading'}
          tabIndex={-1}
        >
          {status === 'loading' && (
            <p className="visually-hidden" role="status">
              {strings.loading}
            </p>
          )}
          {status === 'error' && (
            <p className="listing-error" role="alert">
              {strings.listError}
            </p>
          )}
          {data.products.length === 0 ? (
            <p className="listing-empty">{strings.noProducts}</p>
          ) : (
            <ul className={`product-grid view-${view}`}>
              {data.products.map((product) => (
                <li key={product.id}>
                  <ProductCard
                    product={product}
                    href={localePath(locale, productPath(product))}
                    intlLocale={intlLocale}
                    view={view}
                    showItemnum={props.showItemnum}
                    startingPrice={props.startingPrice}
                    strings={strings.card}
                    purchase={purchase}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            current={query.page}
            total={total}
            strings={strings}
            onNavigate={goToPage}
            hrefFor={(page) => listingHref(basePath, { ...query, page })}
          />
        </div>
      </div>
    </PublicPricesContext.Provider>
  );
}
