// Category listing view: the category view switches between grid and list. The choice
// lasts for the browser session, so it survives paging, other categories and reloads.
import { persistentAtom } from '@nanostores/persistent';
import { sessionKey } from '../shell/web-storage.ts';
import { parseStoredView, type ListingView } from './category-listing.ts';

export const CATEGORY_VIEW_KEY = 'category-view';

/**
 * The shopper's choice, in session storage under CATEGORY_VIEW_KEY; undefined until they choose one,
 * and on the server, which renders the shop's default view.
 */
export const $categoryView = persistentAtom<ListingView | undefined>(sessionKey(CATEGORY_VIEW_KEY), undefined, {
  encode: (view) => view,
  decode: (raw) => parseStoredView(raw, undefined),
});

export function setCategoryView(view: ListingView): void {
  $categoryView.set(view);
}
