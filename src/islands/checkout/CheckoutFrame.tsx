// What every checkout step shows beside its form: the order summary (the step bar above is the page's,
// src/components/checkout/StepBar.astro).
import type { ReactNode } from 'react';
import { OrderSummary } from './OrderSummary.tsx';
import type { CartPartsStrings, Strings, SUMMARY_KEYS } from './strings.ts';

/** The frame's data as the page hands it to a step island (serializable). */
export interface CheckoutFrameData {
  intlLocale: string;
  summaryStrings: Strings<(typeof SUMMARY_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export interface CheckoutFrameProps {
  frame: CheckoutFrameData;
  cart: OrderSummaryCart;
  /** False once the order is placed: its coupon cannot change any more. */
  withCoupon?: boolean;
  children: ReactNode;
}

type OrderSummaryCart = Parameters<typeof OrderSummary>[0]['cart'];

export function CheckoutFrame({ frame, cart, withCoupon = true, children }: CheckoutFrameProps) {
  return (
    <div className="checkout-layout">
      <div className="checkout-main">{children}</div>
      <OrderSummary
        cart={cart}
        intlLocale={frame.intlLocale}
        withCoupon={withCoupon}
        strings={frame.summaryStrings}
        cartStrings={frame.cartStrings}
      />
    </div>
  );
}
