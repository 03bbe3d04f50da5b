// Typed client for the signed-in customer's server-side wishlist (src/pages/api/wishlist).
// Names come back in the given locale; failures throw ApiClientError (401 for guests).
import { apiDelete, apiGet, apiPost } from '../http/client.ts';
import { wishlistResponseSchema } from './contract.ts';
import type { Wishlist } from './rules.ts';
import type { Locale } from '../i18n/locales.ts';

const query = (locale: Locale) => `?locale=${encodeURIComponent(locale)}`;

export function fetchServerWishlist(locale: Locale, signal?: AbortSignal): Promise<Wishlist> {
  return apiGet(`/api/wishlist${query(locale)}`, wishlistResponseSchema, signal);
}

/** Adds (merges) the skus and returns the whole list. */
export function addServerWishlistItems(skus: readonly string[], locale: Locale, signal?: AbortSignal): Promise<Wishlist> {
  return apiPost(`/api/wishlist/items${query(locale)}`, { items: skus.map((sku) => ({ sku })) }, wishlistResponseSchema, signal);
}

export function removeServerWishlistItem(sku: string, locale: Locale, signal?: AbortSignal): Promise<Wishlist> {
  return apiDelete(`/api/wishlist/items${query(locale)}`, { sku }, wishlistResponseSchema, signal);
}
