// The shopper's cart (spec sections 2, 4, 5, 8): the full cart as the server last returned it, the
// header count derived from it, and the actions the cart islands call.
//
// - Nothing is fetched at import: connectCart() (called by the cart sidebar island, present on every
//   page with a header) reads the cart when not yet loaded, re-reads it when the signed-in state
//   changes, and takes over the product page's add-to-cart requests.
// - Changes run one after another, each on the version the previous one returned; a response older
//   than the cart on screen is ignored, so the cart never steps back.
// - Errors become danger notifications in the shopper's language (the island hands the texts in);
//   an outdated cart is read again first, so no line is lost from the screen.
import { atom, computed } from 'nanostores';
import {
  addToCart, CartOutdatedError, getCart, removeFromCart, updateCartQuantity, updateCoupon,
} from './client.ts';
import { ApiClientError } from '../http/client.ts';
import { cartErrorKey, isStaleCartError, type CartMessageKey, type CartMessages } from './display.ts';
import { MAX_QUANTITY } from './rules.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Cart } from './contract.ts';
import { $pendingAddToCart, clearPendingAddToCart, type AddToCartRequest } from './requests.ts';
import { notify } from '../shell/notifications.ts';
import { $loggedIn } from '../auth/session-store.ts';
import { $cartSidebarOpen } from '../shell/ui-store.ts';

export type { Cart };

/** The full cart, or null when the shopper has none (or it is not loaded yet). */
export const $cart = atom<Cart | null>(null);
export const $cartLoading = atom(false);
/** The header badge: pieces in the cart. */
export const $cartCount = computed($cart, (cart) => cart?.items_qty ?? 0);

export type CartOutcome = { ok: true } | { ok: false; key: CartMessageKey };

let loaded = false;
/** Bumped when the shopper changes (login, logout): answers for the previous one are dropped. */
let generation = 0;
let locale: Locale | undefined;
let messages: Partial<CartMessages> = {};
let queue: Promise<unknown> = Promise.resolve();

/** Takes a cart from the server unless the one on screen is already newer. */
function accept(cart: Cart | null, forGeneration: number): void {
  if (forGeneration !== generation) return;
  const current = $cart.get();
  if (cart && current && cart.id === current.id && cart.version < current.version) return;
  $cart.set(cart);
  loaded = true;
}

function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function read(): Promise<void> {
  const mine = generation;
  $cartLoading.set(true);
  try {
    accept(await getCart({ locale }), mine);
  } catch (error) {
    console.error('cart: could not be read', error);
  } finally {
    if (mine === generation) $cartLoading.set(false);
  }
}

/** Spec section 4: the cart is read when not yet loaded. */
export function loadCart(): Promise<void> {
  if (loaded) return Promise.resolve();
  return serial(() => (loaded ? Promise.resolve() : read()));
}

/** Forgets the cart (logout); the next load reads it again. */
export function clearCart(): void {
  generation++;
  loaded = false;
  $cart.set(null);
  $cartLoading.set(false);
}

/** Turns a failure into an outcome; stale carts are read again first, the message names what happened. */
async function failed(error: unknown, mine: number, silent = false): Promise<CartOutcome> {
  let key: CartMessageKey;
  if (error instanceof CartOutdatedError) {
    accept(error.cart, mine);
    key = 'cart.outdated';
  } else if (error instanceof ApiClientError) {
    key = cartErrorKey(error.code);
    if (isStaleCartError(error.code)) await read();
  } else {
    console.error('cart: change failed', error);
    key = 'cart.error.generic';
  }
  if (!silent) notify(messages[key] ?? messages['cart.error.generic'] ?? '', { kind: 'danger' });
  return { ok: false, key };
}

function change(call: (cart: Cart | null) => Promise<Cart>, options: { silent?: boolean } = {}): Promise<CartOutcome> {
  return serial(async () => {
    const mine = generation;
    $cartLoading.set(true);
    try {
      accept(await call($cart.get()), mine);
      return { ok: true } as const;
    } catch (error) {
      return failed(error, mine, options.silent);
    } finally {
      if (mine === generation) $cartLoading.set(false);
    }
  });
}

/** Adds without a version: the server serialises parallel adds and sums a repeated line (spec section 5). */
export function add(request: AddToCartRequest): Promise<CartOutcome> {
  return change(() => addToCart({ sku: request.sku, quantity: request.quantity, accessories: request.accessories }, { locale }));
}

export function remove(lineId: string): Promise<CartOutcome> {
  return change(async (cart) => {
    if (!cart) throw new ApiClientError('CART_LINE_NOT_FOUND', 'No cart', 404);
    return removeFromCart({ lineId, version: cart.version }, { locale, retry: true });
  });
}

/** Spec section 4: quantity 0 removes the line. A rejected quantity is a danger notification (section 8). */
export function setQuantity(lineId: string, quantity: number): Promise<CartOutcome> {
  if (quantity === 0) return remove(lineId);
  if (!Number.isInteger(quantity) || quantity < 0 || quantity > MAX_QUANTITY) {
    const key = cartErrorKey('INVALID_QUANTITY');
    notify(messages[key] ?? '', { kind: 'danger' });
    return Promise.resolve({ ok: false, key });
  }
  return change(async (cart) => {
    if (!cart) throw new ApiClientError('CART_LINE_NOT_FOUND', 'No cart', 404);
    return updateCartQuantity({ lineId, quantity, version: cart.version }, { locale, retry: true });
  });
}

/** An empty code removes the coupon. Coupon problems are returned for the form to show, not notified. */
export function applyCoupon(code: string): Promise<CartOutcome> {
  return change(async (cart) => {
    if (!cart) throw new ApiClientError('CART_NOT_FOUND', 'No cart', 404);
    return updateCoupon({ code: code.trim(), version: cart.version }, { locale, retry: true });
  }, { silent: true });
}

/** Takes a request from the product page and shows the cart with it. */
async function takeRequest(request: AddToCartRequest | null): Promise<void> {
  if (!request) return;
  clearPendingAddToCart();
  if ((await add(request)).ok) $cartSidebarOpen.set(true);
}

/**
 * Starts the cart for this page: the texts its errors need, the locale for product names, the first
 * read, reloads on login/logout (spec section 4) and the product page's add-to-cart requests.
 */
export function connectCart(options: { locale: Locale; messages: CartMessages }): () => void {
  locale = options.locale;
  messages = options.messages;
  let signedIn = $loggedIn.get();
  const stopSession = $loggedIn.subscribe((now) => {
    if (now === signedIn) return;
    signedIn = now;
    clearCart();
    void loadCart();
  });
  const stopRequests = $pendingAddToCart.subscribe((request) => void takeRequest(request));
  void loadCart();
  return () => {
    stopSession();
    stopRequests();
  };
}
