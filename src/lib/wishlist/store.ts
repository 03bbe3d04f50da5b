// The wishlist store, persisted in localStorage under one fixed key and synced across tabs.
// A signed-in customer's wishlist also lives on the server: signing in merges the browser's list
// into it and adopts the result, and every change made while signed in is sent there too.
// Guests keep theirs in this browser only.
import { atom, computed } from 'nanostores';
import {
  WISHLIST_STORAGE_KEY, emptyWishlist, isInWishlist, parseStoredWishlist, removeWishlistItem, toggleWishlistItem,
  wishlistTotal, type Wishlist, type WishlistProduct,
} from './rules.ts';
import { addServerWishlistItems, fetchServerWishlist, removeServerWishlistItem } from './client.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/locales.ts';
import { $loggedIn } from '../auth/session-store.ts';

export const $wishlist = atom<Wishlist>(emptyWishlist());
export const $wishlistCount = computed($wishlist, wishlistTotal);

function persist(list: Wishlist): void {
  $wishlist.set(list);
  // Removing the last item clears the stored wishlist instead of keeping an empty one.
  if (list.items.length === 0) localStorage.removeItem(WISHLIST_STORAGE_KEY);
  else localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list));
}

/** Names from the server come in the page's language. */
function pageLocale(): Locale {
  const value = typeof document === 'undefined' ? undefined : document.documentElement.dataset.locale;
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

// Server calls run one after another, so a quick add-remove-add reaches the server in that order.
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(task: () => Promise<T>): Promise<T | undefined> {
  const run = queue.then(task).catch((error: unknown) => {
    console.error('wishlist: server sync failed', error);
    return undefined;
  });
  queue = run;
  return run;
}

export function toggleWishlist(product: WishlistProduct): void {
  const adding = !isInWishlist($wishlist.get(), product.sku);
  persist(toggleWishlistItem($wishlist.get(), product));
  if (!$loggedIn.get()) return;
  const locale = pageLocale();
  void enqueue(() => adding
    ? addServerWishlistItems([product.sku], locale)
    : removeServerWishlistItem(product.sku, locale));
}

export function removeFromWishlist(sku: string): void {
  persist(removeWishlistItem($wishlist.get(), sku));
  if ($loggedIn.get()) void enqueue(() => removeServerWishlistItem(sku, pageLocale()));
}

/** At sign-in: the browser's list is merged into the account's, and the merged list becomes the local one. */
export async function mergeWishlistIntoAccount(): Promise<void> {
  const skus = $wishlist.get().items.map((i) => i.product.sku);
  const locale = pageLocale();
  const merged = await enqueue(() => skus.length > 0 ? addServerWishlistItems(skus, locale) : fetchServerWishlist(locale));
  if (merged) persist(merged);
}

/** While signed in, the account's list is the truth (it may have changed on another device). */
export async function loadAccountWishlist(): Promise<void> {
  const list = await enqueue(() => fetchServerWishlist(pageLocale()));
  if (list) persist(list);
}

/** At sign-out the account's list stays on the server, not in a browser the next person may use. */
export function clearLocalWishlist(): void {
  persist(emptyWishlist());
}

if (typeof window !== 'undefined') {
  $wishlist.set(parseStoredWishlist(localStorage.getItem(WISHLIST_STORAGE_KEY)));
  window.addEventListener('storage', (e) => {
    if (e.key === WISHLIST_STORAGE_KEY) $wishlist.set(parseStoredWishlist(e.newValue));
  });
}
