// The cart store against a fake integration layer: fetch is replaced at the HTTP boundary only.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { keepMount } from 'nanostores';
import { resetStores } from '#tests/helpers/stores.ts';
import {
  $cart,
  $cartCount,
  $cartQueue,
  $cartRunning,
  $cartShopper,
  $cartState,
  adoptCart,
  applyCoupon,
  clearCart,
  setQuantity,
} from '#lib/cart/store.ts';
import { $pendingAddToCart, requestAddToCart } from '#lib/cart/requests.ts';
import { $notifications } from '#lib/shell/notifications.ts';
import { $loggedIn } from '#lib/auth/session-store.ts';
import { $cartSidebarOpen } from '#lib/shell/ui-store.ts';
import { cartErrorKey, CART_MESSAGE_KEYS, totalsNoteKey, totalsView, type CartMessages } from '#lib/cart/display.ts';
import { cartSidebarStrings } from '#islands/cart/strings.ts';
import { de } from '#lib/i18n/messages/de.ts';
import { en } from '#lib/i18n/messages/en.ts';
import type { Cart, CartItem } from '#lib/cart/contract.ts';

const LINE_A = '00000000-0000-4000-8000-00000000000a';
const LINE_B = '00000000-0000-4000-8000-00000000000b';

function line(id: string, sku: string, quantity: number): CartItem {
  return {
    id,
    sku,
    name: sku,
    image: null,
    customerItemNumber: null,
    quote: null,
    orderUnit: 'C62',
    taxRatePercent: 19,
    itemnum: sku,
    quantity,
    price: { regular: 10, special: null },
    priceInfo: null,
    rowTotal: 10 * quantity,
    rowTotalInclTax: 11.9 * quantity,
    stock: null,
    availability: 'available',
    purchasable: true,
    quantityRule: { min: 1, step: 1 },
    quantityProblem: null,
    included: [],
    custom_attributes: [],
    selectedAddtionalProducts: {},
  };
}

function cart(version: number, lines: CartItem[]): Cart {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    version,
    currency: 'EUR',
    cartItems: lines,
    items_qty: lines.reduce((n, l) => n + l.quantity, 0),
    couponCode: null,
    couponStatus: null,
    billingAddress: null,
    shippingAddress: null,
    shippingMethod: null,
    newUser: false,
    displayExcludingTaxes: false,
    vatRatePercent: 19,
    taxNote: null,
    pricesVisible: true,
    totals: null,
    pricesHash: `prices-${version}`,
  };
}

const reply = (status: number, body: unknown) =>
  ({ ok: status < 400, status, statusText: '', json: async () => body }) as Response;
const outdated = () =>
  reply(409, {
    code: 'CART_OUTDATED_ERROR',
    message: 'Cart info or prices are outdated. Please refresh the page.',
    status: 409,
  });

describe('cartErrorKey', () => {
  test('maps the server codes to their own message keys, and anything else to the generic one', () => {
    expect(cartErrorKey('CART_OUTDATED_ERROR')).toBe('cart.outdated');
    expect(cartErrorKey('CART_NOT_FOUND')).toBe('cart.outdated');
    expect(cartErrorKey('INVALID_QUANTITY')).toBe('cart.error.INVALID_QUANTITY');
    expect(cartErrorKey('COUPON_EXPIRED')).toBe('cart.error.COUPON_EXPIRED');
    expect(cartErrorKey('COUPON_MIN_SUBTOTAL')).toBe('cart.error.COUPON_MIN_SUBTOTAL');
    expect(cartErrorKey('ACCESSORY_NOT_ALLOWED')).toBe('cart.error.ACCESSORY_NOT_ALLOWED');
    expect(cartErrorKey('PRODUCT_NOT_PURCHASABLE')).toBe('cart.error.PRODUCT_NOT_PURCHASABLE');
    expect(cartErrorKey('NETWORK_ERROR')).toBe('server.NETWORK_ERROR');
    expect(cartErrorKey('SOMETHING_NEW')).toBe('cart.error.generic');
  });
  test('every key has a text in every language the island is given', () => {
    for (const m of [en, de]) {
      const strings: CartMessages = cartSidebarStrings(m).errors;
      for (const key of CART_MESSAGE_KEYS) expect(strings[key], key).toMatch(/\S/);
    }
    expect(cartSidebarStrings(de).errors['cart.error.COUPON_EXPIRED']).toBe(de['cart.error.COUPON_EXPIRED']);
  });
});

describe('totalsView', () => {
  const totals = {
    subtotal_excl_tax: 100,
    subtotal_incl_tax: 119,
    subtotal_with_discount: 90,
    discount_amount: 10,
    coupon_amount: 10,
    coupon_incl_tax: 11.9,
    shipping_amount: 0,
    shipping_incl_tax: 0,
    tax_amount: 17.1,
    grandTotalExclTax: 90,
    grandTotalIncTax: 107.1,
    taxes: [{ ratePercent: 19, net: 90, tax: 17.1 }],
  };
  test('a shopper who pays VAT sees the total with VAT, plus shipping', () => {
    expect(totalsView({ totals, pricesVisible: true, displayExcludingTaxes: false })).toEqual({
      subtotal: 100,
      discount: 10,
      tax: 17.1,
      taxes: [{ ratePercent: 19, tax: 17.1 }],
      total: 107.1,
      taxNote: 'cart.plusShipping',
    });
  });
  test('a customer excluded from taxation sees the net total and the account note instead', () => {
    expect(
      totalsView({
        totals: { ...totals, tax_amount: 0, grandTotalIncTax: 90 },
        pricesVisible: true,
        displayExcludingTaxes: true,
      }),
    ).toMatchObject({ tax: 0, total: 90, taxNote: 'cart.excludedFromTax' });
  });
  test('an export or intra-Community supply never reads "incl. VAT": no VAT is in the total', () => {
    const exempt = { ...totals, tax_amount: 0, grandTotalIncTax: 90, taxes: [{ ratePercent: 0, net: 90, tax: 0 }] };
    for (const taxNote of ['REVERSE_CHARGE', 'FOREIGN', 'ONESTOPSHOP_FOREIGN'] as const) {
      const view = totalsView({ totals: exempt, pricesVisible: true, displayExcludingTaxes: false, taxNote })!;
      expect([view.taxes, view.total]).toEqual([[], 90]);
      expect([totalsNoteKey(view, false), totalsNoteKey(view, true)]).toEqual(['cart.plusShippingNoVat', 'cart.noVat']);
    }
    const domestic = totalsView({ totals, pricesVisible: true, displayExcludingTaxes: false, taxNote: null })!;
    expect([totalsNoteKey(domestic, false), totalsNoteKey(domestic, true)]).toEqual([
      'cart.plusShipping',
      'checkout.totals.inclTax',
    ]);
  });
  test('no totals without price permission', () => {
    expect(totalsView({ totals: null, pricesVisible: false, displayExcludingTaxes: false })).toBeNull();
  });
});

describe('cart store', () => {
  let calls: { path: string; body: Record<string, unknown> }[];
  let routes: Record<string, (body: Record<string, unknown>) => Response>;

  beforeEach(() => {
    calls = [];
    routes = {};
    vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      calls.push({ path, body });
      const route = routes[path];
      return route ? route(body) : reply(404, { code: 'NOT_FOUND', message: 'Not found', status: 404 });
    });
    // The island's page: English, so the store asks for English names; a guest who has a cart.
    vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: 'vsf-auth=0; vsf-has-cart=1' });
  });
  afterEach(() => {
    resetStores(
      [
        $cartState,
        $cartShopper,
        $cartQueue,
        $cartRunning,
        $notifications,
        $loggedIn,
        $cartSidebarOpen,
        $pendingAddToCart,
      ],
      [$cart, $cartCount],
    );
    vi.unstubAllGlobals();
  });

  test('a guest without the cart marker has no cart: nothing is asked of the server', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: 'vsf-consent=1' });
    keepMount($cartCount);
    await $cartQueue.get();
    expect(calls).toEqual([]);
    expect($cartState.get()).toEqual({ read: true, cart: null });
    expect($cartCount.get()).toBe(0);
  });

  test("a signed-in customer's cart is read whatever the marker says", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: 'vsf-auth=1' });
    routes['/api/cart/get'] = () => reply(200, { cart: cart(1, [line(LINE_A, 'A', 2)]) });
    $loggedIn.set(true);
    keepMount($cartCount);
    await vi.waitFor(() => expect($cartCount.get()).toBe(2));
    expect(calls.map((c) => c.path)).toEqual(['/api/cart/get']);
  });

  /** Mounts the store the way the header count does and waits for the first read. */
  const start = async (initial: Cart | null) => {
    routes['/api/cart/get'] = () => reply(200, { cart: initial });
    keepMount($cartCount);
    await vi.waitFor(() => expect($cartState.get().read).toBe(true));
  };

  test('reads the cart once when shown, and keeps the header count', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2), line(LINE_B, 'B', 1)]));
    // A second island showing the cart (the sidebar next to the header count) reads nothing more.
    keepMount($cart);
    await $cartQueue.get();
    expect(calls.filter((c) => c.path === '/api/cart/get')).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ locale: 'en' });
    expect($cartCount.get()).toBe(3);
  });

  test('nothing is read before something shows the cart', async () => {
    routes['/api/cart/get'] = () => reply(200, { cart: null });
    await Promise.resolve();
    expect(calls).toEqual([]);
  });

  test('quantity 0 removes the line', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2), line(LINE_B, 'B', 1)]));
    routes['/api/cart/remove'] = () => reply(200, { cart: cart(2, [line(LINE_B, 'B', 1)]) });
    expect(await setQuantity(LINE_A, 0)).toEqual({ ok: true });
    expect(calls.at(-1)).toEqual({ path: '/api/cart/remove', body: { lineId: LINE_A, version: 1, locale: 'en' } });
    expect($cart.get()!.cartItems.map((l) => l.id)).toEqual([LINE_B]);
    expect($cartCount.get()).toBe(1);
  });

  test('an outdated cart is read again and the translated outdated message shown; no line is lost', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2)]));
    // Meanwhile another tab removed line A and added B: the change no longer applies.
    const fresh = cart(3, [line(LINE_B, 'B', 5)]);
    routes['/api/cart/quantity'] = outdated;
    routes['/api/cart/get'] = () => reply(200, { cart: fresh });
    expect(await setQuantity(LINE_A, 4)).toEqual({ ok: false, key: 'cart.outdated' });
    expect($cart.get()).toEqual(fresh);
    expect($notifications.get().map((n) => [n.kind, n.feedback])).toEqual([['danger', 'cart.outdated']]);
  });

  test('an outdated version that still applies is retried on the fresh cart', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2)]));
    let attempts = 0;
    routes['/api/cart/get'] = () => reply(200, { cart: cart(2, [line(LINE_A, 'A', 2)]) });
    routes['/api/cart/quantity'] = (body) =>
      attempts++ === 0 ? outdated() : reply(200, { cart: cart(3, [line(LINE_A, 'A', body['quantity'] as number)]) });
    expect(await setQuantity(LINE_A, 4)).toEqual({ ok: true });
    expect(calls.filter((c) => c.path === '/api/cart/quantity').map((c) => c.body['version'])).toEqual([1, 2]);
    expect($cart.get()!.cartItems[0]!.quantity).toBe(4);
  });

  test('a rejected quantity becomes a danger notification with the translated message', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2)]));
    routes['/api/cart/quantity'] = () =>
      reply(400, { code: 'INVALID_QUANTITY', message: 'A cart line can hold at most 9999 pieces.', status: 400 });
    expect(await setQuantity(LINE_A, 9999)).toEqual({ ok: false, key: 'cart.error.INVALID_QUANTITY' });
    expect($notifications.get().at(-1)).toMatchObject({ kind: 'danger', feedback: 'cart.error.INVALID_QUANTITY' });
    expect($cart.get()!.cartItems[0]!.quantity).toBe(2);
  });

  test('coupon problems are returned for the form, not notified; an empty code removes the coupon', async () => {
    await start(cart(1, [line(LINE_A, 'A', 2)]));
    routes['/api/cart/coupon'] = (body) =>
      body['code'] === 'EXPIRED'
        ? reply(400, { code: 'COUPON_EXPIRED', message: 'This coupon code has expired.', status: 400 })
        : reply(200, { cart: cart(2, [line(LINE_A, 'A', 2)]) });
    expect(await applyCoupon(' EXPIRED ')).toEqual({ ok: false, key: 'cart.error.COUPON_EXPIRED' });
    expect(calls.at(-1)!.body['code']).toBe('EXPIRED');
    expect($notifications.get()).toEqual([]);
    expect(await applyCoupon('')).toEqual({ ok: true });
    expect(calls.at(-1)!.body).toEqual({ code: '', version: 1, locale: 'en' });
  });

  test('takes the product page request: adds without a version, then opens the sidebar', async () => {
    await start(null);
    routes['/api/cart/add'] = () => reply(200, { cart: cart(1, [line(LINE_A, 'A', 2)]) });
    requestAddToCart({ sku: 'A', quantity: 2, accessories: ['X'] });
    expect($pendingAddToCart.get()).toBeNull();
    await vi.waitFor(() => expect($cartSidebarOpen.get()).toBe(true));
    expect(calls.at(-1)).toEqual({
      path: '/api/cart/add',
      body: { sku: 'A', quantity: 2, accessories: ['X'], locale: 'en' },
    });
    expect($cartCount.get()).toBe(2);
  });

  test('a change of the signed-in state forgets the cart and reads it again', async () => {
    await start(cart(1, [line(LINE_A, 'A', 1)]));
    routes['/api/cart/get'] = () => reply(200, { cart: cart(5, [line(LINE_A, 'A', 3)]) });
    $loggedIn.set(true);
    await vi.waitFor(() => expect($cart.get()?.version).toBe(5));
    expect($cartCount.get()).toBe(3);
  });

  test('an answer for the shopper before a logout is not taken', async () => {
    await start(cart(1, [line(LINE_A, 'A', 1)]));
    let release: (r: Response) => void = () => {};
    routes['/api/cart/add'] = () =>
      new Promise<Response>((resolve) => {
        release = resolve;
      }) as unknown as Response;
    requestAddToCart({ sku: 'A', quantity: 1, accessories: [] });
    const adding = $cartQueue.get();
    await vi.waitFor(() => expect(calls.at(-1)?.path).toBe('/api/cart/add'));
    clearCart();
    release(reply(200, { cart: cart(2, [line(LINE_A, 'A', 2)]) }));
    await adding;
    expect($cart.get()).toBeNull();
  });

  test('an older version never replaces a newer one on screen', () => {
    adoptCart(cart(4, [line(LINE_A, 'A', 4)]));
    adoptCart(cart(3, [line(LINE_A, 'A', 3)]));
    expect($cart.get()?.version).toBe(4);
  });
});

describe('cart store on the server', () => {
  test('rendering an island that shows the cart reads nothing (there is no shopper at build time)', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    keepMount($cartCount);
    expect($cartCount.get()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 10));
    resetStores([$cartState, $cartShopper, $cartQueue, $cartRunning], [$cart, $cartCount]);
    vi.unstubAllGlobals();
    expect(fetch).not.toHaveBeenCalled();
  });
});
