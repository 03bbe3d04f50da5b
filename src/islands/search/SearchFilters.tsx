// The search page's filter facets: a sidebar on desktop; on small screens folded behind a
// "Filters" button so the results are not pushed below a long list of checkboxes. Which one shows is
// the stylesheet's choice (search.css), not a script's: the server HTML is right on every screen
// before the island hydrates.
import { useId, useState } from 'react';
import type { Filters } from '#lib/catalog/listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import { FacetGroup } from '../catalog/listing/FacetGroup.tsx';

export interface SearchFiltersProps {
  facets: Facet[];
  filters: Filters;
  onToggle: (code: string, value: string, on: boolean) => void;
  onClear: () => void;
  strings: { filters: string; clearFilters: string };
}

export function SearchFilters({ facets, filters, onToggle, onClear, strings }: SearchFiltersProps) {
  const [unfolded, setUnfolded] = useState(false);
  const panelId = useId();
  const chosen = Object.values(filters).reduce((n, values) => n + values.length, 0);
  if (facets.length === 0 && chosen === 0) return null;
  return (
    <aside className="search-page-filters" aria-label={strings.filters}>
      {/* Heard on every screen (the results' headings come after it), seen on desktop. */}
      <h2 className="search-page-filters-title">{strings.filters}</h2>
      <button
        type="button"
        className="search-page-filters-fold"
        aria-expanded={unfolded}
        aria-controls={panelId}
        onClick={() => setUnfolded(!unfolded)}
      >
        {strings.filters}
        {chosen > 0 && ` (${chosen})`}
      </button>
      <div id={panelId} className={`search-page-filters-panel${unfolded ? ' is-unfolded' : ''}`}>
        {facets.map((facet) => (
          <FacetGroup
            key={facet.id}
            facet={facet}
            selected={filters[facet.id] ?? []}
            collapsible={false}
            onToggle={onToggle}
          />
        ))}
        {chosen > 0 && (
          <button type="button" className="text-button" onClick={onClear}>
            {strings.clearFilters}
          </button>
        )}
      </div>
    </aside>
  );
}
