// The checkout's browser state beside the step marks (steps-store.ts): the current order attempt, whose
// idempotency key is re-sent by a double click, a retry after a network error or a reload, so one
// attempt gives one order.
import { persistentAtom } from '@nanostores/persistent';
import { z } from 'astro/zod';
import { EMPTY_STEP_STATE } from './rules.ts';
import { $checkoutSteps } from './steps-store.ts';
import { getCart } from '../cart/client.ts';
import type { Locale } from '../i18n/locales.ts';
import type { Cart } from '../cart/contract.ts';
import { adoptCart, clearCart } from '../cart/store.ts';
import { reportFailure } from '../shell/report.ts';
import { sessionKey } from '../shell/web-storage.ts';

const ORDER_ATTEMPT_KEY = 'vsf-checkout-attempt';

const attemptSchema = z.object({ key: z.string().uuid(), cartId: z.string(), version: z.number().int() });
export type OrderAttempt = z.infer<typeof attemptSchema>;

/** The stored attempt as its schema says, or null: a hand-edited or outdated value starts afresh. */
function decodeAttempt(raw: string): OrderAttempt | null {
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The order attempt of this tab: its idempotency key and the cart version it was made for.
 * @internal Test seam: tests reset it between cases; the checkout goes through orderAttempt().
 */
export const $orderAttempt = persistentAtom<OrderAttempt | null>(sessionKey(ORDER_ATTEMPT_KEY), null, {
  encode: (attempt) => (attempt === null ? undefined : JSON.stringify(attempt)),
  decode: decodeAttempt,
});

/** Clears the checkout state (after an order exists, the cart is gone). */
function clearCheckoutState(): void {
  $checkoutSteps.set(EMPTY_STEP_STATE);
  $orderAttempt.set(null);
}

/**
 * The order attempt for this cart as the shopper sees it: the stored one while the cart id and version
 * are unchanged, else a fresh key. A changed cart is a new attempt (the server would refuse the old
 * version anyway).
 */
export function orderAttempt(
  cartId: string,
  version: number,
  newKey: () => string = () => crypto.randomUUID(),
): OrderAttempt {
  const stored = $orderAttempt.get();
  if (stored && stored.cartId === cartId && stored.version === version) return stored;
  const attempt = { key: newKey(), cartId, version };
  $orderAttempt.set(attempt);
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
