// The wishlist domain's public face: the endpoints wired to the process database and session, and
// the product-link resolver the product page uses for /p/{id}/{sku}.
import { wishlistRoutes } from './routes.ts';

/** The endpoints under src/pages/api/wishlist, wired to the process database and session. */
export const wishlist = wishlistRoutes();
