// A listing card's buying row: availability for the wanted quantity, the quantity and 'Add to cart'
// (B2B buyers order straight from lists). The add goes through the cart's request seam like the
// buy box's. Variant parents have nothing to add themselves: they link to the product page instead.
// Hidden prices hide the row too (a guest who may not see prices cannot order either).
import { useId, useState, type FormEvent } from 'react';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { parseWantedQuantity } from '#lib/cart/display.ts';
import { refusesOrder } from '#lib/catalog/availability.ts';
import { $prices, $pricesVisible } from '#lib/catalog/prices-store.ts';
import { useClientStore } from '../../shared/useClientStore.ts';
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
}

export function CardPurchase({ sku, hasVariants, href, nameId, strings }: CardPurchaseProps) {
  const id = useId();
  // The field keeps what was typed (even '' while retyping); the add uses the parsed quantity.
  const [raw, setRaw] = useState('1');
  const { visible } = useClientStore($pricesVisible, { visible: null });
  const entry = useClientStore($prices, {})[sku];
  if (visible === false) return null;
  if (hasVariants) {
    return <a className="button secondary product-card-variants" href={href} aria-describedby={nameId}>{strings.chooseVariant}</a>;
  }
  // Only a whole number 1..max is ever added, never a silently corrected one (as in the buy box).
  const wanted = parseWantedQuantity(raw, MAX_QUANTITY);
  const quantity = wanted ?? 1;
  const blocked = wanted === null || refusesOrder(entry, quantity);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!blocked) requestAddToCart({ sku, quantity: wanted, accessories: [] });
  };
  return (
    <form className="product-card-buy" onSubmit={submit}>
      <AvailabilityText sku={sku} qty={quantity} strings={strings.availability} />
      <div className="product-card-buy-row">
        <label className="visually-hidden" htmlFor={`${id}-qty`}>{strings.quantity}</label>
        <input id={`${id}-qty`} className="product-card-qty" type="number" inputMode="numeric" min={1} max={MAX_QUANTITY}
          step={1} value={raw} aria-describedby={nameId} aria-invalid={wanted === null} onChange={(e) => setRaw(e.target.value)}
          onBlur={() => { if (raw.trim() === '') setRaw('1'); }} />
        <button type="submit" className="button primary product-card-add" aria-describedby={nameId} disabled={blocked}>{strings.addToCart}</button>
      </div>
    </form>
  );
}
