// The order total right above 'Place order': on a phone the summary with the totals is far below
// the button, and a shopper should see what they commit to where they commit.
import type { Cart } from '#lib/cart/contract.ts';
import { totalsNoteKey, totalsView } from '#lib/cart/display.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { CheckoutFrameData } from './CheckoutFrame.tsx';

export function PlaceOrderTotal({ cart, frame }: { cart: Cart; frame: CheckoutFrameData }) {
  const view = totalsView(cart);
  if (!view) return null;
  const { totals } = frame.cartStrings;
  const amount = formatPrice(view.total, { currency: cart.currency, locale: frame.intlLocale, freeLabel: totals.free });
  // A shipping method is chosen by now, so the note is the summary's with shipping in the total.
  const note = totals[totalsNoteKey(view, true)];
  return (
    <p className="checkout-place-total">
      <span>{totals.total}</span> <span>{amount}</span>
      <span className="checkout-place-total-note">{note}</span>
    </p>
  );
}
