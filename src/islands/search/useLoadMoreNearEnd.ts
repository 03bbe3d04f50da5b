// The overlay's endless list: the next page of suggestions is asked for when the end of the list
// comes near in the scrolling panel. Apart from SearchOverlay.tsx, which lays the results out.
import { useEffect, useRef, type RefObject } from 'react';
import { loadMore } from '#lib/search/store.ts';
import type { Locale } from '#lib/i18n/locales.ts';

/** How far before the last item the next page is requested. */
const NEAR_END = '0px 0px 120px 0px';

/** The ref of the element marking the list's end, shown while there is more to load. */
export function useLoadMoreNearEnd(
  panelRef: RefObject<HTMLDivElement | null>,
  loaded: number,
  hasMore: boolean,
  locale: Locale,
) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  // Observed afresh after every page: an end still in view after a load asks for the next page,
  // which a lasting observer would not report again.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadMore(locale);
      },
      { root: panelRef.current, rootMargin: NEAR_END },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [loaded, hasMore, locale, panelRef]);
  return sentinelRef;
}
