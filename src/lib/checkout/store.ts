// The checkout's browser state: step visited marks, kept in session storage so the
// step bar survives page loads, and the current order attempt, whose idempotency key is re-sent by a
// double click, a retry after a network error or a reload, so one attempt gives one order.
import { atom } from 'nanostores';
import { z } from 'astro/zod';
import { CHECKOUT_STEPS, EMPTY_STEP_STATE, moveToStep, type CheckoutStep, type StepState } from './rules.ts';
import { getCart } from '../cart/client.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Cart } from '../cart/contract.ts';
import { adoptCart, clearCart } from '../cart/store.ts';
import { reportFailure } from '../shell/report.ts';

export const CHECKOUT_STEPS_KEY = 'vsf-checkout-steps';
export const ORDER_ATTEMPT_KEY = 'vsf-checkout-attempt';

const stepSchema = z.enum(CHECKOUT_STEPS);
const stepStateSchema = z.object({ current: stepSchema.nullable(), visited: z.array(stepSchema) });
const attemptSchema = z.object({ key: z.string().uuid(), cartId: z.string(), version: z.number().int() });
export type OrderAttempt = z.infer<typeof attemptSchema>;

export const $checkoutSteps = atom<StepState>(EMPTY_STEP_STATE);

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    // Disabled storage or a hand-edited value: start afresh.
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the state lasts for this page only.
  }
}

/** Moving to a step makes it current and marks it visited. */
export function enterStep(step: CheckoutStep): StepState {
  const next = moveToStep(read(CHECKOUT_STEPS_KEY, stepStateSchema) ?? $checkoutSteps.get(), step);
  $checkoutSteps.set(next);
  write(CHECKOUT_STEPS_KEY, next);
  return next;
}

/** Clears the checkout state (after an order exists, the cart is gone). */
export function clearCheckoutState(): void {
  $checkoutSteps.set(EMPTY_STEP_STATE);
  write(CHECKOUT_STEPS_KEY, null);
  write(ORDER_ATTEMPT_KEY, null);
}

/**
 * The order attempt for this cart as the shopper sees it: the stored one while the cart id and version
 * are unchanged, else a fresh key. A changed cart is a new attempt (the server would refuse the old
 * version anyway).
 */
export function orderAttempt(cartId: string, version: number, newKey: () => string = () => crypto.randomUUID()): OrderAttempt {
  const stored = read(ORDER_ATTEMPT_KEY, attemptSchema);
  if (stored && stored.cartId === cartId && stored.version === version) return stored;
  const attempt = { key: newKey(), cartId, version };
  write(ORDER_ATTEMPT_KEY, attempt);
  return attempt;
}

/** After a 409 the cart on screen is stale: read it again so totals and version are current. */
export async function refreshCart(locale: Locale): Promise<Cart | null> {
  try {
    const cart = await getCart({ locale });
    if (cart) adoptCart(cart);
    return cart;
  } catch (error) {
    reportFailure('checkout: could not re-read the cart', error);
    return null;
  }
}

/** The order exists: the cart is gone, and with it the checkout's state. */
export function finishCheckout(): void {
  clearCart();
  clearCheckoutState();
}
