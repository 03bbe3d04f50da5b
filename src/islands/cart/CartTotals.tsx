// The cart's money: net subtotal, coupon discount, VAT and the total with its note (docs/prices.md).
import { totalsView } from '#lib/cart/display.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { CartTotalsStrings } from './strings.ts';

export interface CartTotalsProps {
  cart: Pick<Cart, 'totals' | 'pricesVisible' | 'displayExcludingTaxes' | 'currency'>;
  intlLocale: string;
  strings: CartTotalsStrings;
  /**
   * The checkout: once a shipping method is chosen its (net) cost is a row and part of the total, so
   * the note says the total includes VAT instead of 'plus shipping'.
   */
  shipping?: { amount: number; label: string; inclTaxNote: string } | undefined;
}

export function CartTotals({ cart, intlLocale, strings, shipping }: CartTotalsProps) {
  const view = totalsView(cart);
  if (!view) return null;
  const money = (amount: number) => formatPrice(amount, { currency: cart.currency, locale: intlLocale, freeLabel: strings.free });
  const note = shipping && view.taxNote === 'cart.plusShipping' ? shipping.inclTaxNote : strings[view.taxNote];
  return (
    <div className="cart-totals">
      <dl>
        <div><dt>{strings.subtotal}</dt><dd>{money(view.subtotal)}</dd></div>
        {view.discount > 0 && <div className="cart-totals-discount"><dt>{strings.discount}</dt><dd>−{money(view.discount)}</dd></div>}
        {shipping && <div><dt>{shipping.label}</dt><dd>{money(shipping.amount)}</dd></div>}
        {view.tax > 0 && <div><dt>{strings.tax}</dt><dd>{money(view.tax)}</dd></div>}
        <div className="cart-totals-total"><dt>{strings.total}</dt><dd>{money(view.total)}</dd></div>
      </dl>
      <p className="cart-totals-note">{note}</p>
    </div>
  );
}
