// A signed-in customer's saved addresses as radios, plus 'Enter a new address'.
import { useId } from 'react';
import { addressLines } from '#lib/checkout/form.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';

export interface SavedAddressListProps {
  addresses: readonly SavedAddress[];
  /** The chosen saved address, or null for a new one. */
  selectedId: string | null;
  onSelect: (address: SavedAddress | null) => void;
  locale: Locale;
  strings: { legend: string; newAddress: string };
}

export function SavedAddressList({ addresses, selectedId, onSelect, locale, strings }: SavedAddressListProps) {
  const name = useId();
  return (
    <fieldset className="checkout-choices saved-addresses">
      <legend>{strings.legend}</legend>
      {addresses.map((a) => (
        <label key={a.id} className="checkout-choice">
          <input type="radio" name={name} value={a.id} checked={selectedId === a.id} onChange={() => onSelect(a)} />
          <span>{addressLines(a, locale).join(', ')}</span>
        </label>
      ))}
      <label className="checkout-choice">
        <input type="radio" name={name} value="" checked={selectedId === null} onChange={() => onSelect(null)} />
        <span>{strings.newAddress}</span>
      </label>
    </fieldset>
  );
}
