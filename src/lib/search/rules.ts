// Keyword search rules: term clean-up and timing (the server ranks the results).
import { PAGE_SIZES } from '../catalog/listing.ts';

/** Input is debounced by 1 s before a request. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** The overlay shows 12 items and adds 12 more per scroll step. */
export const OVERLAY_PAGE = PAGE_SIZES.overlay;

/** Trimmed and inner whitespace collapsed, so 'ab  12' and 'ab 12' are one search (and one cache entry). */
export function normalizeTerm(term: string | null | undefined): string {
  return (term ?? '').trim().replace(/\s+/g, ' ');
}
