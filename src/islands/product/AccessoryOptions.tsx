// Optional accessories of a product: one checkbox each, with name, item number,
// live price, and once chosen its availability for the same quantity as the product.
import { useId } from 'react';
import { AvailabilityText, type AvailabilityStrings } from '../catalog/AvailabilityText.tsx';
import { Price, type PriceStrings } from '../catalog/Price.tsx';
import { usePricesVisible } from '../catalog/usePriceEntry.ts';

export interface Accessory {
  sku: string;
  name: string;
  itemnum: string;
}

interface AccessoryOptionsProps {
  accessories: Accessory[];
  chosen: string[];
  onToggle: (sku: string) => void;
  quantity: number;
  intlLocale: string;
  showItemnum: boolean;
  strings: { accessories: string; itemNo: string; price: PriceStrings; availability: AvailabilityStrings };
}

export function AccessoryOptions({
  accessories,
  chosen,
  onToggle,
  quantity,
  intlLocale,
  showItemnum,
  strings,
}: AccessoryOptionsProps) {
  const id = useId();
  // The buy box already says once that prices need a login; repeating it per accessory is noise.
  const { visible } = usePricesVisible();
  return (
    <fieldset className="accessories">
      <legend>{strings.accessories}</legend>
      <ul>
        {accessories.map((a, i) => {
          const checked = chosen.includes(a.sku);
          return (
            <li key={a.sku} className="accessory">
              <input
                id={`${id}-${i}`}
                type="checkbox"
                name="accessories"
                value={a.sku}
                checked={checked}
                onChange={() => onToggle(a.sku)}
              />
              <label htmlFor={`${id}-${i}`}>
                <span className="accessory-name">{a.name}</span>
                {showItemnum && (
                  <span className="accessory-itemnum">
                    {strings.itemNo} {a.itemnum}
                  </span>
                )}
              </label>
              <div className="accessory-price">
                {visible !== false && <Price sku={a.sku} intlLocale={intlLocale} strings={strings.price} />}
              </div>
              {checked && <AvailabilityText sku={a.sku} qty={quantity} strings={strings.availability} />}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
