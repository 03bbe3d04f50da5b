// Checkout step 3: payment method, order reference and comment, the review of
// the earlier steps, the terms notice, and 'Place order'. One idempotency key per attempt (kept with the cart version
// in session storage) makes double clicks, retries and reloads give one order; then the order is
// paid with the chosen method.
import { useId, useRef, useState, type FormEvent } from 'react';
import { createOrder, postOrderPaymentMethod, type Order } from '#lib/checkout/client.ts';
import { reportFailure } from '#lib/shell/report.ts';
import { trackPaymentInfo, trackPurchase } from '#lib/app/analytics.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import type { OfferedPayments } from '#lib/checkout/payment-methods.ts';
import { finishCheckout, orderAttempt, refreshCart } from '#lib/checkout/store.ts';
import { CheckoutFrame, type CheckoutFrameData } from './CheckoutFrame.tsx';
import { PaymentMethodList } from './PaymentMethodList.tsx';
import { PaymentReview, REVIEW_KEYS } from './PaymentReview.tsx';
import { PlaceOrderTotal } from './PlaceOrderTotal.tsx';
import { TermsNotice, TERMS_NOTICE_KEYS } from './TermsNotice.tsx';
import { PaymentRunner, type PaymentHrefs } from './PaymentRunner.tsx';
import { namedItems, orderErrorKey, orderErrorValues, ORDER_LIMIT_KEYS, type OrderError } from './order-error.ts';
import { fill } from '#lib/i18n/format.ts';
import { TextField } from '../shared/TextField.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { PAYMENT_METHOD_KEYS, RUNNER_KEYS, type Strings } from './strings.ts';

export const PAYMENT_STEP_KEYS = [
  ...REVIEW_KEYS,
  ...RUNNER_KEYS,
  ...PAYMENT_METHOD_KEYS,
  ...TERMS_NOTICE_KEYS,
  'checkout.paymentMethod',
  'checkout.noPaymentMethods',
  'checkout.orderReference',
  'checkout.comment',
  'checkout.optional',
  'checkout.placeOrder',
  'checkout.placingOrder',
  'checkout.orderError',
  'checkout.orderNotAvailable',
  'checkout.cartValueLimit',
  'checkout.quantityRule',
  'cart.outdated',
  'checkout.retry',
  'checkout.tryAgain',
  ...ORDER_LIMIT_KEYS,
] as const;

export interface PaymentStepProps {
  initialCart: Cart;
  frame: CheckoutFrameData;
  locale: Locale;
  /** features.orderReference */
  withOrderReference: boolean;
  /** What this shop offers to pay with (the page's, so the step is usable as soon as it is shown). */
  payments: OfferedPayments;
  hrefs: PaymentHrefs;
  /** Where the review's 'change' links lead. */
  stepHrefs: Record<'shipping' | 'billing', string>;
  shippingMethodLabel: string | null;
  /** The terms page, linked from the notice above 'Place order'. */
  termsHref: string;
  strings: Strings<(typeof PAYMENT_STEP_KEYS)[number]>;
}

export function PaymentStep({
  initialCart,
  frame,
  locale,
  withOrderReference,
  payments,
  hrefs,
  stepHrefs,
  shippingMethodLabel,
  termsHref,
  strings,
}: PaymentStepProps) {
  const id = useId();
  const cart = useCheckoutCart(initialCart);
  const [chosen, setChosen] = useState<PaymentMethodCode | null>(payments.defaultMethod);
  const [reference, setReference] = useState('');
  const [comment, setComment] = useState('');
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
        orderReference: withOrderReference ? reference : undefined,
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
      setError({ key, items: namedItems(failure), values: orderErrorValues(failure, frame.intlLocale) });
      setPlacing(false);
    } finally {
      busy.current = false;
    }
  }

  if (placed) {
    return (
      <CheckoutFrame frame={frame} cart={placed.order.cartInfo} withCoupon={false}>
        <PaymentRunner
          order={placed.order}
          method={placed.method}
          flow="checkout"
          locale={locale}
          hrefs={hrefs}
          strings={strings}
        />
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame frame={frame} cart={cart}>
      <form className="checkout-form" noValidate onSubmit={submit} aria-busy={placing} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{strings['checkout.paymentMethod']}</h2>
        <p role="status" className="checkout-status">
          {payments.methods.length === 0 ? strings['checkout.noPaymentMethods'] : ''}
        </p>
        {payments.methods.length > 0 && (
          <PaymentMethodList
            methods={payments.methods}
            chosen={chosen}
            onChoose={setChosen}
            legend={strings['checkout.paymentMethod']}
            hideLegend
            strings={strings}
          />
        )}
        {withOrderReference && (
          <TextField
            label={strings['checkout.orderReference']}
            value={reference}
            onChange={setReference}
            autoComplete="off"
            optionalLabel={strings['checkout.optional']}
            maxLength={64}
          />
        )}
        <TextField
          label={strings['checkout.comment']}
          value={comment}
          onChange={setComment}
          autoComplete="off"
          multiline
          optionalLabel={strings['checkout.optional']}
          maxLength={2000}
        />
        <PaymentReview
          cart={cart}
          locale={locale}
          shippingMethodLabel={shippingMethodLabel}
          hrefs={stepHrefs}
          strings={strings}
        />
        <div className="form-error" role="alert">
          {error && <p>{fill(strings[error.key], error.values)}</p>}
          {error && error.items.length > 0 && (
            <ul>
              {error.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
        <p role="status" className="checkout-status">
          {placing ? strings['checkout.placingOrder'] : ''}
        </p>
        <PlaceOrderTotal cart={cart} frame={frame} />
        <TermsNotice href={termsHref} strings={strings} />
        <button type="submit" className="button primary checkout-place-order" disabled={placing || !chosen}>
          {strings['checkout.placeOrder']}
        </button>
      </form>
    </CheckoutFrame>
  );
}
