// What every checkout step shows around its form: the step bar above, the order summary beside it.
import type { ReactNode } from 'react';
import type { CheckoutStep } from '#lib/checkout/rules.ts';
import { OrderSummary } from './OrderSummary.tsx';
import { StepBar } from './StepBar.tsx';
import type { CartPartsStrings, STEP_BAR_KEYS, Strings, SUMMARY_KEYS } from './strings.ts';

/** The frame's data as the page hands it to a step island (serializable). */
export interface CheckoutFrameData {
  intlLocale: string;
  stepHrefs: Record<CheckoutStep, string>;
  stepStrings: Strings<(typeof STEP_BAR_KEYS)[number]>;
  summaryStrings: Strings<(typeof SUMMARY_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export interface CheckoutFrameProps {
  frame: CheckoutFrameData;
  step: CheckoutStep;
  cart: OrderSummaryCart;
  /** False once the order is placed: its coupon cannot change any more. */
  withCoupon?: boolean;
  children: ReactNode;
}

type OrderSummaryCart = Parameters<typeof OrderSummary>[0]['cart'];

export function CheckoutFrame({ frame, step, cart, withCoupon = true, children }: CheckoutFrameProps) {
  return (
    <div className="checkout">
      <StepBar current={step} hrefs={frame.stepHrefs} strings={frame.stepStrings} />
      <div className="checkout-layout">
        <div className="checkout-main">{children}</div>
        <OrderSummary cart={cart} intlLocale={frame.intlLocale} withCoupon={withCoupon}
          strings={frame.summaryStrings} cartStrings={frame.cartStrings} />
      </div>
    </div>
  );
}
