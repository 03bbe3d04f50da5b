// Wishlist rules: adding a product already in it removes it; removing the last
// item clears the stored wishlist. Pure functions: the store applies them and persists the result.
import { z } from 'astro/zod';

export const WISHLIST_STORAGE_KEY = 'vsf-wishlist';
const wishlistProductSchema = z.object({
  id: z.number().int().positive(),
  sku: z.string().min(1),
  name: z.string(),
  image: z.string().nullable(),
}).strict();
export type WishlistProduct = z.infer<typeof wishlistProductSchema>;

export const wishlistSchema = z.object({
  items: z.array(z.object({ product: wishlistProductSchema, qty: z.number().int().positive() }).strict()),
}).strict();
export type Wishlist = z.infer<typeof wishlistSchema>;

export const emptyWishlist = (): Wishlist => ({ items: [] });

export function wishlistTotal(list: Wishlist): number {
  return list.items.length;
}

export function isInWishlist(list: Wishlist, sku: string): boolean {
  return list.items.some((i) => i.product.sku === sku);
}

export function toggleWishlistItem(list: Wishlist, product: WishlistProduct): Wishlist {
  return isInWishlist(list, product.sku)
    ? removeWishlistItem(list, product.sku)
    : { items: [...list.items, { product, qty: 1 }] };
}

export function removeWishlistItem(list: Wishlist, sku: string): Wishlist {
  return { items: list.items.filter((i) => i.product.sku !== sku) };
}

/** Reads stored JSON defensively: anything that does not match the schema counts as empty. */
export function parseStoredWishlist(raw: string | null): Wishlist {
  if (!raw) return emptyWishlist();
  try {
    const parsed = wishlistSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : emptyWishlist();
  } catch {
    return emptyWishlist();
  }
}

/** The wishlist links to the product page as /p/{id}/{sku} (the server redirects to the slug). */
export function wishlistProductPath(product: Pick<WishlistProduct, 'id' | 'sku'>): string {
  return `/p/${product.id}/${encodeURIComponent(product.sku)}`;
}
