// Checkout step 3: payment method, order reference and comment, the review of
// the earlier steps, the terms notice, and 'Place order' (usePlaceOrder.ts places the order once
// however often it is clicked); then the order is paid with the chosen method.
import { useId, useState } from 'react';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { PaymentMethodCode } from '#lib/checkout/contract.ts';
import type { OfferedPayments } from '#lib/checkout/payment-methods.ts';
import { CheckoutFrame, type CheckoutFrameData } from './CheckoutFrame.tsx';
import { PaymentMethodList } from './PaymentMethodList.tsx';
import { PaymentReview, REVIEW_KEYS } from './PaymentReview.tsx';
import { PlaceOrderTotal } from './PlaceOrderTotal.tsx';
import { TermsNotice, TERMS_NOTICE_KEYS } from './TermsNotice.tsx';
import { PaymentRunner, type PaymentHrefs } from './PaymentRunner.tsx';
import { ORDER_LIMIT_KEYS } from './order-error.ts';
import { OrderErrorAlert } from './OrderErrorAlert.tsx';
import { TextField } from '../shared/TextField.tsx';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { usePlaceOrder } from './usePlaceOrder.ts';
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
  'checkout.error.PERMISSION_DENIED',
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
  const { error, placing, placed, submit } = usePlaceOrder({
    cart,
    chosen,
    reference: withOrderReference ? reference : undefined,
    comment,
    locale,
    intlLocale: frame.intlLocale,
  });

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
        <OrderErrorAlert error={error} strings={strings} />
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
