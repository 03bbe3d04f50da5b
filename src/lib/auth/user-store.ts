// The signed-in user, apart from the auth store's forms: the shell follows a signed-in shopper's
// session on every page (user, currency, account wishlist), and the account area signs out, without
// the login and registration validation (zod) that the auth store (store.ts) brings for its forms.
import { atom, onMount } from 'nanostores';
import { fetchCurrentUser } from './client.ts';
import type { User } from './contract.ts';
import { $loggedIn, setLoggedIn } from './session-store.ts';
import { setCurrency } from '../catalog/currency-store.ts';
import { reportFailure } from '../shell/report.ts';
import { loadAccountWishlist } from '../wishlist/store.ts';

/**
 * The signed-in user, or null for a guest. While observed it follows the signed-in state: when that
 * turns on (the session marker cookie, or another island's login) the user is loaded from the server.
 */
export const $user = atom<User | null>(null);

/** The one writer of $user, and with it of the signed-in flag. */
export function setSession(user: User | null): void {
  $user.set(user);
  setLoggedIn(user !== null);
}

export function adopt(user: User): void {
  // After login prices are formatted in the user's currency.
  setCurrency(user.currency);
  setSession(user);
}

/** The signed-in user; a session that is gone turns the page into a guest's. */
async function loadUser(): Promise<void> {
  try {
    const user = await fetchCurrentUser();
    if (!user) {
      setSession(null);
      return;
    }
    adopt(user);
    await loadAccountWishlist();
  } catch (error) {
    reportFailure('auth: could not load the current user', error);
  }
}

// When the logged-in state changes, the user is reloaded.
onMount($user, () =>
  $loggedIn.subscribe((loggedIn) => {
    if (!loggedIn) setSession(null);
    else if (!$user.get()) void loadUser();
  }),
);
