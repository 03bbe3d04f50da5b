// The buy box: live price, wanted quantity, optional accessories, availability
// for that quantity, and 'Add to cart'. The cart is not here: the button publishes a typed request
// to src/lib/cart/requests.ts, which the cart consumes.
import { useId, useState, type FormEvent } from 'react';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { parseQuantity } from '#lib/catalog/product.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { AvailabilityText, type AvailabilityStrings } from '../catalog/AvailabilityText.tsx';
import { Price, type PriceStrings } from '../catalog/Price.tsx';
import { Icon } from '../shell/Icon.tsx';
import { AccessoryOptions, type Accessory } from './AccessoryOptions.tsx';

interface BuyBoxStrings {
  quantity: string;
  addToCart: string;
  accessories: string;
  itemNo: string;
  price: PriceStrings;
  taxNote?: string | undefined;
  availability: AvailabilityStrings;
}

export interface BuyBoxProps {
  sku: string;
  intlLocale: string;
  accessories: Accessory[];
  /** displayItemnum: accessories show their item numbers. */
  showItemnum: boolean;
  strings: BuyBoxStrings;
}

export function BuyBox({ sku, intlLocale, accessories, showItemnum, strings }: BuyBoxProps) {
  const id = useId();
  // The field keeps what was typed (even '' while retyping); the rules read the parsed quantity.
  const [rawQuantity, setRawQuantity] = useState('1');
  const [chosen, setChosen] = useState<string[]>([]);
  const quantity = parseQuantity(rawQuantity);

  const toggle = (accessorySku: string) => setChosen((list) =>
    (list.includes(accessorySku) ? list.filter((s) => s !== accessorySku) : [...list, accessorySku]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRawQuantity(String(quantity));
    // In display order, so the same choice always makes the same request whatever the click order.
    requestAddToCart({ sku, quantity, accessories: accessories.map((a) => a.sku).filter((s) => chosen.includes(s)) });
  };

  return (
    <form className="buy-box" onSubmit={submit}>
      <div className="buy-box-price">
        <Price sku={sku} intlLocale={intlLocale} strings={{ ...strings.price, taxNote: strings.taxNote }} />
      </div>
      <div className="buy-box-quantity">
        <label htmlFor={`${id}-qty`}>{strings.quantity}</label>
        <input id={`${id}-qty`} type="number" inputMode="numeric" min={1} max={MAX_QUANTITY} step={1}
          value={rawQuantity} onChange={(e) => setRawQuantity(e.target.value)}
          onBlur={() => setRawQuantity(String(quantity))} />
      </div>
      <div className="buy-box-availability">
        <AvailabilityText sku={sku} qty={quantity} strings={strings.availability} />
      </div>
      {accessories.length > 0 && (
        <AccessoryOptions accessories={accessories} chosen={chosen} onToggle={toggle} quantity={quantity}
          intlLocale={intlLocale} showItemnum={showItemnum} strings={strings} />
      )}
      <button type="submit" className="button primary buy-box-submit">
        <Icon name="cart" />
        {strings.addToCart}
      </button>
    </form>
  );
}
