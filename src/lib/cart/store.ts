// The shopper's cart: the full cart as the server last returned it, the header count derived from it,
// and the actions the cart islands call.
//
// - The cart starts itself: the first island that shows it ($cart or $cartCount: the header count is
//   on every page) mounts the store, which reads the cart, re-reads it when the signed-in state
//   changes, and takes the product page's add-to-cart requests. Nothing runs at import.
// - Changes run one after another, each on the version the previous one returned. Every answer goes
//   through adoptCart(), the store's one writer: an answer older than the cart on screen, or meant
//   for the shopper before a login or logout, is dropped, so the cart never steps back.
// - Errors become danger notifications by message key, which the notification area (on every page)
//   says in the page's language; an outdated cart is read again first, so no line is lost from the screen.
import { atom, computed, onMount } from 'nanostores';
import { addToCart, CartOutdatedError, getCart, removeFromCart, updateCartQuantity, updateCoupon } from './client.ts';
import { ApiClientError } from '../http/client.ts';
import { cartErrorKey, isStaleCartError, type CartMessageKey } from './display.ts';
import { hasCartMarker, MAX_QUANTITY } from './rules.ts';
import type { Cart } from './contract.ts';
import { $pendingAddToCart, clearPendingAddToCart, type AddToCartRequest } from './requests.ts';
import { pageLocale } from '../i18n/page-locale.ts';
import { notify } from '../shell/notifications.ts';
import { reportFailure } from '../shell/report.ts';
import { $loggedIn } from '../auth/session-store.ts';
import { $cartSidebarOpen } from '../shell/ui-store.ts';

export type { Cart };

/** What the store knows: nothing yet, or the cart (null: the shopper has none). */
type CartState = { read: false } | { read: true; cart: Cart | null };

// The state behind the public stores below, exported only so tests can reset it and wait on it;
// islands read $cart, $cartCount and $cartLoading and change the cart only through the actions.
/** @internal Test seam: tests reset it between cases. */
export const $cartState = atom<CartState>({ read: false });
/**
 * Counts shopper changes (login, logout, a placed order): an answer for an earlier shopper is not taken.
 * @internal Test seam: tests reset it between cases.
 */
export const $cartShopper = atom(0);
/**
 * Changes in flight, chained so each one starts on the version the previous one returned.
 * @internal Test seam: tests reset it and await it to let queued changes finish.
 */
export const $cartQueue = atom<Promise<unknown>>(Promise.resolve());
/**
 * How many server calls are under way.
 * @internal Test seam: tests reset it between cases.
 */
export const $cartRunning = atom(0);

/** The full cart, or null when the shopper has none (or it is not read yet). */
export const $cart = computed($cartState, (state) => (state.read ? state.cart : null));
export const $cartLoading = computed($cartRunning, (running) => running > 0);
/** The header badge: pieces in the cart. */
export const $cartCount = computed($cart, (cart) => cart?.items_qty ?? 0);
/** The translated error texts; the cart sidebar (on every page with a header) puts them in. */

export type CartOutcome = { ok: true } | { ok: false; key: CartMessageKey };

/**
 * The one writer of the cart: takes a server answer unless the cart on screen is a newer version of
 * the same cart or the answer was meant for another shopper. Checkout answers come through here too.
 */
export function adoptCart(cart: Cart | null, forShopper = $cartShopper.get()): void {
  if (forShopper !== $cartShopper.get()) return;
  const current = $cart.get();
  if (cart && current && cart.id === current.id && cart.version < current.version) return;
  $cartState.set({ read: true, cart });
}

/** Forgets the cart (login, logout, a placed order); answers still on their way are dropped. */
export function clearCart(): void {
  $cartShopper.set($cartShopper.get() + 1);
  $cartState.set({ read: false });
}

function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = $cartQueue.get().then(task, task);
  $cartQueue.set(run.catch(() => undefined));
  return run;
}

async function busy<T>(task: () => Promise<T>): Promise<T> {
  $cartRunning.set($cartRunning.get() + 1);
  try {
    return await task();
  } finally {
    $cartRunning.set($cartRunning.get() - 1);
  }
}

async function read(): Promise<void> {
  const shopper = $cartShopper.get();
  try {
    adoptCart(await busy(() => getCart({ locale: pageLocale() })), shopper);
  } catch (error) {
    reportFailure('cart: could not be read', error);
  }
}

/** Reads the cart unless it is read already; a guest without the cart marker has none to read. */
function loadCart(): Promise<void> {
  return serial(async () => {
    if ($cartState.get().read) return;
    const noCart = typeof document !== 'undefined' && !$loggedIn.get() && !hasCartMarker(document.cookie);
    if (noCart) return adoptCart(null);
    await read();
  });
}

function say(key: CartMessageKey): void {
  notify('', { kind: 'danger', feedback: key });
}

/** Turns a failure into an outcome; stale carts are read again first, the message names what happened. */
async function failed(error: unknown, shopper: number, silent: boolean): Promise<CartOutcome> {
  let key: CartMessageKey;
  if (error instanceof CartOutdatedError) {
    adoptCart(error.cart, shopper);
    key = 'cart.outdated';
  } else if (error instanceof ApiClientError) {
    key = cartErrorKey(error.code);
    if (isStaleCartError(error.code)) await read();
  } else {
    reportFailure('cart: change failed', error);
    key = 'cart.error.generic';
  }
  if (!silent) say(key);
  return { ok: false, key };
}

function change(call: (cart: Cart | null) => Promise<Cart>, { silent = false } = {}): Promise<CartOutcome> {
  return serial(async () => {
    const shopper = $cartShopper.get();
    try {
      adoptCart(await busy(() => call($cart.get())), shopper);
      return { ok: true } as const;
    } catch (error) {
      return failed(error, shopper, silent);
    }
  });
}

const noCart = () => new ApiClientError('CART_NOT_FOUND', 'No cart', 404);

/** Adds without a version: the server serialises parallel adds and sums a repeated line. */
function add(request: AddToCartRequest): Promise<CartOutcome> {
  return change(() =>
    addToCart(
      { sku: request.sku, quantity: request.quantity, accessories: request.accessories },
      { locale: pageLocale() },
    ),
  );
}

export function remove(lineId: string): Promise<CartOutcome> {
  return change(async (cart) => {
    if (!cart) throw noCart();
    return removeFromCart({ lineId, version: cart.version }, { locale: pageLocale(), retry: true });
  });
}

/** Quantity 0 removes the line. A quantity the cart cannot hold is a danger notification. */
export function setQuantity(lineId: string, quantity: number): Promise<CartOutcome> {
  if (quantity === 0) return remove(lineId);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    const key = cartErrorKey('INVALID_QUANTITY');
    say(key);
    return Promise.resolve({ ok: false, key });
  }
  return change(async (cart) => {
    if (!cart) throw noCart();
    return updateCartQuantity({ lineId, quantity, version: cart.version }, { locale: pageLocale(), retry: true });
  });
}

/** An empty code removes the coupon. Coupon problems are returned for the form to show, not notified. */
export function applyCoupon(code: string): Promise<CartOutcome> {
  return change(
    async (cart) => {
      if (!cart) throw noCart();
      return updateCoupon({ code: code.trim(), version: cart.version }, { locale: pageLocale(), retry: true });
    },
    { silent: true },
  );
}

/** Takes a request from the product page and shows the cart with it. */
async function takeRequest(request: AddToCartRequest | null): Promise<void> {
  if (!request) return;
  clearPendingAddToCart();
  if ((await add(request)).ok) $cartSidebarOpen.set(true);
}

onMount($cartState, () => {
  // Islands are also rendered on the server, where there is no shopper and no cart to read.
  if (typeof document === 'undefined') return;
  void loadCart();
  let signedIn = $loggedIn.get();
  const stopSession = $loggedIn.listen((now) => {
    if (now === signedIn) return;
    signedIn = now;
    clearCart();
    void loadCart();
  });
  const stopRequests = $pendingAddToCart.subscribe((request) => void takeRequest(request));
  return () => {
    stopSession();
    stopRequests();
  };
});
