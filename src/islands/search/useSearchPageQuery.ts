// The search page's query, read from the URL: the server's answer taken over when it is this URL's,
// asked for otherwise, and again on back and forward; `go` shows a URL the page made. Apart from
// SearchResultsPage.tsx, which lays the results out.
import { useEffect, useState } from 'react';
import { $searchPage, loadSearchPage, presetTerm } from '#lib/search/store.ts';
import { readSearchPageQuery, type SearchPageQuery, type SearchPageState } from '#lib/search/page-query.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export function useSearchPageQuery(locale: Locale, initial: { search: string; state: SearchPageState } | undefined) {
  const [query, setQuery] = useState<SearchPageQuery | null>(initial ? readSearchPageQuery(initial.search) : null);

  useEffect(() => {
    const sync = () => {
      const next = readSearchPageQuery(window.location.search);
      setQuery(next);
      void loadSearchPage(next, locale);
    };
    // The server's answer is this URL's: take it over instead of asking again.
    if (initial && initial.search === window.location.search) {
      $searchPage.set(initial.state);
      setQuery(readSearchPageQuery(initial.search));
    } else {
      sync();
    }
    presetTerm(readSearchPageQuery(window.location.search).term);
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [locale, initial]);

  // The new URL is parsed back rather than patched, so what is shown always equals what a reload shows.
  const go = (href: string) => {
    window.history.pushState(null, '', href);
    const next = readSearchPageQuery(new URL(href, window.location.href).search);
    setQuery(next);
    void loadSearchPage(next, locale);
  };
  return { query, go };
}
