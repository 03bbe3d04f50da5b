// The wishlist store, persisted in localStorage under one fixed key and synced across tabs.
// A signed-in customer's wishlist also lives on the server: signing in merges the browser's list
// into it and adopts the result, and every change made while signed in is sent there too.
// Guests keep theirs in this browser only. Names from the server come in the page's language.
import { atom, computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import {
  WISHLIST_STORAGE_KEY,
  emptyWishlist,
  isInWishlist,
  parseStoredWishlist,
  removeWishlistItem,
  toggleWishlistItem,
  wishlistTotal,
  type Wishlist,
  type WishlistProduct,
} from './rules.ts';
import { addServerWishlistItems, fetchServerWishlist, removeServerWishlistItem } from './client.ts';
import { pageLocale } from '../i18n/page-locale.ts';
import { $loggedIn } from '../auth/session-store.ts';
import { reportFailure } from '../shell/report.ts';
import { ApiClientError } from '../http/client.ts';
import { notifyFeedback } from '../shell/notifications.ts';

/**
 * The browser's list under one fixed key, synced across tabs while observed. Removing the last item
 * clears the stored wishlist instead of keeping an empty one; a stored value that does not match the
 * schema reads as empty.
 */
export const $wishlist = persistentAtom<Wishlist>(WISHLIST_STORAGE_KEY, emptyWishlist(), {
  encode: (list) => (list.items.length === 0 ? undefined : JSON.stringify(list)),
  decode: parseStoredWishlist,
});
export const $wishlistCount = computed($wishlist, wishlistTotal);

/** The one writer of $wishlist. */
function save(list: Wishlist): void {
  $wishlist.set(list);
}

/** The last server call queued; the next one starts after it. */
const $serverSync = atom<Promise<unknown>>(Promise.resolve());

// Server calls run one after another, so a quick add-remove-add reaches the server in that order.
function enqueue<T>(task: () => Promise<T>): Promise<T | undefined> {
  const run = $serverSync
    .get()
    .then(task)
    .catch((error: unknown) => {
      // The session ended meanwhile (signed out in another tab, or it expired): there is no server list
      // to keep in step any more, which is not a failure.
      if (!(error instanceof ApiClientError && error.code === 'UNAUTHENTICATED'))
        reportFailure('wishlist: server sync failed', error);
      return undefined;
    });
  $serverSync.set(run);
  return run;
}

export function toggleWishlist(product: WishlistProduct): void {
  const adding = !isInWishlist($wishlist.get(), product.sku);
  save(toggleWishlistItem($wishlist.get(), product));
  // Removing shows itself (the heart empties); adding goes to a list out of sight, so it is confirmed.
  if (adding) notifyFeedback('wishlist.added');
  if (!$loggedIn.get()) return;
  const locale = pageLocale();
  void enqueue(() =>
    adding ? addServerWishlistItems([product.sku], locale) : removeServerWishlistItem(product.sku, locale),
  );
}

export function removeFromWishlist(sku: string): void {
  save(removeWishlistItem($wishlist.get(), sku));
  if ($loggedIn.get()) void enqueue(() => removeServerWishlistItem(sku, pageLocale()));
}

/** At sign-in: the browser's list is merged into the account's, and the merged list becomes the local one. */
export async function mergeWishlistIntoAccount(): Promise<void> {
  const skus = $wishlist.get().items.map((i) => i.product.sku);
  const locale = pageLocale();
  const merged = await enqueue(() =>
    skus.length > 0 ? addServerWishlistItems(skus, locale) : fetchServerWishlist(locale),
  );
  if (merged) save(merged);
}

/** While signed in, the account's list is the truth (it may have changed on another device). */
export async function loadAccountWishlist(): Promise<void> {
  const list = await enqueue(() => fetchServerWishlist(pageLocale()));
  if (list) save(list);
}

/** At sign-out the account's list stays on the server, not in a browser the next person may use. */
export function clearLocalWishlist(): void {
  save(emptyWishlist());
}
