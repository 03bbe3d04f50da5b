// The filter facets: a sidebar or a row above the list on desktop (the filterView setting), a drawer
// on small screens, opened by the Filters button through $filterSidebarOpen.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Filters } from '#lib/catalog/listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import { $filterSidebarOpen } from '#lib/shell/ui-store.ts';
import { useDialog } from '#islands/shared/useDialog.ts';
import { Icon } from '#islands/shell/Icon.tsx';
import { FacetGroup } from './FacetGroup.tsx';

export const FILTER_PANEL_ID = 'listing-filters';
/** Where the drawer becomes a static sidebar: desktop starts at 1024 px. */
const DESKTOP = '(min-width: 1024px)';

export interface FilterSidebarProps {
  facets: Facet[];
  filters: Filters;
  layout: 'sidebar' | 'top';
  /** "12 products", on the drawer's button that goes back to the list. */
  resultText: string;
  onToggle: (code: string, value: string, on: boolean) => void;
  onReset: () => void;
  strings: { filters: string; closeFilters: string; resetFilters: string; showResults: string };
}

export function FilterSidebar({ facets, filters, layout, resultText, onToggle, onReset, strings }: FilterSidebarProps) {
  const open = useStore($filterSidebarOpen);
  const close = () => $filterSidebarOpen.set(false);
  const ref = useDialog<HTMLDivElement>(open, close);

  // Growing the window past the breakpoint turns the drawer into the sidebar; a modal state would linger.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP);
    const onChange = () => {
      if (query.matches) close();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  if (facets.length === 0) return null;
  const active = Object.keys(filters).length > 0;
  return (
    <>
      {open && <div className="filter-backdrop" onClick={close} />}
      <div
        ref={ref}
        id={FILTER_PANEL_ID}
        className={`filter-panel filter-panel-${layout}${open ? ' is-open' : ''}`}
        role={open ? 'dialog' : 'region'}
        aria-modal={open || undefined}
        aria-label={strings.filters}
        tabIndex={-1}
      >
        <div className="filter-panel-head">
          <h2 className={layout === 'top' && !open ? 'visually-hidden' : undefined}>{strings.filters}</h2>
          {open && (
            <button type="button" className="icon-button" aria-label={strings.closeFilters} onClick={close}>
              <Icon name="close" />
            </button>
          )}
        </div>
        <div className="filter-groups">
          {facets.map((facet) => (
            <FacetGroup
              key={facet.id}
              facet={facet}
              selected={filters[facet.id] ?? []}
              collapsible={layout === 'top' && !open}
              onToggle={onToggle}
            />
          ))}
        </div>
        <div className="filter-panel-actions">
          {active && (
            <button type="button" className="text-button" onClick={onReset}>
              {strings.resetFilters}
            </button>
          )}
          {open && (
            <button type="button" className="button primary" onClick={close}>
              {strings.showResults} ({resultText})
            </button>
          )}
        </div>
      </div>
    </>
  );
}
