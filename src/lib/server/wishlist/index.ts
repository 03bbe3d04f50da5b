// The wishlist domain's public face: the endpoints wired to the process
// database and session, the customer's list on its own for tests, and the product-link resolver
// the product page uses for /p/{id}/{sku}.
import { wishlistRoutes } from './routes.ts';

export { wishlistRoutes, defaultWishlistDeps, type WishlistDeps, type WishlistRoutes } from './routes.ts';
export { addWishlistItems, listWishlist, productAliasTarget, removeWishlistItem } from './store.ts';

/** The endpoints under src/pages/api/wishlist, wired to the process database and session. */
export const wishlist = wishlistRoutes();
