// A listing card's buying row: availability for the wanted quantity, the quantity and 'Add to cart'
// (B2B buyers order straight from lists). The add goes through the cart's request seam like the
// buy box's. Variant parents have nothing to add themselves: they link to the product page instead.
// Hidden prices hide the row too (a guest who may not see prices cannot order either).
//
// Like the buy box it is a plain HTML form as well (POST /cart/add, back to the listing with the cart
// open), for a click before the listing is live and for browsers without JavaScript.
import { useId, useState, type FormEvent } from 'react';
import { useTypedBeforeHydration } from '../../shared/useTypedBeforeHydration.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { parseWantedQuantity } from '#lib/cart/display.ts';
import { refusesOrder } from '#lib/catalog/availability.ts';
import { usePriceEntry, usePricesVisible } from '../usePriceEntry.ts';
import { AvailabilityText, type AvailabilityStrings } from '../AvailabilityText.tsx';

export interface CardPurchaseStrings {
  quantity: string;
  addToCart: string;
  chooseVariant: string;
  availability: AvailabilityStrings;
}

export interface CardPurchaseProps {
  sku: string;
  hasVariants: boolean;
  href: string;
  /** The id of the card's product name: the row's controls are described by it. */
  nameId: string;
  strings: CardPurchaseStrings;
  /** Where the plain form posts (/cart/add in the page's locale) and the listing it comes back to. */
  form: { action: string; returnPath: string };
}

export function CardPurchase({ sku, hasVariants, href, nameId, strings, form }: CardPurchaseProps) {
  const id = useId();
  // The field keeps what was typed (even '' while retyping); the add uses the parsed quantity.
  const [raw, setRaw] = useState('1');
  const field = useTypedBeforeHydration<HTMLInputElement>(raw, setRaw);
  const { visible } = usePricesVisible();
  const entry = usePriceEntry(sku);
  if (visible === false) return null;
  if (hasVariants) {
    return (
      <a className="button secondary product-card-variants" href={href} aria-describedby={nameId}>
        {strings.chooseVariant}
      </a>
    );
  }
  // Only a whole number 1..max is ever added, never a silently corrected one (as in the buy box).
  const wanted = parseWantedQuantity(raw, MAX_QUANTITY);
  const quantity = wanted ?? 1;
  const blocked = wanted === null || refusesOrder(entry, quantity);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The form's own value: a submit replayed right after hydration comes before the state caught up.
    const typed = parseWantedQuantity(String(new FormData(e.currentTarget).get('quantity') ?? ''), MAX_QUANTITY);
    if (typed !== null && !refusesOrder(entry, typed)) requestAddToCart({ sku, quantity: typed, accessories: [] });
  };
  return (
    <form className="product-card-buy" method="post" action={form.action} onSubmit={submit} noValidate>
      <input type="hidden" name="sku" value={sku} />
      <input type="hidden" name="return" value={form.returnPath} />
      <AvailabilityText sku={sku} qty={quantity} strings={strings.availability} />
      <div className="product-card-buy-row">
        <label className="visually-hidden" htmlFor={`${id}-qty`}>
          {strings.quantity}
        </label>
        <input
          ref={field}
          id={`${id}-qty`}
          name="quantity"
          className="product-card-qty"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          step={1}
          value={raw}
          aria-describedby={nameId}
          aria-invalid={wanted === null}
          onChange={(e) => setRaw(e.target.value)}
          onBlur={() => {
            if (raw.trim() === '') setRaw('1');
          }}
        />
        <button type="submit" className="button primary product-card-add" aria-describedby={nameId} disabled={blocked}>
          {strings.addToCart}
        </button>
      </div>
    </form>
  );
}
