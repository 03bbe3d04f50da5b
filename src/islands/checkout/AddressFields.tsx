// The fields of an address with autocomplete tokens of its section (shipping or
// billing), the country list in the shopper's language and each field's validation message.
import { useId } from 'react';
import type { AddressErrors, AddressField, AddressValues } from '#lib/checkout/form.ts';
import type { CountryCode } from '#lib/checkout/countries.ts';
import { describedBy, TextField } from '../shared/TextField.tsx';
import type { ADDRESS_KEYS, Strings } from './strings.ts';

export type AddressStrings = Strings<(typeof ADDRESS_KEYS)[number]>;

export interface AddressFieldsProps {
  section: 'shipping' | 'billing';
  values: AddressValues;
  errors: AddressErrors;
  onChange: (field: AddressField, value: string) => void;
  countries: readonly { code: CountryCode; label: string }[];
  required: { company: boolean; email: boolean };
  emailHint?: string | undefined;
  strings: AddressStrings;
  /** Gives each control its field's name, for a plain form posted without script (the account's address book). */
  named?: boolean;
}

const AUTOCOMPLETE: Record<Exclude<AddressField, 'country'>, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  company: 'organization',
  street: 'address-line1',
  streetName: 'address-line2',
  apartment: 'address-line3',
  postalCode: 'postal-code',
  city: 'address-level2',
  region: 'address-level1',
  phone: 'tel',
  email: 'email',
  vatId: 'off',
  taxId: 'off',
};
const ALWAYS_REQUIRED = new Set<AddressField>(['firstName', 'lastName', 'street', 'postalCode', 'city', 'country']);
const TEXT_FIELDS = Object.keys(AUTOCOMPLETE) as Exclude<AddressField, 'country'>[];
const MAX_LENGTH: Partial<Record<AddressField, number>> = { postalCode: 12, phone: 30, vatId: 20, apartment: 50 };

export function AddressFields({
  section,
  values,
  errors,
  onChange,
  countries,
  required,
  emailHint,
  strings,
  named,
}: AddressFieldsProps) {
  const countryId = useId();
  const isRequired = (f: AddressField) =>
    ALWAYS_REQUIRED.has(f) || (f === 'company' && required.company) || (f === 'email' && required.email);
  const errorText = (f: AddressField) => (errors[f] ? strings[errors[f]] : undefined);
  const field = (f: Exclude<AddressField, 'country'>) => (
    <TextField
      key={f}
      className={`field-${f}`}
      label={strings[`checkout.address.${f}`]}
      value={values[f]}
      name={named ? f : undefined}
      onChange={(v) => onChange(f, v)}
      error={errorText(f)}
      maxLength={MAX_LENGTH[f] ?? 150}
      type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
      autoComplete={AUTOCOMPLETE[f] === 'off' ? 'off' : `section-${section} ${section} ${AUTOCOMPLETE[f]}`}
      optionalLabel={isRequired(f) ? undefined : strings['checkout.optional']}
      hint={f === 'email' ? emailHint : undefined}
    />
  );
  const countryError = errorText('country');
  return (
    <div className="address-fields">
      {TEXT_FIELDS.slice(0, TEXT_FIELDS.indexOf('region') + 1).map(field)}
      <div className="field field-country">
        <label htmlFor={countryId}>{strings['checkout.address.country']}</label>
        <select
          id={countryId}
          name={named ? 'country' : undefined}
          value={values.country}
          autoComplete={`section-${section} ${section} country`}
          aria-invalid={countryError ? true : undefined}
          aria-describedby={describedBy(countryError && `${countryId}-error`)}
          onChange={(e) => onChange('country', e.target.value)}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
        {countryError && (
          <p id={`${countryId}-error`} className="field-error">
            {countryError}
          </p>
        )}
      </div>
      {TEXT_FIELDS.slice(TEXT_FIELDS.indexOf('region') + 1).map(field)}
    </div>
  );
}
