// The wishlist store, persisted in localStorage under one fixed key and synced across tabs.
import { atom, computed } from 'nanostores';
import {
  WISHLIST_STORAGE_KEY, emptyWishlist, parseStoredWishlist, removeWishlistItem, toggleWishlistItem,
  wishlistTotal, type Wishlist, type WishlistProduct,
} from '../wishlist.ts';

export const $wishlist = atom<Wishlist>(emptyWishlist());
export const $wishlistCount = computed($wishlist, wishlistTotal);

function persist(list: Wishlist): void {
  $wishlist.set(list);
  // Removing the last item clears the stored wishlist instead of keeping an empty one.
  if (list.items.length === 0) localStorage.removeItem(WISHLIST_STORAGE_KEY);
  else localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list));
}

export function toggleWishlist(product: WishlistProduct): void {
  persist(toggleWishlistItem($wishlist.get(), product));
}

export function removeFromWishlist(sku: string): void {
  persist(removeWishlistItem($wishlist.get(), sku));
}

if (typeof window !== 'undefined') {
  $wishlist.set(parseStoredWishlist(localStorage.getItem(WISHLIST_STORAGE_KEY)));
  window.addEventListener('storage', (e) => {
    if (e.key === WISHLIST_STORAGE_KEY) $wishlist.set(parseStoredWishlist(e.newValue));
  });
}
