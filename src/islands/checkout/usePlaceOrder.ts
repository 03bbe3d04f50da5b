// Placing the order of the payment step: one idempotency key per attempt (kept with the cart version
// in session storage) makes double clicks, retries and reloads give one order, which then carries the
// chosen method. Apart from PaymentStep.tsx, which only lays the step out.
import { useRef, useState, type FormEvent } from 'react';
import { createOrder, postOrderPaymentMethod, type Order } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { trackPaymentInfo, trackPurchase } from '#lib/app/analytics.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import { finishCheckout, orderAttempt, refreshCart } from '#lib/checkout/store.ts';
import { namedItems, orderErrorKey, orderErrorValues, type OrderError } from './order-error.ts';

interface PlaceOrderInput {
  cart: Cart;
  chosen: PaymentMethodCode | null;
  /** The order reference, or undefined where the shop asks for none. */
  reference: string | undefined;
  comment: string;
  locale: Locale;
  intlLocale: string;
}

export function usePlaceOrder({ cart, chosen, reference, comment, locale, intlLocale }: PlaceOrderInput) {
  const [error, setError] = useState<OrderError | null>(null);
  const [placing, setPlacing] = useState(false);
  const busy = useRef(false);
  const [placed, setPlaced] = useState<{ order: Order; method: PaymentMethodCode } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy.current || !chosen) return;
    busy.current = true;
    setPlacing(true);
    setError(null);
    const attempt = orderAttempt(cart.id, cart.version);
    try {
      const placedNow = await createOrder({
        idempotencyKey: attempt.key,
        cartId: cart.id,
        paymentMethodCode: chosen,
        cart: { version: cart.version, pricesHash: cart.pricesHash },
        orderReference: reference,
        comment,
        locale,
      });
      let { order } = placedNow;
      // Counted once: a retry answers the attempt's existing order with created false.
      if (placedNow.created) {
        trackPaymentInfo(cart, chosen);
        trackPurchase(order);
      }
      // A retry of an earlier attempt answers that attempt's order, perhaps with another method.
      if (order.paymentMethodCode !== chosen) order = await postOrderPaymentMethod(order.id, chosen);
      finishCheckout();
      setPlaced({ order, method: chosen });
    } catch (failure) {
      const key = orderErrorKey(failure);
      if (key === 'checkout.orderError') reportFailure('checkout: order not placed', failure);
      // Reloading the cart marks the affected lines in the summary beside the error.
      if (key === 'cart.outdated' || key === 'checkout.orderNotAvailable' || key === 'checkout.quantityRule')
        await refreshCart(locale);
      setError({ key, items: namedItems(failure), values: orderErrorValues(failure, intlLocale) });
      setPlacing(false);
    } finally {
      busy.current = false;
    }
  }

  return { error, placing, placed, submit };
}
