// The order summary beside every checkout step and on the order pages: the lines, the coupon form
// (checkout only) and the full totals with shipping once a method is chosen.
import { useId } from 'react';
import type { Cart } from '#lib/cart/contract.ts';
import { CartTotals } from '../cart/CartTotals.tsx';
import { CouponForm } from '../cart/CouponForm.tsx';
import { SummaryLines } from './SummaryLines.tsx';
import type { CartPartsStrings, Strings, SUMMARY_KEYS } from './strings.ts';

export interface OrderSummaryProps {
  cart: Pick<
    Cart,
    'cartItems' | 'currency' | 'pricesVisible' | 'totals' | 'displayExcludingTaxes' | 'couponCode' | 'couponStatus'
  > & { shippingMethod: { methodCode: string } | null };
  intlLocale: string;
  /** The coupon can still change while checking out, not on a placed order. */
  withCoupon: boolean;
  strings: Strings<(typeof SUMMARY_KEYS)[number]>;
  cartStrings: CartPartsStrings;
}

export function OrderSummary({ cart, intlLocale, withCoupon, strings, cartStrings }: OrderSummaryProps) {
  const titleId = useId();
  return (
    <section className="checkout-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-summary-title">
        {strings['checkout.summary']}
      </h2>
      <SummaryLines
        items={cart.cartItems}
        currency={cart.currency}
        intlLocale={intlLocale}
        pricesVisible={cart.pricesVisible}
        freeLabel={cartStrings.totals.free}
        markProblems={withCoupon}
        strings={strings}
      />
      {withCoupon && cart.pricesVisible && (
        <CouponForm cart={cart} strings={cartStrings.coupon} errors={cartStrings.errors} />
      )}
      <CartTotals cart={cart} intlLocale={intlLocale} strings={cartStrings.totals} />
    </section>
  );
}
