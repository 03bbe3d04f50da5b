// The buy box: live price, wanted quantity, optional accessories, availability
// for that quantity, and 'Add to cart'. The cart is not here: the button publishes a typed request
// to src/lib/cart/requests.ts, which the cart consumes. What cannot be ordered is refused here, at
// once: a variant parent (choose a variant), an item the stock rule calls not available, a quantity
// that is not a whole number 1..max (nothing is added, the field says why).
//
// It is a plain HTML form too (POST /cart/add): a click before this island is live, or without
// JavaScript, adds on the server and comes back with the cart open. A quantity typed before hydration
// is taken from the DOM; a box ticked before it is ticked again by client:intent.
import { useId, useState, type FormEvent } from 'react';
import { useTypedBeforeHydration } from '../shared/useTypedBeforeHydration.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { parseWantedQuantity } from '#lib/cart/display.ts';
import { refusesOrder } from '#lib/catalog/availability.ts';
import { requestAddToCart } from '#lib/cart/requests.ts';
import { fill } from '#lib/i18n/format.ts';
import { AvailabilityText, type AvailabilityStrings } from '../catalog/AvailabilityText.tsx';
import { Price, type PriceStrings } from '../catalog/Price.tsx';
import { PublicPricesContext, usePriceLookup, useSeedPublicPrices } from '../catalog/usePriceEntry.ts';
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
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
  /** catalog.chooseVariant; shown on a variant parent instead of an enabled button. */
  chooseVariant?: string | undefined;
  /** catalog.quantityInvalid, with {{max}}. */
  quantityInvalid?: string | undefined;
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
  strings,
}: BuyBoxProps) {
  const id = useId();
  // The field keeps what was typed; only a whole number 1..max is ever added (never silently corrected).
  const [rawQuantity, setRawQuantity] = useState('1');
  const quantityField = useTypedBeforeHydration<HTMLInputElement>(rawQuantity, setRawQuantity);
  const [chosen, setChosen] = useState<string[]>([]);
  const [touched, setTouched] = useState(false);
  useSeedPublicPrices(prices);
  const entry = usePriceLookup(prices);
  const wanted = parseWantedQuantity(rawQuantity, MAX_QUANTITY);
  const quantity = wanted ?? 1;
  const quantityError = wanted === null && touched;
  const unavailable = [sku, ...chosen].some((s) => refusesOrder(entry(s), quantity));
  const blocked = variantParent || unavailable;
  const reasonId = variantParent ? `${id}-variant` : unavailable ? `${id}-availability` : undefined;

  const toggle = (accessorySku: string) =>
    setChosen((list) =>
      list.includes(accessorySku) ? list.filter((s) => s !== accessorySku) : [...list, accessorySku],
    );
  // A field left empty means the one piece it started with; anything else typed is kept and explained.
  const leave = () => (rawQuantity.trim() === '' ? setRawQuantity('1') : setTouched(true));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setTouched(true);
    // The form's own values: a submit replayed right after hydration comes before the effect above.
    const data = new FormData(e.currentTarget);
    const typed = parseWantedQuantity(String(data.get('quantity') ?? ''), MAX_QUANTITY);
    const ticked = data.getAll('accessories').map(String);
    if (typed === null || blocked) return;
    // In display order, so the same choice always makes the same request whatever the click order.
    requestAddToCart({
      sku,
      quantity: typed,
      accessories: accessories.map((a) => a.sku).filter((s) => ticked.includes(s)),
    });
  };

  return (
    <PublicPricesContext.Provider value={prices}>
      <form className="buy-box" method="post" action={form.action} onSubmit={submit} noValidate>
        <input type="hidden" name="sku" value={sku} />
        <input type="hidden" name="return" value={form.returnPath} />
        <div className="buy-box-price">
          <Price sku={sku} intlLocale={intlLocale} showLabel strings={{ ...strings.price, taxNote: strings.taxNote }} />
        </div>
        <div className="buy-box-quantity">
          <label htmlFor={`${id}-qty`}>{strings.quantity}</label>
          <input
            ref={quantityField}
            id={`${id}-qty`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_QUANTITY}
            step={1}
            value={rawQuantity}
            aria-invalid={quantityError}
            aria-describedby={quantityError ? `${id}-qty-error` : undefined}
            onChange={(e) => setRawQuantity(e.target.value)}
            onBlur={leave}
          />
        </div>
        {quantityError && strings.quantityInvalid && (
          <p id={`${id}-qty-error`} className="buy-box-error" role="alert">
            {fill(strings.quantityInvalid, { max: String(MAX_QUANTITY) })}
          </p>
        )}
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
