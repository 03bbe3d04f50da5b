// Wishlist rules: adding a product already in it removes it; removing the last
// item clears the stored wishlist. Pure functions: the store applies them and persists the result.
import { hasOnlyKeys, isPositiveInteger } from '../shell/stored-shape.ts';

export const WISHLIST_STORAGE_KEY = 'vsf-wishlist';

export interface WishlistProduct {
  id: number;
  sku: string;
  name: string;
  image: string | null;
}
export interface Wishlist {
  items: { product: WishlistProduct; qty: number }[];
}

function isWishlistProduct(value: unknown): value is WishlistProduct {
  if (!hasOnlyKeys(value, ['id', 'sku', 'name', 'image'])) return false;
  const { id, sku, name, image } = value;
  return (
    isPositiveInteger(id) &&
    typeof sku === 'string' &&
    sku !== '' &&
    typeof name === 'string' &&
    (image === null || typeof image === 'string')
  );
}

/** The shape the browser stores (and the server answers): nothing more, nothing less. */
function isWishlist(value: unknown): value is Wishlist {
  return (
    hasOnlyKeys(value, ['items']) &&
    Array.isArray(value.items) &&
    value.items.every(
      (item: unknown) =>
        hasOnlyKeys(item, ['product', 'qty']) && isWishlistProduct(item.product) && isPositiveInteger(item.qty),
    )
  );
}

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
    const parsed: unknown = JSON.parse(raw);
    return isWishlist(parsed) ? parsed : emptyWishlist();
  } catch {
    return emptyWishlist();
  }
}

/** The wishlist links to the product page as /p/{id}/{sku} (the server redirects to the slug). */
export function wishlistProductPath(product: Pick<WishlistProduct, 'id' | 'sku'>): string {
  return `/p/${product.id}/${encodeURIComponent(product.sku)}`;
}
