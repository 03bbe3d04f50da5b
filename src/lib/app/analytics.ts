// GA4 e-commerce events for the tag manager, derived from the stores the shop already has, so no
// island needs to know about analytics: the cart store's lines give add_to_cart / remove_from_cart,
// the checkout steps give begin_checkout, the page's own markup gives view_item / view_item_list.
// Started by the tag manager only once analytics consent is given; pushEvent checks the consent and
// the container id again for every event, so nothing is pushed before consent, or without an id.
import { persistentAtom } from '@nanostores/persistent';
import { $cartState, type Cart } from '../cart/store.ts';
import { $checkoutSteps } from '../checkout/steps-store.ts';
import { CURRENCY_COOKIE, isCurrency } from '../shared/currency.ts';
import type { PaymentMethodCode } from '../checkout/contract.ts';
import {
  cartChanges,
  cartEvent,
  purchaseEvent,
  viewItemFromJsonLd,
  viewItemList,
  type CartReading,
  type Ga4Event,
} from './analytics-events.ts';
import { pushEvent } from '../shell/tag-manager.ts';
import { sessionKey } from '../shell/web-storage.ts';

/**
 * Whether this tab's checkout was counted (begin_checkout), in session storage beside the step marks:
 * a step page's reload, a step entered before analytics started, or going back is not a new begin.
 * Exported as a test seam: tests reset it between cases.
 */
export const $checkoutBeginCounted = persistentAtom<boolean>(sessionKey('vsf-analytics-checkout'), false, {
  encode: (counted) => (counted ? '1' : undefined),
  decode: (raw) => raw === '1',
});

/** What the server rendered into the page that analytics reads. */
export interface PageData {
  jsonLd: unknown[];
  listName: string;
  cards: { sku: string; name: string }[];
  currency: string;
}

function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}

/** The page's product JSON-LD and product cards (a card is counted when it carries data-sku). */
export function readPage(): PageData {
  if (typeof document === 'undefined') return { jsonLd: [], listName: '', cards: [], currency: 'EUR' };
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    parseJson(s.textContent),
  );
  const cards = [...document.querySelectorAll<HTMLElement>('main .product-card[data-sku]')].map((card) => ({
    sku: card.dataset.sku ?? '',
    name: card.querySelector('.product-card-name')?.textContent?.trim() ?? '',
  }));
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${CURRENCY_COOKIE}=`))
    ?.split('=')[1];
  return {
    jsonLd,
    cards,
    currency: isCurrency(cookie) ? cookie : 'EUR',
    listName: document.querySelector('main h1')?.textContent?.trim() ?? '',
  };
}

export function pageEvents(page: PageData): Ga4Event[] {
  const item = viewItemFromJsonLd(page.jsonLd);
  const list = viewItemList(page.listName, page.cards, page.currency);
  return [item, list].filter((e): e is Ga4Event => e !== null);
}

/**
 * Pushes the page's events and follows the cart and the checkout from here on; returns the
 * unsubscribe. The cart is watched through its state atom, not $cart, so analytics never starts a
 * cart read itself (the header's count does that on every page).
 */
export function startAnalytics(page: PageData = readPage()): () => void {
  for (const event of pageEvents(page)) pushEvent(event);
  const reading = (): CartReading | null => {
    const state = $cartState.get();
    if (!state.read) return null;
    return state.cart ?? { id: null, currency: '', cartItems: [] };
  };
  // The cart as last read: null before the first read and after a login, logout or order (a new baseline).
  let previous = reading();
  // Mounted while analytics runs, so the stored mark is read before it is used.
  const offCounted = $checkoutBeginCounted.listen(() => undefined);
  const beginCheckout = () => {
    const steps = $checkoutSteps.get();
    // An empty step state is a finished (or never started) checkout: the next one is a new begin.
    if (steps.current === null && steps.visited.length === 0) {
      $checkoutBeginCounted.set(false);
      return;
    }
    const cart = reading();
    // Without a read cart it is tried again on the next cart change.
    if ($checkoutBeginCounted.get() || !cart?.id) return;
    if (pushEvent(cartEvent('begin_checkout', cart))) $checkoutBeginCounted.set(true);
  };
  beginCheckout();
  const offCart = $cartState.listen(() => {
    const next = reading();
    for (const event of cartChanges(previous, next)) pushEvent(event);
    previous = next;
    beginCheckout();
  });
  const offSteps = $checkoutSteps.listen(beginCheckout);
  return () => {
    offCounted();
    offCart();
    offSteps();
  };
}

/** The shopper placed the order with this method: the payment info they gave. */
export function trackPaymentInfo(cart: Pick<Cart, 'currency' | 'cartItems'>, method: PaymentMethodCode): void {
  pushEvent(cartEvent('add_payment_info', cart, { payment_type: method }));
}

/** A newly created order (not a retry's answer for an order already counted). */
export function trackPurchase(order: Parameters<typeof purchaseEvent>[0]): void {
  pushEvent(purchaseEvent(order));
}
