// Checkout rules without I/O (see docs/checkout.md): step order, visited marks, which steps are
// available, and where a guard sends the shopper. Used by the on-demand checkout pages (server-side
// redirects before anything renders) and by the wizard island (step navigation).

export const CHECKOUT_STEPS = ['shipping', 'billing', 'payment'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
/** Every page of the checkout: the start, the three steps, processing and the confirmation. */
export type CheckoutPage = 'start' | CheckoutStep | 'processing' | 'thank-you';

export interface StepState {
  current: CheckoutStep | null;
  visited: readonly CheckoutStep[];
}

export const EMPTY_STEP_STATE: StepState = { current: null, visited: [] };

/** Moving to a step makes it current and marks it visited. */
export function moveToStep(state: StepState, step: CheckoutStep): StepState {
  return { current: step, visited: state.visited.includes(step) ? state.visited : [...state.visited, step] };
}

/** A step is available if it was visited, or the current step is at or past it, or no step is current. */
export function isStepAvailable(state: StepState, step: CheckoutStep): boolean {
  if (state.current === null) return true;
  if (state.visited.includes(step)) return true;
  return CHECKOUT_STEPS.indexOf(state.current) >= CHECKOUT_STEPS.indexOf(step);
}

export interface GuardCart {
  itemCount: number;
  hasShippingAddress: boolean;
  /** A shipping method with a methodCode is stored: the shipping step is done. */
  hasShippingMethod: boolean;
  hasBillingAddress: boolean;
}

export interface GuardInput {
  page: CheckoutPage;
  /** null when the shopper has no cart (or an empty one counts as none: nothing to check out). */
  cart: GuardCart | null;
  /** A user-token (or a refresh cookie that renews it) is present. */
  signedIn: boolean;
  isGuestUserEnabled: boolean;
  isCheckoutRegistrationEnabled: boolean;
}

/** The shipping step counts as done once a shipping address and a shipping method with a methodCode exist. */
const isShippingDone = (cart: GuardCart | null): boolean => Boolean(cart?.hasShippingAddress && cart.hasShippingMethod);

/**
 * Where the shopper must go instead of `page`, or null to stay:
 * - pages other than the start and the thank-you page need a cart, else '/';
 * - without a user token, with neither guest checkout nor registration enabled, '/checkout';
 * - billing needs a shipping address and method, payment needs a billing address too, else '/checkout'.
 * Returned paths are locale-neutral; the caller prefixes the locale.
 */
export function checkoutRedirect(input: GuardInput): string | null {
  const { page, cart } = input;
  if (page === 'start' || page === 'thank-you') return null;
  if (!cart || cart.itemCount === 0) return page === 'processing' ? null : '/';
  if (page === 'processing') return null;
  if (!input.signedIn && !mayCheckOutWithoutLogin(input)) return '/checkout';
  if (page === 'billing' || page === 'payment') {
    if (!isShippingDone(cart)) return '/checkout';
  }
  if (page === 'payment' && !cart.hasBillingAddress) return '/checkout';
  return null;
}

/**
 * Where /checkout sends a shopper who may check out: the first step that is not done yet. Guests
 * without the right to check out stay on the start page, which offers the login.
 */
export function firstOpenStep(cart: GuardCart): CheckoutStep {
  if (!isShippingDone(cart)) return 'shipping';
  if (!cart.hasBillingAddress) return 'billing';
  return 'payment';
}

/** Whether a shopper who is not signed in may go on as a guest or by registering with the order. */
export function mayCheckOutWithoutLogin(features: {
  isGuestUserEnabled: boolean;
  isCheckoutRegistrationEnabled: boolean;
}): boolean {
  return features.isGuestUserEnabled || features.isCheckoutRegistrationEnabled;
}
