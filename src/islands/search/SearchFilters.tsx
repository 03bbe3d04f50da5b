// The search page's filter facets: a sidebar on desktop; on small screens folded behind a
// "Filters" summary so the results are not pushed below a long list of checkboxes.
import { useEffect, useState } from 'react';
import type { Filters } from '#lib/catalog/listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import { FacetGroup } from '../catalog/listing/FacetGroup.tsx';

/** Desktop starts at 1024 px. */
const DESKTOP = '(min-width: 1024px)';

export interface SearchFiltersProps {
  facets: Facet[];
  filters: Filters;
  onToggle: (code: string, value: string, on: boolean) => void;
  onClear: () => void;
  strings: { filters: string; clearFilters: string };
}

export function SearchFilters({ facets, filters, onToggle, onClear, strings }: SearchFiltersProps) {
  const [desktop, setDesktop] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(DESKTOP);
    const update = () => setDesktop(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);

  const chosen = Object.values(filters).reduce((n, values) => n + values.length, 0);
  if (facets.length === 0 && chosen === 0) return null;
  return (
    <aside className="search-page-filters" aria-label={strings.filters}>
      <details open={desktop}>
        <summary>{strings.filters}{chosen > 0 && ` (${chosen})`}</summary>
        <h2 className="search-page-filters-title">{strings.filters}</h2>
        {facets.map((facet) => (
          <FacetGroup key={facet.id} facet={facet} selected={filters[facet.id] ?? []} collapsible={false} onToggle={onToggle} />
        ))}
        {chosen > 0 && <button type="button" className="text-button" onClick={onClear}>{strings.clearFilters}</button>}
      </details>
    </aside>
  );
}
