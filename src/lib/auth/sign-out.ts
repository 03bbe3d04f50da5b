// Signing out, apart from the auth store: the account area's "Log out" is a plain button whose page
// script (src/lib/account/logout-button.ts) loads this module when it is pressed. The auth store
// brings the login and registration forms' validation (zod) with it; signing out validates nothing,
// so it must not cost an account page that weight.
import { logout } from './client.ts';
import { setSession } from './user-store.ts';
import { clearCart } from '../cart/store.ts';
import { resetCurrency } from '../catalog/currency-store.ts';
import { notifyFeedback } from '../shell/notifications.ts';
import { clearLocalWishlist } from '../wishlist/store.ts';

/**
 * Ends the session on the server (the cart goes with it), then forgets the signed-in state, the cart,
 * the local wishlist (the account's stays on the server) and the account's currency here. Throws what
 * the logout call throws; nothing is forgotten then, since the shopper is still signed in.
 */
export async function signOut(): Promise<void> {
  await logout();
  clearCart();
  setSession(null);
  clearLocalWishlist();
  resetCurrency();
  // Signing out usually leaves the account area for the home page: the confirmation goes along.
  notifyFeedback('auth.signedOut', { carryOver: true });
}
