// One cart line: 140×200 image, name linking to the product, item number,
// regular and special price, availability for the line quantity, quantity selector, Remove, the
// 'Product Properties' accordion, the 'Included' list and the chosen accessories.
import { useId } from 'react';
import { availabilityMessageKey } from '#lib/catalog/availability.ts';
import { cartItemPath, lineAccessories, lineProblemKey, lineProperties } from '#lib/cart/display.ts';
import { formatPrice } from '#lib/catalog/price.ts';
import { localePath } from '#lib/site/paths.ts';
import { PICTURE_BOXES } from '#lib/site/images.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { CartItem as Line } from '#lib/cart/contract.ts';
import { remove, setQuantity } from '#lib/cart/store.ts';
import { LinePicture } from '../shared/ProductPicture.tsx';
import { LinePrice } from './LinePrice.tsx';
import { QuantitySelector } from './QuantitySelector.tsx';
import type { CartItemStrings } from './strings.ts';

export interface CartItemProps {
  item: Line;
  currency: string;
  locale: Locale;
  intlLocale: string;
  pricesVisible: boolean;
  strings: CartItemStrings;
}

export function CartItem({ item, currency, locale, intlLocale, pricesVisible, strings }: CartItemProps) {
  const id = useId();
  const nameId = `${id}-name`;
  const properties = lineProperties(item);
  const accessories = lineAccessories(item);
  const problem = lineProblemKey(item);
  const price = (amount: number | null) =>
    formatPrice(amount, { currency, locale: intlLocale, freeLabel: strings.free });
  return (
    <li className={problem ? 'cart-item cart-item-problem' : 'cart-item'}>
      <LinePicture className="cart-item-image" src={item.image} box={PICTURE_BOXES.cart} />
      <div className="cart-item-body">
        <a id={nameId} className="cart-item-name" href={localePath(locale, cartItemPath(item.sku))}>
          {item.name}
        </a>
        <p className="cart-item-itemnum">
          {strings.itemNo} {item.itemnum}
          {item.customerItemNumber && ` · ${strings.yourItemNo} ${item.customerItemNumber}`}
        </p>
        {pricesVisible && (
          <LinePrice price={item.price} currency={currency} intlLocale={intlLocale} strings={strings} />
        )}
        {item.quote && (
          <p className={item.quote.applies ? 'cart-item-quote' : 'cart-item-warning'}>{item.quote.note}</p>
        )}
        {problem && <p className="cart-item-warning">{strings[problem]}</p>}
        {item.availability && (
          <p className={`availability availability-${item.availability}`}>
            {strings.availability[availabilityMessageKey(item.availability)]}
          </p>
        )}
        <div className="cart-item-actions">
          <QuantitySelector
            id={`${id}-qty`}
            quantity={item.quantity}
            describedBy={nameId}
            strings={strings}
            onChange={(q) => void setQuantity(item.id, q)}
          />
          <button
            type="button"
            className="text-button cart-item-remove"
            aria-describedby={nameId}
            onClick={() => void remove(item.id)}
          >
            {strings.remove}
          </button>
        </div>
        {accessories.length > 0 && (
          <div className="cart-item-section">
            <p className="cart-item-section-title">{strings.accessories}</p>
            <ul className="cart-item-list">
              {accessories.map((a) => (
                <li key={a.sku}>
                  {a.name}{' '}
                  <span className="cart-item-muted">
                    {strings.itemNo} {a.itemnum}
                  </span>
                  {pricesVisible && a.price !== null && (
                    <span className="cart-item-accessory-price">{price(a.price)}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        {item.included.length > 0 && (
          <div className="cart-item-section">
            <p className="cart-item-section-title">{strings.included}</p>
            <ul className="cart-item-list">
              {item.included.map((i) => (
                <li key={i.itemnum}>
                  {i.name}{' '}
                  <span className="cart-item-muted">
                    {strings.itemNo} {i.itemnum}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {properties.length > 0 && (
          <details className="cart-item-properties">
            <summary>{strings.productProperties}</summary>
            <dl>
              {properties.map((p) => (
                <div key={p.label}>
                  <dt>{p.label}</dt>
                  <dd>{p.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        )}
      </div>
    </li>
  );
}
