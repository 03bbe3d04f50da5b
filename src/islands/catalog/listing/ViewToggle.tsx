// Grid or list. Two pressed-state buttons rather than a select: one click, and the
// current view is visible at a glance.
import type { ListingView } from '#lib/catalog/category-listing.ts';

const GLYPHS: Record<ListingView, string> = {
  grid: 'M3 3h8v8H3V3Zm2 2v4h4V5H5Zm8-2h8v8h-8V3Zm2 2v4h4V5h-4ZM3 13h8v8H3v-8Zm2 2v4h4v-4H5Zm8-2h8v8h-8v-8Zm2 2v4h4v-4h-4Z',
  list: 'M3 4h4v4H3V4Zm6 1h12v2H9V5ZM3 10h4v4H3v-4Zm6 1h12v2H9v-2ZM3 16h4v4H3v-4Zm6 1h12v2H9v-2Z',
};

export interface ViewToggleProps {
  view: ListingView;
  onChange: (view: ListingView) => void;
  strings: { viewMode: string; gridView: string; listView: string };
}

export function ViewToggle({ view, onChange, strings }: ViewToggleProps) {
  const labels: Record<ListingView, string> = { grid: strings.gridView, list: strings.listView };
  return (
    <div className="view-toggle" role="group" aria-label={strings.viewMode}>
      {(['grid', 'list'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="icon-button"
          aria-label={labels[option]}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={GLYPHS[option]} fill="currentColor" />
          </svg>
        </button>
      ))}
    </div>
  );
}
