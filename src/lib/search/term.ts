// The search term and the search page's address: all the header's search form needs, kept apart from
// the rest of the search rules so the shell script that sends the form stays small.
import type { Locale } from '../i18n/locales.ts';
import { localePath } from '../site/paths.ts';

/** Trimmed and inner whitespace collapsed, so 'ab  12' and 'ab 12' are one search (and one cache entry). */
export function normalizeTerm(term: string | null | undefined): string {
  return (term ?? '').trim().replace(/\s+/g, ' ');
}

/** /search-details?term={encoded term}, in the page's language. */
export function searchDetailsHref(locale: Locale, term: string): string {
  return `${localePath(locale, '/search-details')}?term=${encodeURIComponent(normalizeTerm(term))}`;
}
