// Previous / next under the entries table, with where the editor is ("Page 2 of 5"). At either end
// the button says it is unavailable (aria-disabled) instead of being disabled: a disabled button
// drops the keyboard focus that just pressed it to the top of the page.
import { fill } from '#lib/i18n/format.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';

interface Props {
  page: number;
  pages: number;
  onPrevious: () => void;
  onNext: () => void;
  strings: TeamStrings;
}

export function EntriesPager({ page, pages, onPrevious, onNext, strings }: Props) {
  return (
    <nav className="entries-pager" aria-label={strings['entries.pagination']}>
      <button
        type="button"
        className="button secondary"
        aria-disabled={page <= 1 || undefined}
        onClick={() => page > 1 && onPrevious()}
      >
        {strings['entries.previous']}
      </button>
      <span className="entries-page">{fill(strings['entries.page'], { page, pages })}</span>
      <button
        type="button"
        className="button secondary"
        aria-disabled={page >= pages || undefined}
        onClick={() => page < pages && onNext()}
      >
        {strings['entries.next']}
      </button>
    </nav>
  );
}
