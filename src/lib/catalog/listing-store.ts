// Category listing view (spec section 4: the category view switches between grid and list). The choice
// lasts for the browser session, so it survives paging, other categories and reloads.
import { atom } from 'nanostores';
import { parseStoredView, type ListingView } from './category-listing.ts';

export const CATEGORY_VIEW_KEY = 'category-view';

/** null until read on the client: the server renders the shop's default view. */
export const $categoryView = atom<ListingView | null>(null);

export function loadCategoryView(fallback: ListingView): void {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(CATEGORY_VIEW_KEY);
  } catch {
    // Storage can be blocked (privacy settings); the default view still works.
  }
  $categoryView.set(parseStoredView(raw, fallback));
}

export function setCategoryView(view: ListingView): void {
  $categoryView.set(view);
  try {
    sessionStorage.setItem(CATEGORY_VIEW_KEY, view);
  } catch {
    // Not remembered across pages then; the switch itself still happened.
  }
}
