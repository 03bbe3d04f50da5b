// The picker's search while the editor types: after a pause, the words of two characters or more; an
// earlier search still on its way is dropped when the words change.
import { useEffect, useState } from 'react';
import type { LinkTarget } from '#lib/admin/link-contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { searchTargets } from './link-targets.ts';

const PAUSE_MS = 250;

export type SearchState =
  { phase: 'idle' } | { phase: 'searching' } | { phase: 'done'; results: LinkTarget[] } | { phase: 'failed' };

export function useLinkSearch(words: string | null, locale: Locale): SearchState {
  const [state, setState] = useState<SearchState>({ phase: 'idle' });
  useEffect(() => {
    const q = words?.trim() ?? '';
    if (q.length < 2) {
      setState({ phase: 'idle' });
      return;
    }
    setState({ phase: 'searching' });
    const abort = new AbortController();
    const timer = setTimeout(() => {
      searchTargets(locale, q, abort.signal).then(
        (results) => setState({ phase: 'done', results }),
        (error: unknown) => {
          if ((error as Error).name !== 'AbortError') setState({ phase: 'failed' });
        },
      );
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [words, locale]);
  return state;
}
