// The billing step's state and its submit: the billing address (its own, the shipping address, or the
// account's default as is) stored on the cart, then the guest's account created when asked for, then
// on to payment. Apart from BillingStep.tsx, which only lays the step out.
import { useState, type FormEvent } from 'react';
import { addressValues } from '#lib/checkout/form.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { adoptCart } from '#lib/cart/store.ts';
import { failureKey, useAddressForm } from './useAddressForm.ts';
import { useCheckoutCart } from './useCheckoutCart.ts';
import { useAccountCreation } from './useAccountCreation.ts';

export interface BillingFormOptions {
  initialCart: Cart;
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
  paymentHref: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(addressValues(a)) === JSON.stringify(addressValues(b));

export function useBillingForm(props: BillingFormOptions) {
  const { initialCart, signedIn, saved, locale, readOnly } = props;
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

  return {
    cart,
    form,
    account,
    sameAsShipping,
    setSameAsShipping,
    guestEmail,
    setGuestEmail,
    saveDefault,
    setSaveDefault,
    defaultBilling,
    submit,
  };
}

export type BillingForm = ReturnType<typeof useBillingForm>;
