// The active filters as removable chips above a listing, with 'Clear all'. Each chip is a button
// named after what it removes, so keyboard and screen reader users can drop one filter at a time.
import type { Facet } from '#lib/catalog/contract.ts';
import type { Filters } from '#lib/catalog/listing.ts';
import { activeFilterChips } from '#lib/catalog/category-listing.ts';
import { fill } from '#lib/i18n/format.ts';
import { Icon } from '#islands/shell/Icon.tsx';

export interface FilterChipsStrings {
  activeFilters: string;
  /** With {{filter}} and {{value}}. */
  removeFilter: string;
  clearAllFilters: string;
}

export interface FilterChipsProps {
  filters: Filters;
  facets: readonly Facet[];
  onRemove: (code: string, value: string) => void;
  onClear: () => void;
  strings: FilterChipsStrings;
}

export function FilterChips({ filters, facets, onRemove, onClear, strings }: FilterChipsProps) {
  const chips = activeFilterChips(filters, facets);
  if (chips.length === 0) return null;
  return (
    <div className="filter-chips" role="group" aria-label={strings.activeFilters}>
      <ul>
        {chips.map((chip) => (
          <li key={`${chip.code}=${chip.value}`}>
            <button
              type="button"
              className="filter-chip"
              onClick={() => onRemove(chip.code, chip.value)}
              aria-label={fill(strings.removeFilter, { filter: chip.facetLabel, value: chip.valueLabel })}
            >
              <span className="filter-chip-facet">{chip.facetLabel}:</span> {chip.valueLabel}
              <Icon name="close" size={16} />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="text-button filter-chips-clear" onClick={onClear}>
        {strings.clearAllFilters}
      </button>
    </div>
  );
}
