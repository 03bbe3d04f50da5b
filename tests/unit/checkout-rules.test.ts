import { describe, expect, test } from 'vitest';
import {
  checkoutRedirect,
  EMPTY_STEP_STATE,
  firstOpenStep,
  isStepAvailable,
  mayCheckOutWithoutLogin,
  moveToStep,
  type CheckoutPage,
  type GuardCart,
  type GuardInput,
} from '#lib/checkout/rules.ts';

const cart = (over: Partial<GuardCart> = {}): GuardCart => ({
  itemCount: 2,
  hasShippingAddress: false,
  hasShippingMethod: false,
  hasBillingAddress: false,
  ...over,
});
const ready = cart({ hasShippingAddress: true, hasShippingMethod: true, hasBillingAddress: true });
const guard = (over: Partial<GuardInput>): GuardInput => ({
  page: 'shipping',
  cart: cart(),
  signedIn: false,
  isGuestUserEnabled: true,
  isCheckoutRegistrationEnabled: true,
  ...over,
});

describe('moveToStep', () => {
  test('makes the step current and marks it visited', () => {
    expect(moveToStep(EMPTY_STEP_STATE, 'shipping')).toEqual({ current: 'shipping', visited: ['shipping'] });
  });

  test('keeps earlier visits and marks a step only once', () => {
    const state = moveToStep(moveToStep(moveToStep(EMPTY_STEP_STATE, 'shipping'), 'billing'), 'shipping');
    expect(state).toEqual({ current: 'shipping', visited: ['shipping', 'billing'] });
  });
});

describe('isStepAvailable', () => {
  test('every step is available when no step is current', () => {
    for (const step of ['shipping', 'billing', 'payment'] as const)
      expect(isStepAvailable(EMPTY_STEP_STATE, step)).toBe(true);
  });

  test('steps at or before the current one are available, later unvisited ones are not', () => {
    const state = { current: 'billing' as const, visited: [] };
    expect(isStepAvailable(state, 'shipping')).toBe(true);
    expect(isStepAvailable(state, 'billing')).toBe(true);
    expect(isStepAvailable(state, 'payment')).toBe(false);
  });

  test('a visited later step stays available after going back', () => {
    const state = { current: 'shipping' as const, visited: ['shipping', 'billing', 'payment'] as const };
    expect(isStepAvailable(state, 'payment')).toBe(true);
  });
});

describe('the shipping step', () => {
  test('is done with a shipping address and a shipping method', () => {
    expect(firstOpenStep(cart({ hasShippingAddress: true }))).toBe('shipping');
    expect(firstOpenStep(cart({ hasShippingMethod: true }))).toBe('shipping');
    expect(firstOpenStep(cart({ hasShippingAddress: true, hasShippingMethod: true }))).toBe('billing');
  });
});

describe('checkoutRedirect', () => {
  test('the start and thank-you pages never redirect', () => {
    for (const page of ['start', 'thank-you'] as const) {
      expect(
        checkoutRedirect(guard({ page, cart: null, isGuestUserEnabled: false, isCheckoutRegistrationEnabled: false })),
      ).toBeNull();
    }
  });

  test('steps without a cart, or with an empty one, go home', () => {
    for (const page of ['shipping', 'billing', 'payment'] as const) {
      expect(checkoutRedirect(guard({ page, cart: null }))).toBe('/');
      expect(checkoutRedirect(guard({ page, cart: cart({ itemCount: 0 }) }))).toBe('/');
    }
  });

  test('the processing page stays without a cart (the order took it)', () => {
    expect(checkoutRedirect(guard({ page: 'processing', cart: null }))).toBeNull();
    expect(checkoutRedirect(guard({ page: 'processing', cart: ready }))).toBeNull();
  });

  test('a guest goes to /checkout when neither guest checkout nor registration is enabled', () => {
    const closed = { isGuestUserEnabled: false, isCheckoutRegistrationEnabled: false };
    expect(checkoutRedirect(guard({ page: 'shipping', ...closed }))).toBe('/checkout');
    expect(checkoutRedirect(guard({ page: 'payment', cart: ready, ...closed }))).toBe('/checkout');
    expect(checkoutRedirect(guard({ page: 'shipping', signedIn: true, ...closed }))).toBeNull();
  });

  test('either guest checkout or registration lets a guest in', () => {
    expect(checkoutRedirect(guard({ isGuestUserEnabled: true, isCheckoutRegistrationEnabled: false }))).toBeNull();
    expect(checkoutRedirect(guard({ isGuestUserEnabled: false, isCheckoutRegistrationEnabled: true }))).toBeNull();
  });

  test('billing needs a shipping address and a shipping method', () => {
    expect(checkoutRedirect(guard({ page: 'billing', cart: cart() }))).toBe('/checkout');
    expect(checkoutRedirect(guard({ page: 'billing', cart: cart({ hasShippingAddress: true }) }))).toBe('/checkout');
    expect(checkoutRedirect(guard({ page: 'billing', cart: cart({ hasShippingMethod: true }) }))).toBe('/checkout');
    expect(
      checkoutRedirect(guard({ page: 'billing', cart: cart({ hasShippingAddress: true, hasShippingMethod: true }) })),
    ).toBeNull();
  });

  test('payment needs the shipping step done and a billing address', () => {
    expect(checkoutRedirect(guard({ page: 'payment', cart: cart({ hasBillingAddress: true }) }))).toBe('/checkout');
    expect(
      checkoutRedirect(guard({ page: 'payment', cart: cart({ hasShippingAddress: true, hasShippingMethod: true }) })),
    ).toBe('/checkout');
    expect(checkoutRedirect(guard({ page: 'payment', cart: ready }))).toBeNull();
  });

  test('the shipping step needs only a cart', () => {
    const pages: CheckoutPage[] = ['shipping'];
    for (const page of pages) expect(checkoutRedirect(guard({ page, cart: cart() }))).toBeNull();
  });
});

describe('firstOpenStep', () => {
  test('is the first step not done yet', () => {
    expect(firstOpenStep(cart())).toBe('shipping');
    expect(firstOpenStep(cart({ hasShippingAddress: true }))).toBe('shipping');
    expect(firstOpenStep(cart({ hasShippingAddress: true, hasShippingMethod: true }))).toBe('billing');
    expect(firstOpenStep(ready)).toBe('payment');
  });
});

describe('mayCheckOutWithoutLogin', () => {
  test('is true when guest checkout or checkout registration is enabled', () => {
    expect(mayCheckOutWithoutLogin({ isGuestUserEnabled: true, isCheckoutRegistrationEnabled: false })).toBe(true);
    expect(mayCheckOutWithoutLogin({ isGuestUserEnabled: false, isCheckoutRegistrationEnabled: true })).toBe(true);
    expect(mayCheckOutWithoutLogin({ isGuestUserEnabled: false, isCheckoutRegistrationEnabled: false })).toBe(false);
  });
});
