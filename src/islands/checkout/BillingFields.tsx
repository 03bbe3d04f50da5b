// The billing step's own fields, where the customer may edit the billing address: the shipping
// address as is (a guest then gives the email here), a saved address or a new one, and whether it
// becomes the account's default. Apart from BillingStep.tsx, which also serves managed billing.
import type { CountryCode } from '#lib/checkout/countries.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { AddressFields, type AddressStrings } from './AddressFields.tsx';
import { SavedAddressList } from './SavedAddressList.tsx';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { TextField } from '../shared/TextField.tsx';
import type { BillingForm } from './useBillingForm.ts';
import type { Strings } from './strings.ts';

interface BillingFieldsProps {
  billing: BillingForm;
  signedIn: boolean;
  saved: SavedAddress[];
  locale: Locale;
  companyRequired: boolean;
  canSaveDefault: boolean;
  countries: readonly { code: CountryCode; label: string }[];
  strings: Strings<'checkout.sameAsShipping' | 'checkout.guestEmailHint' | 'checkout.saveDefaultBilling'>;
  addressStrings: AddressStrings;
}

export function BillingFields({ billing, signedIn, saved, strings, addressStrings, ...props }: BillingFieldsProps) {
  const { form, sameAsShipping } = billing;
  const shippingEmailError = sameAsShipping && form.errors.email ? addressStrings[form.errors.email] : undefined;
  return (
    <>
      <CheckboxField
        label={strings['checkout.sameAsShipping']}
        checked={sameAsShipping}
        onChange={billing.setSameAsShipping}
      />
      {sameAsShipping && !signedIn && (
        <TextField
          label={addressStrings['checkout.address.email']}
          type="email"
          autoComplete="billing email"
          value={billing.guestEmail}
          onChange={(v) => {
            billing.setGuestEmail(v);
          }}
          hint={strings['checkout.guestEmailHint']}
          error={shippingEmailError}
          maxLength={254}
        />
      )}
      {!sameAsShipping && saved.length > 0 && (
        <SavedAddressList
          addresses={saved}
          selectedId={form.savedId}
          onSelect={form.choose}
          locale={props.locale}
          strings={{
            legend: addressStrings['checkout.savedAddresses'],
            newAddress: addressStrings['checkout.newAddress'],
          }}
        />
      )}
      {!sameAsShipping && form.savedId === null && (
        <AddressFields
          section="billing"
          values={form.values}
          errors={form.errors}
          onChange={form.setField}
          countries={props.countries}
          required={{ company: props.companyRequired, email: !signedIn }}
          emailHint={signedIn ? undefined : strings['checkout.guestEmailHint']}
          strings={addressStrings}
        />
      )}
      {props.canSaveDefault && (
        <CheckboxField
          label={strings['checkout.saveDefaultBilling']}
          checked={billing.saveDefault}
          onChange={billing.setSaveDefault}
        />
      )}
    </>
  );
}
