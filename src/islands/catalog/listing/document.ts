// The listing's effects on the document outside the island: the robots meta and the early
// "query pending" mark set by the page's inline script (src/pages/[...lang]/c/[...slug].astro).

/** Marks the robots meta the listing owns, so a robots meta from the layout is never touched. */
export const ROBOTS_MARK = 'data-listing-robots';
/** On <html> while a filtered/sorted/paged URL still shows the prebuilt first page. */
export const PENDING_CLASS = 'listing-pending';

/**
 * Filtered, sorted and paged variants are the same static page: crawlers should follow their links
 * but index only the unfiltered listing, which is what the canonical link names.
 */
export function setNoindex(on: boolean): void {
  const meta = document.head.querySelector(`meta[${ROBOTS_MARK}]`);
  if (on && !meta) {
    const el = document.createElement('meta');
    el.name = 'robots';
    el.content = 'noindex, follow';
    el.setAttribute(ROBOTS_MARK, '');
    document.head.append(el);
  } else if (!on) {
    meta?.remove();
  }
}

export function clearPending(): void {
  document.documentElement.classList.remove(PENDING_CLASS);
}
