// My Items' view and hidden columns as the buyer switches them: at once, without a round trip, and
// kept in the URL. Apart from MyItemsTable.tsx, which lays the rows out in them.
import { useState } from 'react';
import type { MyItemsState } from '#lib/account/my-items.ts';

/** The URL keeps the view and the columns, so a reload or a shared link shows the same table. */
function remember(state: MyItemsState): void {
  const url = new URL(location.href);
  if (state.hidden.length > 0) url.searchParams.set('hide', state.hidden.join(','));
  else url.searchParams.delete('hide');
  url.searchParams.set('view', state.view);
  history.replaceState(history.state, '', url);
}

export function useRememberedState(initial: MyItemsState) {
  const [state, setState] = useState(initial);
  const change = (next: MyItemsState) => {
    setState(next);
    remember(next);
  };
  return [state, change] as const;
}
