// Page links (10 products per category page). Real hrefs to server-rendered pages, so paging works
// without JavaScript and crawlers reach every page; with JavaScript a plain click stays on the page.
// No rel=prev/next: search engines no longer read it, and plain links are what they follow.
import type { MouseEvent } from 'react';
import { pageWindow } from '#lib/catalog/listing.ts';
import { fill } from '#lib/i18n/format.ts';

export interface PaginationProps {
  current: number;
  total: number;
  hrefFor: (page: number) => string;
  /** Without it the links simply navigate (server-rendered lists such as the account's orders). */
  onNavigate?: (page: number) => void;
  strings: { pagination: string; page: string; previous: string; next: string };
}

export function Pagination({ current, total, hrefFor, onNavigate, strings }: PaginationProps) {
  if (total <= 1) return null;
  // New tab, new window and download keep the browser's own behaviour.
  const follow = (page: number) => (e: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onNavigate(page);
  };
  const link = (page: number, text: string, extra: { step?: boolean; label?: string } = {}) => (
    <a
      href={hrefFor(page)}
      aria-label={extra.label}
      aria-current={page === current && !extra.step ? 'page' : undefined}
      onClick={follow(page)}
    >
      {text}
    </a>
  );
  const previous = Math.min(current - 1, total);
  return (
    <nav className="pagination" aria-label={strings.pagination}>
      <ul>
        {previous >= 1 && <li className="pagination-step">{link(previous, strings.previous, { step: true })}</li>}
        {pageWindow(current, total).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pagination-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>{link(p, String(p), { label: fill(strings.page, { page: p }) })}</li>
          ),
        )}
        {current < total && <li className="pagination-step">{link(current + 1, strings.next, { step: true })}</li>}
      </ul>
    </nav>
  );
}
