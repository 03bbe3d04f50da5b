// Checkout step 2: the billing address, by default the shipping address; a
// guest gives the email the confirmation goes to and may create an account with the order; a
// signed-in customer without billing management uses the account's default billing address as is.
// The step's state and submit are useBillingForm.ts's, the editable fields BillingFields.tsx's.
import { useId } from 'react';
import type { CountryCode } from '#lib/checkout/countries.ts';
import type { AddressStrings } from './AddressFields.tsx';
import { AddressFormError } from './AddressFormError.tsx';
import type { Strings } from './strings.ts';
import { CheckoutFrame, type CheckoutFrameData } from './CheckoutFrame.tsx';
import { AccountCreation } from './AccountCreation.tsx';
import { ManagedBilling } from './ManagedBilling.tsx';
import { BillingFields } from './BillingFields.tsx';
import { PASSWORD_PROBLEM_KEYS } from './useAccountCreation.ts';
import { useBillingForm, type BillingFormOptions } from './useBillingForm.ts';

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

export interface BillingStepProps extends BillingFormOptions {
  frame: CheckoutFrameData;
  countries: readonly { code: CountryCode; label: string }[];
  strings: Strings<(typeof BILLING_STEP_KEYS)[number]>;
  addressStrings: AddressStrings;
}

export function BillingStep(props: BillingStepProps) {
  const { signedIn, saved, locale, strings, addressStrings, readOnly } = props;
  const id = useId();
  const billing = useBillingForm(props);
  const { cart, form, account, defaultBilling } = billing;

  const formErrorId = `${id}-form-error`;
  return (
    <CheckoutFrame frame={props.frame} cart={cart}>
      <form
        ref={form.formRef}
        className="checkout-form"
        noValidate
        onSubmit={billing.submit}
        aria-labelledby={`${id}-title`}
        aria-describedby={form.formError ? formErrorId : undefined}
        aria-busy={form.pending}
      >
        <h2 id={`${id}-title`}>{strings['checkout.billingAddress']}</h2>
        {readOnly ? (
          <ManagedBilling address={defaultBilling} locale={locale} strings={strings} />
        ) : (
          <BillingFields
            billing={billing}
            signedIn={signedIn}
            saved={saved}
            locale={locale}
            companyRequired={props.companyRequired}
            canSaveDefault={props.canSaveDefault}
            countries={props.countries}
            strings={strings}
            addressStrings={addressStrings}
          />
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
