// Typed client for the signed-in customer's server-side wishlist (src/pages/api/wishlist).
// Names come back in the given locale; failures throw ApiClientError (401 for guests).
import { call, endpoints } from '../http/client.ts';
import type { wishlistApi as wishlistContract } from './contract.ts';
import { wishlistRoutes } from './routes.ts';
import type { Wishlist } from './rules.ts';
import type { Locale } from '../i18n/locales.ts';

const wishlistApi = endpoints<typeof wishlistContract>(wishlistRoutes);

export function fetchServerWishlist(locale: Locale, signal?: AbortSignal): Promise<Wishlist> {
  return call(wishlistApi.list, { locale }, { signal });
}

/** Adds (merges) the skus and returns the whole list. */
export function addServerWishlistItems(
  skus: readonly string[],
  locale: Locale,
  signal?: AbortSignal,
): Promise<Wishlist> {
  return call(wishlistApi.add, { items: skus.map((sku) => ({ sku })), locale }, { signal });
}

export function removeServerWishlistItem(sku: string, locale: Locale, signal?: AbortSignal): Promise<Wishlist> {
  return call(wishlistApi.remove, { sku, locale }, { signal });
}
