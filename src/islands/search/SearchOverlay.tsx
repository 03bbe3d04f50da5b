// The results panel under the header search: category links and product and
// variant suggestions, 12 at first and 12 more whenever the end of the list scrolls into view.
import { useStore } from '@nanostores/react';
import type { ReactNode, RefObject } from 'react';
import { $searchLoading, $searchResults, acceptSuggestion } from '#lib/search/store.ts';
import { searchDetailsHref } from '#lib/search/term.ts';
import { categoryPath, localePath, productPath } from '#lib/site/paths.ts';
import { fill, plural } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { Icon } from '../shell/Icon.tsx';
import { SearchHit } from './SearchHit.tsx';
import { DidYouMean } from './DidYouMean.tsx';
import { FoundInOtherLanguage } from './FoundInOtherLanguage.tsx';
import { useLoadMoreNearEnd } from './useLoadMoreNearEnd.ts';
import type { SearchOverlayStrings } from './strings.ts';

export interface SearchOverlayProps {
  /** The scrolling panel: the page behind is locked, so "near the end" is measured in here. */
  panelRef: RefObject<HTMLDivElement | null>;
  locale: Locale;
  intlLocale: string;
  view: 'default' | 'small-list';
  showItemnum: boolean;
  strings: SearchOverlayStrings;
  onClose: () => void;
}

export function SearchOverlay({
  panelRef,
  locale,
  intlLocale,
  view,
  showItemnum,
  strings,
  onClose,
}: SearchOverlayProps) {
  const results = useStore($searchResults);
  const loading = useStore($searchLoading);
  const hasMore = results.items.length < results.count;
  const sentinelRef = useLoadMoreNearEnd(panelRef, results.items.length, hasMore, locale);

  const spinner = (text: string) => (
    <p className="search-overlay-loading">
      <span className="spinner" aria-hidden="true" /> {text}
    </p>
  );
  let body: ReactNode;
  if (results.term === '') {
    body = loading ? (
      spinner(strings.loading)
    ) : (
      <div className="search-overlay-empty">
        <p className="search-overlay-empty-title">{strings.emptyTitle}</p>
        <p>{strings.emptyText}</p>
      </div>
    );
  } else {
    body = (
      <div className={`search-overlay-results search-view-${view}`}>
        {results.categories.length > 0 && (
          <section className="search-overlay-categories" aria-labelledby="search-overlay-categories">
            <h3 id="search-overlay-categories">{strings.categories}</h3>
            <ul>
              {results.categories.map((c) => (
                <li key={c.id}>
                  <a href={localePath(locale, categoryPath(c.slugPath))}>{c.name}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="search-overlay-suggestions" aria-labelledby="search-overlay-suggestions">
          <h3 id="search-overlay-suggestions">{strings.suggestions}</h3>
          {results.suggestion !== undefined && (
            <DidYouMean
              template={strings.didYouMean}
              term={results.term}
              suggestion={results.suggestion}
              onAccept={acceptSuggestion}
            />
          )}
          {results.foundIn !== undefined && (
            <FoundInOtherLanguage
              template={strings.otherLanguage}
              term={results.term}
              foundIn={results.foundIn}
              intlLocale={intlLocale}
            />
          )}
          {results.items.length === 0 ? (
            <p>{fill(strings.noResults, { term: results.term })}</p>
          ) : (
            <ul className="search-hits">
              {results.items.map((item) => (
                <SearchHit
                  key={item.id}
                  item={item}
                  href={localePath(locale, productPath(item))}
                  intlLocale={intlLocale}
                  showItemnum={showItemnum}
                  compact={view === 'small-list'}
                  strings={strings}
                />
              ))}
            </ul>
          )}
          {hasMore && <div ref={sentinelRef} className="search-overlay-sentinel" />}
          {loading && results.items.length > 0 && spinner(strings.loading)}
        </section>
      </div>
    );
  }

  return (
    <div ref={panelRef} className={`search-overlay-panel search-overlay-panel-${view}`}>
      <div className="search-overlay-head">
        <h2>{strings.results}</h2>
        <p className="search-overlay-status" role="status">
          {loading
            ? strings.loading
            : results.term !== ''
              ? plural(intlLocale, results.count, strings.count, {}, { atLeast: results.capped })
              : ''}
        </p>
        {results.count > 0 && (
          <a className="search-overlay-all" href={searchDetailsHref(locale, results.term)}>
            {strings.showAll}
          </a>
        )}
        <button type="button" className="icon-button" aria-label={strings.close} onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      {body}
    </div>
  );
}
