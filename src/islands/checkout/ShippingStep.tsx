// Checkout step 1: the shipping address (a saved one for signed-in customers, or
// the form), optionally saved as the default; once stored, the shipping methods for its country.
import { useId, useState, type FormEvent, type JSX } from 'react';
import type { CountryCode } from '#lib/checkout/countries.ts';
import { addressValues } from '#lib/checkout/form.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import type { ShippingMethod } from '#lib/checkout/contract.ts';
import { AddressFields, type AddressStrings } from './AddressFields.tsx';
import { AddressFormError } from './AddressFormError.tsx';
import { AddressView } from './AddressView.tsx';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { SavedAddressList } from './SavedAddressList.tsx';
import { SHIPPING_METHOD_KEYS, ShippingMethods } from './ShippingMethods.tsx';
import { useAddressForm } from './useAddressForm.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';
import type { Strings } from './strings.ts';
import { CheckoutFrame, type CheckoutFrameData } from './CheckoutFrame.tsx';

export const SHIPPING_STEP_KEYS = [
  ...SHIPPING_METHOD_KEYS,
  'checkout.shippingAddress',
  'checkout.saveDefaultShipping',
  'checkout.saveAddress',
  'checkout.changeAddress',
  'checkout.saveError',
  'checkout.addressBookFull',
  'cart.outdated',
  'server.NETWORK_ERROR',
] as const;

export interface ShippingStepProps {
  initialCart: Cart;
  frame: CheckoutFrameData;
  /** A signed-in customer's saved addresses, defaults first (none for guests). */
  saved: SavedAddress[];
  /** The methods for the stored address's country, as the page found them; null: ask when shown. */
  shippingMethods: ShippingMethod[] | null;
  locale: Locale;
  intlLocale: string;
  defaultCountry: string;
  companyRequired: boolean;
  /** Signed in and isDefaultShippingUpdateEnabled. */
  canSaveDefault: boolean;
  countries: readonly { code: CountryCode; label: string }[];
  billingHref: string;
  strings: Strings<(typeof SHIPPING_STEP_KEYS)[number]>;
  addressStrings: AddressStrings;
}

export function ShippingStep(props: ShippingStepProps) {
  const { initialCart, saved, locale, strings, addressStrings } = props;
  const id = useId();
  const cart = useCheckoutCart(initialCart);
  const [editing, setEditing] = useState(cart.shippingAddress === null);
  const [saveDefault, setSaveDefault] = useState(false);
  const form = useAddressForm({
    // A customer without a shipping address on this cart starts from their default one.
    kind: 'shippingAddress',
    initial: cart.shippingAddress ?? saved.find((a) => a.isDefaultShipping) ?? null,
    defaultCountry: props.defaultCountry,
    locale,
    rules: { companyRequired: props.companyRequired, emailRequired: false },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const stored = await form.save(cart, { saveAsDefault: saveDefault && form.savedId === null });
    if (stored) setEditing(false);
  }

  const frame = (content: JSX.Element) => (
    <CheckoutFrame frame={props.frame} cart={cart}>
      {content}
    </CheckoutFrame>
  );
  if (!editing && cart.shippingAddress) {
    return frame(
      <section className="checkout-step-panel" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="visually-hidden">
          {strings['checkout.shippingAddress']}
        </h2>
        <AddressView title={strings['checkout.shippingAddress']} address={cart.shippingAddress} locale={locale} />
        <button type="button" className="text-button" onClick={() => setEditing(true)}>
          {strings['checkout.changeAddress']}
        </button>
        <ShippingMethods
          cart={cart}
          country={addressValues(cart.shippingAddress).country}
          initial={props.shippingMethods}
          locale={locale}
          intlLocale={props.intlLocale}
          nextHref={props.billingHref}
          strings={strings}
        />
      </section>,
    );
  }
  const formErrorId = `${id}-form-error`;
  return frame(
    <form
      ref={form.formRef}
      className="checkout-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-describedby={form.formError ? formErrorId : undefined}
      aria-busy={form.pending}
    >
      <h2 id={`${id}-title`}>{strings['checkout.shippingAddress']}</h2>
      {saved.length > 0 && (
        <SavedAddressList
          addresses={saved}
          selectedId={form.savedId}
          onSelect={form.choose}
          locale={locale}
          strings={{
            legend: addressStrings['checkout.savedAddresses'],
            newAddress: addressStrings['checkout.newAddress'],
          }}
        />
      )}
      {form.savedId === null && (
        <AddressFields
          section="shipping"
          values={form.values}
          errors={form.errors}
          onChange={form.setField}
          countries={props.countries}
          required={{ company: props.companyRequired, email: false }}
          strings={addressStrings}
        />
      )}
      {props.canSaveDefault && form.savedId === null && (
        <CheckboxField
          label={strings['checkout.saveDefaultShipping']}
          checked={saveDefault}
          onChange={setSaveDefault}
        />
      )}
      <AddressFormError id={formErrorId} error={form.formError} addressStrings={addressStrings} strings={strings} />
      <button type="submit" className="button primary" disabled={form.pending}>
        {form.pending ? strings['checkout.saving'] : strings['checkout.saveAddress']}
      </button>
    </form>,
  );
}
