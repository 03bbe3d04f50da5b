// A category listing's toolbar: the count, the button that opens the filters (with how many are
// on), sort, grid or list view, and the chips of the filters on. Apart from ProductListing.tsx, which
// holds the query and the results.
import { useStore } from '@nanostores/react';
import { toggleFilter, type ListingQuery, type ListingView } from '#lib/catalog/category-listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import { setCategoryView } from '#lib/catalog/listing-store.ts';
import { $filterSidebarOpen } from '#lib/shell/ui-store.ts';
import { FILTER_PANEL_ID } from './FilterSidebar.tsx';
import { FilterChips } from './FilterChips.tsx';
import { SortSelect } from './SortSelect.tsx';
import { ViewToggle } from './ViewToggle.tsx';
import type { ListingStrings } from './strings.ts';

interface ListingToolbarProps {
  query: ListingQuery;
  facets: Facet[];
  view: ListingView;
  resultText: string;
  /** Sorting is on where its strings are given. */
  onSort: (sort: ListingQuery['sort']) => void;
  setFilters: (filters: ListingQuery['filters']) => void;
  strings: ListingStrings;
}

export function ListingToolbar({ query, facets, view, resultText, onSort, setFilters, strings }: ListingToolbarProps) {
  const sortStrings = strings.sort;
  const filtersOpen = useStore($filterSidebarOpen);
  const activeFilters = Object.values(query.filters).reduce((n, values) => n + values.length, 0);
  return (
    <div className="listing-toolbar">
      <p className="listing-count" role="status">
        {resultText}
      </p>
      {facets.length > 0 && (
        <button
          type="button"
          className="button secondary listing-filter-button"
          aria-haspopup="dialog"
          aria-expanded={filtersOpen}
          aria-controls={FILTER_PANEL_ID}
          onClick={() => $filterSidebarOpen.set(true)}
        >
          {strings.filters}
          {activeFilters > 0 && <span className="listing-filter-count"> ({activeFilters})</span>}
        </button>
      )}
      {sortStrings && <SortSelect value={query.sort} strings={sortStrings} onChange={onSort} />}
      <ViewToggle view={view} onChange={setCategoryView} strings={strings} />
      <FilterChips
        filters={query.filters}
        facets={facets}
        strings={strings.chips}
        onRemove={(code, value) => setFilters(toggleFilter(query.filters, code, value, false))}
        onClear={() => setFilters({})}
      />
    </div>
  );
}
