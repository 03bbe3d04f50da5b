// Keyword search rules: timing, sorting, the empty answer (the server ranks the results; the term's
// clean-up and the search page's address are in term.ts).
import { PAGE_SIZES, SORT_OPTIONS } from '../catalog/listing.ts';
import type { SearchResponse } from '../catalog/contract.ts';

/** What a search answers when it finds nothing, and also when it fails: never an error. */
export const emptySearchResponse = (): SearchResponse => ({ data: [], count: 0, categories: [] });

/** Input is debounced by 1 s before a request. */
export const SEARCH_DEBOUNCE_MS = 1000;
/** The overlay shows 12 items and adds 12 more per scroll step. */
export const OVERLAY_PAGE = PAGE_SIZES.overlay;

/** The search page sorts by relevance (the search's own ranking) unless the shopper picks a listing order. */
export const SEARCH_SORT_OPTIONS = ['relevance', ...SORT_OPTIONS] as const;
export type SearchSort = (typeof SEARCH_SORT_OPTIONS)[number];
export const DEFAULT_SEARCH_SORT: SearchSort = 'relevance';

export function isSearchSort(value: unknown): value is SearchSort {
  return typeof value === 'string' && (SEARCH_SORT_OPTIONS as readonly string[]).includes(value);
}

/**
 * A "Did you mean {{suggestion}}?" text around its clickable suggestion: the other placeholders
 * filled, the text before and after the suggestion's place (its place differs between languages).
 */
export function aroundSuggestion(template: string, vars: Record<string, string>): [before: string, after: string] {
  const text = template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name !== 'suggestion' && Object.hasOwn(vars, name) ? vars[name]! : whole,
  );
  const at = text.indexOf('{{suggestion}}');
  return at === -1 ? [`${text} `, ''] : [text.slice(0, at), text.slice(at + '{{suggestion}}'.length)];
}
