// GA4 e-commerce events: nothing reaches the data layer before analytics consent (or without a
// container id); after it, the cart and checkout stores give the standard events and payloads.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { setPersistentEngine } from '@nanostores/persistent';
import { resetStores } from '#tests/helpers/stores.ts';
import { $consent } from '#lib/shell/consent-store.ts';
import { $tagManagerId } from '#lib/shell/tag-manager.ts';
import {
  $checkoutBeginCounted,
  pageEvents,
  startAnalytics,
  trackPaymentInfo,
  trackPurchase,
  type PageData,
} from '#lib/app/analytics.ts';
import { cartChanges, viewItemFromJsonLd } from '#lib/app/analytics-events.ts';
import { $cartState } from '#lib/cart/store.ts';
import { $orderAttempt } from '#lib/checkout/store.ts';
import { $checkoutSteps, enterStep } from '#lib/checkout/steps-store.ts';
import { EMPTY_STEP_STATE } from '#lib/checkout/rules.ts';
import type { Cart, CartItem } from '#lib/cart/contract.ts';

const CART_ID = '00000000-0000-4000-8000-0000000000c1';

function line(id: string, sku: string, quantity: number, price = 10.1): CartItem {
  return {
    id,
    sku,
    name: `Name ${sku}`,
    image: null,
    customerItemNumber: null,
    quote: null,
    orderUnit: 'C62',
    taxRatePercent: 19,
    itemnum: sku,
    quantity,
    price: { regular: price, special: null },
    priceInfo: null,
    rowTotal: price * quantity,
    rowTotalInclTax: null,
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

function cart(version: number, lines: CartItem[], id = CART_ID): Cart {
  return {
    id,
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
    pricesHash: `p${version}`,
  };
}

const PRODUCT_PAGE: PageData = {
  jsonLd: [
    { '@type': 'BreadcrumbList' },
    { '@type': 'Product', sku: 'ASR-10003', name: 'Drill', offers: { price: '188.99', priceCurrency: 'EUR' } },
  ],
  listName: 'Drill',
  cards: [],
  currency: 'EUR',
};

const layer = () => (globalThis as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [];
const pushed = () => layer().filter((e) => 'event' in e);

describe('analytics', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    setPersistentEngine({}, { addEventListener() {}, removeEventListener() {} });
    delete (globalThis as { dataLayer?: unknown }).dataLayer;
  });
  afterEach(() => {
    stop();
    resetStores([$consent, $tagManagerId, $cartState, $checkoutSteps, $orderAttempt, $checkoutBeginCounted]);
  });

  test('pushes nothing before consent, after a refusal, or without a container id', () => {
    $tagManagerId.set('GTM-TEST');
    for (const consent of ['undecided', false] as const) {
      $consent.set(consent);
      stop = startAnalytics(PRODUCT_PAGE);
      $cartState.set({ read: true, cart: cart(1, []) });
      $cartState.set({ read: true, cart: cart(2, [line('a', 'SKU-1', 1)]) });
      enterStep('shipping');
      trackPaymentInfo(cart(2, [line('a', 'SKU-1', 1)]), 'invoice');
      stop();
      resetStores([$cartState, $checkoutSteps]);
    }
    $tagManagerId.set(undefined);
    $consent.set(true);
    stop = startAnalytics(PRODUCT_PAGE);
    $cartState.set({ read: true, cart: cart(1, []) });
    $cartState.set({ read: true, cart: cart(2, [line('a', 'SKU-1', 1)]) });
    expect(layer()).toEqual([]);
  });

  test('after consent: view_item from the product JSON-LD, then add and remove from cart changes', () => {
    $tagManagerId.set('GTM-TEST');
    $consent.set(true);
    $cartState.set({ read: true, cart: cart(1, [line('a', 'SKU-1', 1)]) });
    stop = startAnalytics(PRODUCT_PAGE);
    $cartState.set({ read: true, cart: cart(2, [line('a', 'SKU-1', 3), line('b', 'SKU-2', 1, 0.2)]) });
    $cartState.set({ read: true, cart: cart(3, [line('b', 'SKU-2', 1, 0.2)]) });
    expect(pushed()).toEqual([
      {
        event: 'view_item',
        ecommerce: {
          currency: 'EUR',
          value: 188.99,
          items: [{ item_id: 'ASR-10003', item_name: 'Drill', price: 188.99, quantity: 1 }],
        },
      },
      {
        event: 'add_to_cart',
        ecommerce: {
          currency: 'EUR',
          value: 20.4,
          items: [
            { item_id: 'SKU-1', item_name: 'Name SKU-1', price: 10.1, quantity: 2 },
            { item_id: 'SKU-2', item_name: 'Name SKU-2', price: 0.2, quantity: 1 },
          ],
        },
      },
      {
        event: 'remove_from_cart',
        ecommerce: {
          currency: 'EUR',
          value: 30.3,
          items: [{ item_id: 'SKU-1', item_name: 'Name SKU-1', price: 10.1, quantity: 3 }],
        },
      },
    ]);
    // GA4 asks for the previous ecommerce object to be cleared before each event.
    expect(layer().filter((e) => e.ecommerce === null)).toHaveLength(3);
  });

  test('a guest without a cart adds the first product, and removing the last line (cart gone) is a removal', () => {
    $tagManagerId.set('GTM-TEST');
    $consent.set(true);
    $cartState.set({ read: true, cart: null });
    stop = startAnalytics({ ...PRODUCT_PAGE, jsonLd: [] });
    $cartState.set({ read: true, cart: cart(1, [line('a', 'SKU-1', 2)]) });
    $cartState.set({ read: true, cart: null });
    const items = [{ item_id: 'SKU-1', item_name: 'Name SKU-1', price: 10.1, quantity: 2 }];
    expect(pushed()).toEqual([
      { event: 'add_to_cart', ecommerce: { currency: 'EUR', value: 20.2, items } },
      { event: 'remove_from_cart', ecommerce: { currency: 'EUR', value: 20.2, items } },
    ]);
  });

  test('the first cart read, a login (another cart) and a cleared cart are baselines, not shopper changes', () => {
    $tagManagerId.set('GTM-TEST');
    $consent.set(true);
    stop = startAnalytics({ ...PRODUCT_PAGE, jsonLd: [] });
    $cartState.set({ read: true, cart: cart(4, [line('a', 'SKU-1', 2)]) });
    $cartState.set({ read: true, cart: cart(1, [line('c', 'SKU-3', 5)], '00000000-0000-4000-8000-0000000000c2') });
    $cartState.set({ read: false });
    $cartState.set({ read: true, cart: cart(2, [line('c', 'SKU-3', 5)], '00000000-0000-4000-8000-0000000000c2') });
    expect(pushed()).toEqual([]);
  });

  test('begin_checkout once, when the first checkout step is entered; payment info and purchase from the order', () => {
    $tagManagerId.set('GTM-TEST');
    $consent.set(true);
    const lines = [line('a', 'SKU-1', 2)];
    stop = startAnalytics({ ...PRODUCT_PAGE, jsonLd: [] });
    enterStep('shipping');
    expect(pushed()).toEqual([]);
    $cartState.set({ read: true, cart: cart(1, lines) });
    enterStep('billing');
    // A reload of a step page starts analytics again: the checkout is counted already.
    stop();
    stop = startAnalytics({ ...PRODUCT_PAGE, jsonLd: [] });
    enterStep('shipping');
    trackPaymentInfo(cart(1, lines), 'invoice');
    trackPurchase({
      transactionnum: 'T-1',
      cartInfo: { ...cart(1, lines), totals: { ...TOTALS, tax_amount: 3.84, shipping_amount: 5.95 } },
    });
    const items = [{ item_id: 'SKU-1', item_name: 'Name SKU-1', price: 10.1, quantity: 2 }];
    expect(pushed()).toEqual([
      { event: 'begin_checkout', ecommerce: { currency: 'EUR', value: 20.2, items } },
      { event: 'add_payment_info', ecommerce: { currency: 'EUR', value: 20.2, items, payment_type: 'invoice' } },
      {
        event: 'purchase',
        ecommerce: { currency: 'EUR', value: 20.2, items, transaction_id: 'T-1', tax: 3.84, shipping: 5.95 },
      },
    ]);
    expect($checkoutSteps.get()).not.toEqual(EMPTY_STEP_STATE);
  });
});

const TOTALS = {
  subtotal_excl_tax: 20.2,
  subtotal_incl_tax: 24.04,
  subtotal_with_discount: 20.2,
  discount_amount: 0,
  coupon_amount: 0,
  coupon_incl_tax: 0,
  shipping_amount: 0,
  shipping_incl_tax: 0,
  tax_amount: 0,
  grandTotalExclTax: 20.2,
  grandTotalIncTax: 24.04,
  taxes: [],
};

describe('pageEvents', () => {
  test('a listing gives view_item_list with each card in order', () => {
    expect(
      pageEvents({
        jsonLd: [],
        listName: 'Drills',
        cards: [
          { sku: 'A', name: 'a' },
          { sku: 'B', name: 'b' },
        ],
        currency: 'GBP',
      }),
    ).toEqual([
      {
        event: 'view_item_list',
        ecommerce: {
          currency: 'GBP',
          value: 0,
          item_list_name: 'Drills',
          items: [
            { item_id: 'A', item_name: 'a', quantity: 1, index: 0 },
            { item_id: 'B', item_name: 'b', quantity: 1, index: 1 },
          ],
        },
      },
    ]);
  });
  test('a product without a guest offer has no price, and a page without a Product none', () => {
    expect(viewItemFromJsonLd([{ '@type': 'Product', sku: 'A', name: 'a' }])?.ecommerce.items).toEqual([
      { item_id: 'A', item_name: 'a', quantity: 1 },
    ]);
    expect(viewItemFromJsonLd([{ '@type': 'BreadcrumbList' }, null])).toBeNull();
  });
  test('cartChanges sees no change without an earlier reading', () => {
    expect(cartChanges(null, cart(1, [line('a', 'SKU-1', 1)]))).toEqual([]);
  });
});
