// Checkout step 2: the billing address, by default the shipping address; a
// guest gives the email the confirmation goes to and may create an account with the order; a
// signed-in customer without billing management uses the account's default billing address as is.
import { useId, useState, type FormEvent } from 'react';
import { updateCheckoutUser } from '#lib/checkout/client.ts';
import { addressValues } from '#lib/checkout/form.ts';
import type { CountryCode } from '#lib/checkout/countries.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { passwordProblemOf, passwordRuleProblem, type PasswordProblem } from '#lib/auth/password-policy.ts';
import { ApiClientError } from '#lib/http/client.ts';
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

export const BILLING_STEP_KEYS = [
  'checkout.billingAddress', 'checkout.sameAsShipping', 'checkout.createAccount', 'checkout.createAccountHint',
  'checkout.password', 'checkout.passwordRule', 'checkout.guestEmailHint', 'checkout.billingReadOnly',
  'checkout.noBillingAddress', 'checkout.saveDefaultBilling', 'checkout.continueToPayment', 'checkout.saving',
  'checkout.saveError', 'cart.outdated', 'server.NETWORK_ERROR', 'checkout.validation.passwordTooShort',
  'validation.passwordTooLong', 'validation.passwordTooCommon', 'validation.passwordIsEmail',
] as const;

/** The account password's problem as a message: the shared rules here, the server's list via its answer. */
const PASSWORD_PROBLEM_KEYS = {
  tooShort: 'checkout.validation.passwordTooShort', tooLong: 'validation.passwordTooLong',
  tooCommon: 'validation.passwordTooCommon', isEmail: 'validation.passwordIsEmail',
} as const satisfies Record<PasswordProblem, (typeof BILLING_STEP_KEYS)[number]>;

/** A password problem the server named for userPassword (VALIDATION_FAILED), if that is why it refused. */
function serverPasswordProblem(error: unknown): PasswordProblem | null {
  if (!(error instanceof ApiClientError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) return null;
  const issue = (error.details as { path?: unknown; message?: unknown }[]).find((i) => i.path === 'userPassword');
  return typeof issue?.message === 'string' ? passwordProblemOf(issue.message) : null;
}

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
  const [sameAsShipping, setSameAsShipping] = useState(cart.billingAddress === null || same(cart.billingAddress, cart.shippingAddress));
  const [guestEmail, setGuestEmail] = useState(() => addressValues(cart.billingAddress ?? cart.shippingAddress).email);
  const [createAccount, setCreateAccount] = useState(props.accountRequired || cart.newUser);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<PasswordProblem | null>(null);
  const [saveDefault, setSaveDefault] = useState(false);
  const form = useAddressForm({
    kind: 'billingAddress', initial: cart.billingAddress, defaultCountry: props.defaultCountry, locale,
    rules: { companyRequired: props.companyRequired, emailRequired: !signedIn },
  });
  const defaultBilling = readOnly ? saved.find((a) => a.isDefaultBilling) ?? saved.find((a) => a.isBilling) ?? null : null;
  const wantsAccount = props.canCreateAccount && createAccount;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (form.pending) return;
    const badPassword = wantsAccount ? passwordRuleProblem(password, sameAsShipping ? guestEmail : form.values.email) : null;
    setPasswordError(badPassword);
    if (badPassword) return form.reject({}, 'checkout.formErrors');
    const override = readOnly ? (defaultBilling ? addressValues(defaultBilling) : undefined)
      : sameAsShipping ? { ...addressValues(cart.shippingAddress), email: guestEmail } : undefined;
    if (readOnly && !override) return;
    let next = await form.save(cart, {
      override, id: readOnly ? defaultBilling?.id : undefined, saveAsDefault: props.canSaveDefault && saveDefault,
    });
    if (!next) return;
    if (props.canCreateAccount && (wantsAccount || next.newUser)) {
      form.setPending(true);
      try {
        next = await updateCheckoutUser({ version: next.version, locale, newUser: wantsAccount, ...(wantsAccount ? { userPassword: password } : {}) });
        adoptCart(next);
      } catch (error) {
        const problem = serverPasswordProblem(error);
        setPasswordError(problem);
        form.reject({}, problem ? 'checkout.formErrors' : await failureKey(error, locale));
        form.setPending(false);
        return;
      }
    }
    location.assign(props.paymentHref);
  }

  const formErrorId = `${id}-form-error`;
  const shippingEmailError = sameAsShipping && form.errors.email ? addressStrings[form.errors.email] : undefined;
  return (
    <CheckoutFrame frame={props.frame} cart={cart}>
      <form ref={form.formRef} className="checkout-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}
        aria-describedby={form.formError ? formErrorId : undefined} aria-busy={form.pending}>
        <h2 id={`${id}-title`}>{strings['checkout.billingAddress']}</h2>
        {readOnly ? <ManagedBilling address={defaultBilling} locale={locale} strings={strings} /> : (
          <>
            <CheckboxField label={strings['checkout.sameAsShipping']} checked={sameAsShipping} onChange={setSameAsShipping} />
            {sameAsShipping && !signedIn && (
              <TextField label={addressStrings['checkout.address.email']} type="email" autoComplete="billing email" value={guestEmail}
                onChange={(v) => { setGuestEmail(v); }} hint={strings['checkout.guestEmailHint']} error={shippingEmailError} maxLength={254} />
            )}
            {!sameAsShipping && saved.length > 0 && (
              <SavedAddressList addresses={saved} selectedId={form.savedId} onSelect={form.choose} locale={locale}
                strings={{ legend: addressStrings['checkout.savedAddresses'], newAddress: addressStrings['checkout.newAddress'] }} />
            )}
            {!sameAsShipping && form.savedId === null && (
              <AddressFields section="billing" values={form.values} errors={form.errors} onChange={form.setField}
                countries={props.countries} required={{ company: props.companyRequired, email: !signedIn }}
                emailHint={signedIn ? undefined : strings['checkout.guestEmailHint']} strings={addressStrings} />
            )}
            {props.canSaveDefault && (
              <CheckboxField label={strings['checkout.saveDefaultBilling']} checked={saveDefault} onChange={setSaveDefault} />
            )}
          </>
        )}
        {props.canCreateAccount && (
          <AccountCreation required={props.accountRequired} create={createAccount} onCreate={setCreateAccount}
            password={password} onPassword={(v) => { setPassword(v); setPasswordError(null); }}
            error={passwordError ? strings[PASSWORD_PROBLEM_KEYS[passwordError]] : undefined}
            strings={{
              createAccount: strings['checkout.createAccount'], password: strings['checkout.password'],
              hint: `${strings['checkout.passwordRule']}. ${strings['checkout.createAccountHint']}`,
            }} />
        )}
        <AddressFormError id={formErrorId} error={form.formError} addressStrings={addressStrings} strings={strings} />
        <button type="submit" className="button primary" disabled={form.pending || (readOnly && !defaultBilling)}>
          {form.pending ? strings['checkout.saving'] : strings['checkout.continueToPayment']}
        </button>
      </form>
    </CheckoutFrame>
  );
}
