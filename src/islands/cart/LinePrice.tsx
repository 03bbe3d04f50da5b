// A cart line's unit price (accessories included): the special price with the regular one struck
// through when it undercuts it, else the regular price.
import { displayPrices } from '#lib/catalog/price.ts';
import type { CartItem } from '#lib/cart/contract.ts';

export interface LinePriceProps {
  price: CartItem['price'];
  currency: string;
  intlLocale: string;
  strings: { regularPrice: string; specialPrice: string; free: string };
}

export function LinePrice({ price, currency, intlLocale, strings }: LinePriceProps) {
  if (price.regular === null) return null;
  const shown = displayPrices({ ...price, currency }, { locale: intlLocale, freeLabel: strings.free });
  return (
    <p className="cart-item-price">
      {shown.displaySpecial ? (
        <>
          <span className="cart-price-special">
            <span className="visually-hidden">{strings.specialPrice}: </span>
            {shown.displaySpecial}
          </span>{' '}
          <s className="cart-price-regular">
            <span className="visually-hidden">{strings.regularPrice}: </span>
            {shown.displayRegular}
          </s>
        </>
      ) : (
        <span>
          <span className="visually-hidden">{strings.regularPrice}: </span>
          {shown.displayRegular}
        </span>
      )}
    </p>
  );
}
