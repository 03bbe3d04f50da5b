// Records the product page on show in the tab's recently viewed list, without waiting for the list's
// island (which loads only when it scrolls into view): the page carries the entry as JSON.
import { recordProductView, type RecentProduct } from './recently-viewed-store.ts';
import { RECENT_PRODUCT_ID } from './recent-product.ts';

export function recordThisProduct(): void {
  const text = document.getElementById(RECENT_PRODUCT_ID)?.textContent;
  if (!text) return;
  try {
    recordProductView(JSON.parse(text) as RecentProduct);
  } catch {
    // A broken entry only costs this one view in the list.
  }
}
