// The seam between product pages and the cart. Product pages only say what the shopper asked for;
// the cart issue consumes it: its store subscribes to $pendingAddToCart, performs the add-to-cart
// call (the server creates a cart on demand and adds to the line with the same sku and the same
// set of accessories), then calls clearPendingAddToCart(). Until then a request simply waits here;
// nothing pretends to be a cart.
import { atom } from 'nanostores';
import { MAX_QUANTITY } from './rules.ts';

export interface AddToCartRequest {
  sku: string;
  /** Whole pieces, 1..MAX_QUANTITY. */
  quantity: number;
  /** Skus of the chosen optional accessories, in the order shown, without repeats. */
  accessories: string[];
}

/** The latest request not yet taken by the cart; a new object per click, so listeners see every click. */
export const $pendingAddToCart = atom<AddToCartRequest | null>(null);

/** Cleans what an island hands over, so the cart can trust the shape of every request. */
function normalizeAddToCart(request: AddToCartRequest): AddToCartRequest {
  const quantity = Number.isFinite(request.quantity)
    ? Math.min(Math.max(1, Math.floor(request.quantity)), MAX_QUANTITY)
    : 1;
  // The product cannot be its own accessory; a line keyed by accessories must not count one twice.
  const accessories = [...new Set(request.accessories)].filter((sku) => sku !== '' && sku !== request.sku);
  return { sku: request.sku, quantity, accessories };
}

export function requestAddToCart(request: AddToCartRequest): AddToCartRequest {
  const normalized = normalizeAddToCart(request);
  $pendingAddToCart.set(normalized);
  return normalized;
}

/** Called by the cart once it has handled the pending request. */
export function clearPendingAddToCart(): void {
  $pendingAddToCart.set(null);
}
