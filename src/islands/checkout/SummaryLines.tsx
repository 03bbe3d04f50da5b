// The lines of a cart or an order, read-only: name, item number, quantity and the line total. While
// checking out, a line that can no longer be ordered says so at once, so the shopper can remove it
// before 'Place order' fails.
import { formatPrice } from '#lib/catalog/price.ts';
import { lineProblemKey } from '#lib/cart/display.ts';
import type { CartItem } from '#lib/cart/contract.ts';
import { fill } from '#lib/i18n/format.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import { LinePicture } from '../shared/ProductPicture.tsx';
import type { Strings, SUMMARY_KEYS } from './strings.ts';

export interface SummaryLinesProps {
  items: readonly CartItem[];
  currency: string;
  intlLocale: string;
  pricesVisible: boolean;
  freeLabel: string;
  /** Checkout (not a placed order): mark lines that can no longer be ordered. */
  markProblems?: boolean;
  strings: Strings<(typeof SUMMARY_KEYS)[number]>;
}

export function SummaryLines({
  items,
  currency,
  intlLocale,
  pricesVisible,
  freeLabel,
  markProblems = false,
  strings,
}: SummaryLinesProps) {
  return (
    <ul className="checkout-lines">
      {items.map((item) => {
        const problem = markProblems ? lineProblemKey(item) : null;
        return (
          <li key={item.id} className={problem ? 'checkout-line checkout-line-problem' : 'checkout-line'}>
            <LinePicture className="checkout-line-image" src={item.image} box={PICTURE_BOXES.checkoutLine} />
            <div className="checkout-line-body">
              <p className="checkout-line-name">{item.name}</p>
              <p className="checkout-line-muted">
                {strings['catalog.itemNo']} {item.itemnum}
                {item.customerItemNumber && ` · ${strings['catalog.yourItemNo']} ${item.customerItemNumber}`}
              </p>
              {Object.values(item.selectedAddtionalProducts).map((a) => (
                <p key={a.itemnum} className="checkout-line-muted">
                  + {a.name}
                </p>
              ))}
              {item.quote && <p className="checkout-line-muted">{item.quote.note}</p>}
              {problem && <p className="cart-item-warning">{strings[problem]}</p>}
            </div>
            <p className="checkout-line-qty">
              {fill(strings['checkout.lineQuantity'], { count: String(item.quantity) })}
            </p>
            {pricesVisible && item.rowTotal !== null && (
              <p className="checkout-line-total">
                {formatPrice(item.rowTotal, { currency, locale: intlLocale, freeLabel })}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
