// The cart's money: net subtotal, coupon discount, shipping once a method is chosen, VAT and the total
// with its note (docs/prices.md). The same totals in the sidebar and in every checkout summary.
import { shippingRow, totalsNoteKey, totalsView } from '#lib/cart/display.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { CartTotalsStrings } from './strings.ts';
import { fill } from '#lib/i18n/format.ts';

/** A VAT rate as the language writes it: "19 %" in German, "19%" in English, "5,5 %" in French. */
const formatRate = (ratePercent: number, intlLocale: string): string =>
  new Intl.NumberFormat(intlLocale, { style: 'percent', maximumFractionDigits: 2 }).format(ratePercent / 100);

export interface CartTotalsProps {
  cart: Pick<Cart, 'totals' | 'pricesVisible' | 'displayExcludingTaxes' | 'currency'> & {
    taxNote?: Cart['taxNote'];
    shippingMethod?: Cart['shippingMethod'];
  };
  intlLocale: string;
  strings: CartTotalsStrings;
}

export function CartTotals({ cart, intlLocale, strings }: CartTotalsProps) {
  const view = totalsView(cart);
  if (!view) return null;
  const money = (amount: number) =>
    formatPrice(amount, { currency: cart.currency, locale: intlLocale, freeLabel: strings.free });
  const shipping = shippingRow(cart);
  return (
    <div className="cart-totals">
      <dl>
        <div>
          <dt>{strings.subtotal}</dt>
          <dd>{money(view.subtotal)}</dd>
        </div>
        {view.discount > 0 && (
          <div className="cart-totals-discount">
            <dt>{strings.discount}</dt>
            <dd>−{money(view.discount)}</dd>
          </div>
        )}
        {shipping !== null && (
          <div className="cart-totals-shipping">
            <dt>{strings.shipping}</dt>
            <dd>{money(shipping)}</dd>
          </div>
        )}
        {view.taxes.length > 0
          ? view.taxes.map((line) => (
              <div key={line.ratePercent} className="cart-totals-tax">
                <dt>{fill(strings.taxAtRate, { rate: formatRate(line.ratePercent, intlLocale) })}</dt>
                <dd>{money(line.tax)}</dd>
              </div>
            ))
          : view.tax > 0 && (
              <div className="cart-totals-tax">
                <dt>{strings.tax}</dt>
                <dd>{money(view.tax)}</dd>
              </div>
            )}
        <div className="cart-totals-total">
          <dt>{strings.total}</dt>
          <dd>{money(view.total)}</dd>
        </div>
      </dl>
      <p className="cart-totals-note">{strings[totalsNoteKey(view, shipping !== null)]}</p>
    </div>
  );
}
