// The search term and the search page's address: all the header's search form needs, kept apart from
// the rest of the search rules so the shell script that sends the form stays small.
import type { Locale } from '../i18n/locales.ts';
import { localePath } from '../site/paths.ts';

/** The longest term the search takes (the contract refuses longer ones). */
export const MAX_TERM_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

/**
 * Trimmed and inner whitespace collapsed, so 'ab  12' and 'ab 12' are one search (and one cache entry).
 * What the search would refuse is mended instead, as a term is often pasted: control characters (a
 * spreadsheet cell's vertical tab) become spaces, a broken character its replacement, and an overlong
 * term is cut to the length the search takes.
 */
export function normalizeTerm(term: string | null | undefined): string {
  return (term ?? '')
    .toWellFormed()
    .replace(CONTROL_CHARACTERS, ' ')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, MAX_TERM_LENGTH)
    .toWellFormed()
    .trim();
}

/** /search-details?term={encoded term}, in the page's language. */
export function searchDetailsHref(locale: Locale, term: string): string {
  return `${localePath(locale, '/search-details')}?term=${encodeURIComponent(normalizeTerm(term))}`;
}
