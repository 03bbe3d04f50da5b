// Keyword search rules: term clean-up, timing and ordering of results.
import { PAGE_SIZES } from '../catalog/listing.ts';

/** Input is debounced by 1 s before a request. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** The overlay shows 12 items and adds 12 more per scroll step. */
export const OVERLAY_PAGE = PAGE_SIZES.overlay;

/** Trimmed and inner whitespace collapsed, so 'ab  12' and 'ab 12' are one search (and one cache entry). */
export function normalizeTerm(term: string | null | undefined): string {
  return (term ?? '').trim().replace(/\s+/g, ' ');
}

export interface ExactMatchFields<T> {
  itemnum: (item: T) => string | null | undefined;
  sku: (item: T) => string | null | undefined;
  originalId: (item: T) => number | string | null | undefined;
}

/** Itemnum or sku equal ignoring case, or originalId equal to an all-digit term. */
export function isExactMatch<T>(item: T, term: string, get: ExactMatchFields<T>): boolean {
  const wanted = normalizeTerm(term).toLowerCase();
  if (wanted === '') return false;
  const same = (v: string | null | undefined): boolean => typeof v === 'string' && v.trim().toLowerCase() === wanted;
  if (same(get.itemnum(item)) || same(get.sku(item))) return true;
  if (!/^\d+$/.test(wanted)) return false;
  const id = get.originalId(item);
  return id !== null && id !== undefined && String(id).trim() !== '' && Number(id) === Number(wanted);
}

/** A shopper typing an item number wants that item on top; the rest keep the backend's relevance order. */
export function rankExactFirst<T>(items: readonly T[], term: string, get: ExactMatchFields<T>): T[] {
  const exact: T[] = [];
  const rest: T[] = [];
  for (const item of items) (isExactMatch(item, term, get) ? exact : rest).push(item);
  return [...exact, ...rest];
}
