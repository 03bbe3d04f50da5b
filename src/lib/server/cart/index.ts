// The cart domain's public face: the endpoint handlers wired to the process database and the shopper,
// and what other domains call (login merges the guest cart, logout and orders clear the cookie).
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { currentShopper, priceContext } from '../shopper.ts';
import { cartRoutes, type CartDeps } from './handlers.ts';
import { bulkCartRoutes, quickLineResolver } from './bulk.ts';
import { cartForms } from './forms.ts';

import { mergeGuestCartIntoAccount } from './merge.ts';
import { moveCartToCurrency } from './currency.ts';
import { clearCartCookie, readCartCookie } from './cookie.ts';

export { clearCartCookie, readCartCookie };
export { cartNotFound, cartOutdated, couponError, isLineError, quantityRuleRefused } from './errors.ts';
export { MAX_CART_FORM_BYTES } from './forms.ts';
export { checkQuickOrder, readQuickOrderPost, type QuickOrderCheck } from './quick-order-page.ts';
export { cartAdder, cartSessions, type CartDeps, type CartRequest, type CartSession } from './handlers.ts';
/** What a requisition list's "add to cart" goes through, and how it reads item numbers (src/lib/server/requisition-lists). */
export { bulkCartAddition, findByReference } from './bulk.ts';
export { writeWithVersion } from './mutations.ts';
export { putQuotedLines } from './quoted-lines.ts';
export { claimQuotesForOrder } from './quote-terms.ts';
export { effectiveCents, priceLateral } from './pricing.ts';
export { assertOrderValue } from './value.ts';
export { priceCart } from './view.ts';
export { toCartResponse } from './response.ts';
export { pricesFingerprint } from './fingerprint.ts';
export { sellableLines } from './priced-line.ts';
export type { PricedCart } from './priced.ts';
export {
  cartOwner,
  clearActiveCart,
  readSnapshot,
  findOwnedCartId,
  lockOwnedCart,
  type CartOwner,
  type CartSnapshot,
} from './queries.ts';

export const defaultCartDeps: CartDeps = {
  db: getDb,
  shopper: currentShopper,
  pricesVisible: async (shopper) => (await priceContext({ priceListId: null, ...shopper })).pricesVisible,
  shopCurrency: () => env().DEFAULT_CURRENCY,
};

/** The endpoints under src/pages/api/cart, wired to the process database and shopper. */
export const cart = cartRoutes(defaultCartDeps);
/** The bulk endpoints (src/pages/api/cart/add-many.ts, resolve-lines.ts): "add selected" and quick order. */
export const bulkCart = bulkCartRoutes(defaultCartDeps);
/**
 * The buy box's and My Items' plain HTML forms (src/pages/[...lang]/cart/add.astro), and the quick order
 * page's (src/pages/[...lang]/quick-order.astro).
 */
export const { submitCartForm, submitQuickOrderForm } = cartForms(defaultCartDeps);
/** The quick order page's preview of typed or uploaded lines, as POST /api/cart/resolve-lines answers it. */
export const resolveQuickLines = quickLineResolver(defaultCartDeps);

/** What signing in, signing out and choosing a currency do to the cart: handed to the auth endpoints (src/lib/server/auth-endpoints.ts). */
export const cartHandOver = { readCartCookie, clearCartCookie, mergeGuestCartIntoAccount, moveCartToCurrency };
// A scheduled reorder (src/lib/server/scheduled-reorders) fills a cart of its buyer's as a reorder does.
export { addToCart } from './mutations.ts';
export { lockCartHolder, setActiveCart } from './queries.ts';
