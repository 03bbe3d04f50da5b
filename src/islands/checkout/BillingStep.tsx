// Checkout step 2: the billing address, by default the shipping address; a
// guest gives the email the confirmation goes to and may create an account with the order; a
// signed-in customer without billing management uses the account's default billing address as is.
import { useId, useState, type FormEvent } from 'react';
import { addressValues } from '#lib/checkout/form.ts';
import type { CountryCode } from '#lib/checkout/countries.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { adoptCart } from '#lib/cart/store.ts';
import { AddressFields, type AddressStrings } from './AddressFields.tsx';
import { AddressFormError } from './AddressFormError.tsx';
import { SavedAddressList } from './SavedAddressList.tsx';
import { CheckboxField } from '../shared/CheckboxField.tsx';
import { TextField } from '../shared/TextField.tsx';
import { failureKey, useAddressForm } from './useAddressForm.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';
import type { Strings } from './strings.ts';
import { CheckoutFrame, type CheckoutFrameData } from './CheckoutFrame.tsx';
import { AccountCreation } from './AccountCreation.tsx';
import { ManagedBilling } from './ManagedBilling.tsx';
import { PASSWORD_PROBLEM_KEYS, useAccountCreation } from './useAccountCreation.ts';

export const BILLING_STEP_KEYS = [
  'checkout.billingAddress',
  'checkout.sameAsShipping',
  'checkout.createAccount',
  'checkout.createAccountHint',
  'checkout.password',
  'checkout.passwordRule',
  'checkout.guestEmailHint',
  'checkout.billingReadOnly',
  'checkout.noBillingAddress',
  'checkout.saveDefaultBilling',
  'checkout.continueToPayment',
  'checkout.saving',
  'checkout.saveError',
  'checkout.addressBookFull',
  'cart.outdated',
  'server.NETWORK_ERROR',
  'checkout.validation.passwordTooShort',
  'validation.passwordTooLong',
  'validation.passwordTooCommon',
  'validation.passwordIsEmail',
] as const;

export interface BillingStepProps {
  initialCart: Cart;
  frame: CheckoutFrameData;
  signedIn: boolean;
  /** A signed-in customer's saved addresses, defaults first (none for guests). */
  saved: SavedAddress[];
  locale: Locale;
  defaultCountry: string;
  companyRequired: boolean;
  /** Guest and isCheckoutRegistrationEnabled. */
  canCreateAccount: boolean;
  /** Guest checkout is off: a guest must create the account. */
  accountRequired: boolean;
  /** Signed in and isBillingManagmentEnabled is false. */
  readOnly: boolean;
  canSaveDefault: boolean;
  countries: readonly { code: CountryCode; label: string }[];
  paymentHref: string;
  strings: Strings<(typeof BILLING_STEP_KEYS)[number]>;
  addressStrings: AddressStrings;
}

const same = (a: unknown, b: unknown) => JSON.stringify(addressValues(a)) === JSON.stringify(addressValues(b));

export function BillingStep(props: BillingStepProps) {
  const { initialCart, signedIn, saved, locale, strings, addressStrings, readOnly } = props;
  const id = useId();
  const cart = useCheckoutCart(initialCart);
  const [sameAsShipping, setSameAsShipping] = useState(
    cart.billingAddress === null || same(cart.billingAddress, cart.shippingAddress),
  );
  const [guestEmail, setGuestEmail] = useState(() => addressValues(cart.billingAddress ?? cart.shippingAddress).email);
  const account = useAccountCreation({
    allowed: props.canCreateAccount,
    required: props.accountRequired,
    initial: cart.newUser,
  });
  const [saveDefault, setSaveDefault] = useState(false);
  const form = useAddressForm({
    kind: 'billingAddress',
    initial: cart.billingAddress,
    defaultCountry: props.defaultCountry,
    locale,
    rules: { companyRequired: props.companyRequired, emailRequired: !signedIn },
  });
  const defaultBilling = readOnly
    ? (saved.find((a) => a.isDefaultBilling) ?? saved.find((a) => a.isBilling) ?? null)
    : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    if (!account.check(sameAsShipping ? guestEmail : form.values.email)) return form.reject({}, 'checkout.formErrors');
    const override = readOnly
      ? defaultBilling
        ? addressValues(defaultBilling)
        : undefined
      : sameAsShipping
        ? { ...addressValues(cart.shippingAddress), email: guestEmail }
        : undefined;
    if (readOnly && !override) return;
    const next = await form.save(cart, {
      override,
      id: readOnly ? defaultBilling?.id : undefined,
      saveAsDefault: props.canSaveDefault && saveDefault,
    });
    if (!next) return;
    if (account.needsSave(next)) {
      form.setPending(true);
      const saved = await account.save(next, locale);
      if ('error' in saved) {
        form.reject({}, saved.passwordRefused ? 'checkout.formErrors' : await failureKey(saved.error, locale));
        form.setPending(false);
        return;
      }
      adoptCart(saved.cart);
    }
    location.assign(props.paymentHref);
  }

  const formErrorId = `${id}-form-error`;
  const shippingEmailError = sameAsShipping && form.errors.email ? addressStrings[form.errors.email] : undefined;
  return (
    <CheckoutFrame frame={props.frame} cart={cart}>
      <form
        ref={form.formRef}
        className="checkout-form"
        noValidate
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
        aria-describedby={form.formError ? formErrorId : undefined}
        aria-busy={form.pending}
      >
        <h2 id={`${id}-title`}>{strings['checkout.billingAddress']}</h2>
        {readOnly ? (
          <ManagedBilling address={defaultBilling} locale={locale} strings={strings} />
        ) : (
          <>
            <CheckboxField
              label={strings['checkout.sameAsShipping']}
              checked={sameAsShipping}
              onChange={setSameAsShipping}
            />
            {sameAsShipping && !signedIn && (
              <TextField
                label={addressStrings['checkout.address.email']}
                type="email"
                autoComplete="billing email"
                value={guestEmail}
                onChange={(v) => {
                  setGuestEmail(v);
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
                locale={locale}
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
                checked={saveDefault}
                onChange={setSaveDefault}
              />
            )}
          </>
        )}
        {props.canCreateAccount && (
          <AccountCreation
            required={props.accountRequired}
            create={account.create}
            onCreate={account.setCreate}
            password={account.password}
            onPassword={account.setPassword}
            error={account.problem ? strings[PASSWORD_PROBLEM_KEYS[account.problem]] : undefined}
            strings={{
              createAccount: strings['checkout.createAccount'],
              password: strings['checkout.password'],
              hint: `${strings['checkout.passwordRule']}. ${strings['checkout.createAccountHint']}`,
            }}
          />
        )}
        <AddressFormError id={formErrorId} error={form.formError} addressStrings={addressStrings} strings={strings} />
        <button type="submit" className="button primary" disabled={form.pending || (readOnly && !defaultBilling)}>
          {form.pending ? strings['checkout.saving'] : strings['checkout.continueToPayment']}
        </button>
      </form>
    </CheckoutFrame>
  );
}
