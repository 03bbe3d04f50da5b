// The buy box: live price, wanted quantity, optional accessories, availability
// for that quantity, and 'Add to cart'. The cart is not here: the button publishes a typed request
// to src/lib/cart/requests.ts, which the cart consumes. What cannot be ordered is refused here, at
// once: a variant parent (choose a variant), an item the stock rule calls not available, a quantity
// that is not a whole number 1..max (nothing is added, the field says why).
//
// A product with a quantity rule (a minimum, a step: src/lib/catalog/order-quantity.ts) starts at its
// minimum, and − and + move between the orderable quantities. A whole number the rule does not allow
// is moved to the next orderable one when the field is left or the form is sent, and the buy box says
// why (QuantityField.tsx): what is added is always what the field then shows.
//
// It is a plain HTML form too (POST /cart/add): a click before this island is live, or without
// JavaScript, adds on the server and comes back with the cart open. A quantity typed before hydration
// is taken from the DOM; a box ticked before it is ticked again by client:intent.
import { useId, useState, type FormEvent } from 'react';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { parseWantedQuantity } from '#lib/cart/display.ts';
import { refusesOrder } from '#lib/catalog/availability.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { ANY_QUANTITY, type QuantityRule } from '#lib/catalog/order-quantity.ts';
import { AvailabilityText, type AvailabilityStrings } from '../catalog/AvailabilityText.tsx';
import { Price, type PriceStrings } from '../catalog/Price.tsx';
import { PublicPricesContext, usePriceLookup, useSeedPublicPrices } from '../catalog/usePriceEntry.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import { Icon } from '../shell/Icon.tsx';
import { AccessoryOptions, type Accessory } from './AccessoryOptions.tsx';
import { QuantityField, type QuantityFieldStrings } from './QuantityField.tsx';
import { useQuantityField, type CorrectionStrings } from './useQuantityField.ts';

interface BuyBoxStrings extends QuantityFieldStrings, CorrectionStrings {
  addToCart: string;
  accessories: string;
  itemNo: string;
  price: PriceStrings;
  taxNote?: string | undefined;
  availability: AvailabilityStrings;
  /** catalog.chooseVariant; shown on a variant parent instead of an enabled button. */
  chooseVariant?: string | undefined;
}

export interface BuyBoxProps {
  sku: string;
  intlLocale: string;
  accessories: Accessory[];
  /** displayItemnum: accessories show their item numbers. */
  showItemnum: boolean;
  /** The product has variants: only a variant can be ordered, so the shopper is asked to choose one. */
  variantParent?: boolean | undefined;
  /** The public prices of the product and its accessories the page was rendered with, until the live ones replace them. */
  prices?: PublicPrices | undefined;
  /** Where the plain form posts (/cart/add in the page's locale) and the page it comes back to. */
  form: { action: string; returnPath: string };
  /** The product's quantity rule; any whole number without one. */
  rule?: QuantityRule | undefined;
  /** Said beside the price ("per pack of 100 pieces") and under the quantity ("Minimum order 2 packs"). */
  terms?: { pricePer?: string | null | undefined; rule?: string | null | undefined } | undefined;
  strings: BuyBoxStrings;
}

export function BuyBox({
  sku,
  intlLocale,
  accessories,
  showItemnum,
  variantParent = false,
  prices,
  form,
  rule = ANY_QUANTITY,
  terms,
  strings,
}: BuyBoxProps) {
  const id = useId();
  const field = useQuantityField(rule, strings);
  const [chosen, setChosen] = useState<string[]>([]);
  useSeedPublicPrices(prices);
  const entry = usePriceLookup(prices);
  const { quantity } = field;
  const unavailable = [sku, ...chosen].some((s) => refusesOrder(entry(s), quantity));
  const blocked = variantParent || unavailable;
  const reasonId = variantParent ? `${id}-variant` : unavailable ? `${id}-availability` : undefined;

  const toggle = (accessorySku: string) =>
    setChosen((list) =>
      list.includes(accessorySku) ? list.filter((s) => s !== accessorySku) : [...list, accessorySku],
    );
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    field.setTouched(true);
    // The form's own values: a submit replayed right after hydration comes before the state has them.
    const data = new FormData(e.currentTarget);
    const typed = parseWantedQuantity(String(data.get('quantity') ?? ''), MAX_QUANTITY);
    const ticked = data.getAll('accessories').map(String);
    if (typed === null || blocked) return;
    // In display order, so the same choice always makes the same request whatever the click order.
    requestAddToCart({
      sku,
      quantity: field.orderable(typed),
      accessories: accessories.map((a) => a.sku).filter((s) => ticked.includes(s)),
    });
  };

  return (
    <PublicPricesContext.Provider value={prices}>
      <form className="buy-box" method="post" action={form.action} onSubmit={submit} noValidate>
        <input type="hidden" name="sku" value={sku} />
        <input type="hidden" name="return" value={form.returnPath} />
        <div className="buy-box-price">
          <Price
            sku={sku}
            intlLocale={intlLocale}
            showLabel
            per={terms?.pricePer}
            strings={{ ...strings.price, taxNote: strings.taxNote }}
          />
        </div>
        <QuantityField id={`${id}-qty`} field={field} rule={rule} ruleText={terms?.rule} strings={strings} />
        <div className="buy-box-availability">
          <AvailabilityText id={`${id}-availability`} sku={sku} qty={quantity} strings={strings.availability} />
        </div>
        {accessories.length > 0 && (
          <AccessoryOptions
            accessories={accessories}
            chosen={chosen}
            onToggle={toggle}
            quantity={quantity}
            intlLocale={intlLocale}
            showItemnum={showItemnum}
            strings={strings}
          />
        )}
        {variantParent && strings.chooseVariant && (
          <p id={`${id}-variant`} className="buy-box-hint">
            {strings.chooseVariant}
          </p>
        )}
        <button type="submit" className="button primary buy-box-submit" disabled={blocked} aria-describedby={reasonId}>
          <Icon name="cart" />
          {strings.addToCart}
        </button>
      </form>
    </PublicPricesContext.Provider>
  );
}
