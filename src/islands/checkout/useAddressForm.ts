// An address form of a checkout step: its values, the chosen saved address, field errors (from the
// same contract as the server, or mapped back from the server's 400 details) and the call that stores
// it on the cart. After a rejected submit the first invalid field takes the focus.
import { useEffect, useRef, useState } from 'react';
import { ApiClientError, isFailureOf } from '#lib/http/client.ts';
import { updateCheckout } from '#lib/checkout/client.ts';
import {
  addressErrorsFromDetails,
  addressId,
  addressValues,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type AddressRules,
  type AddressValues,
} from '#lib/checkout/form.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { Cart } from '#lib/cart/contract.ts';
import { checkoutApi } from '#lib/checkout/client.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { adoptCart } from '#lib/cart/store.ts';
import { refreshCart } from '#lib/checkout/store.ts';
import { reportFailure } from '#lib/shell/report.ts';

export type FormErrorKey =
  'checkout.formErrors' | 'cart.outdated' | 'checkout.saveError' | 'checkout.addressBookFull' | 'server.NETWORK_ERROR';

/**
 * The form-level message for a failed checkout write, update or user (the cart is re-read when it was
 * outdated); both share the cart write errors this looks at.
 */
export async function failureKey(error: unknown, locale: Locale): Promise<FormErrorKey> {
  if (isFailureOf(checkoutApi.update, error)) {
    if (error.code === 'CART_OUTDATED_ERROR' || error.code === 'CART_NOT_FOUND') {
      await refreshCart(locale);
      return 'cart.outdated';
    }
    if (error.code === 'NETWORK_ERROR') return 'server.NETWORK_ERROR';
    if (error.code === 'ADDRESS_BOOK_FULL') return 'checkout.addressBookFull';
  } else {
    reportFailure('checkout: call failed', error);
  }
  return 'checkout.saveError';
}

export interface AddressFormOptions {
  kind: 'shippingAddress' | 'billingAddress';
  initial: unknown;
  defaultCountry: string;
  rules: AddressRules;
  locale: Locale;
}

export function useAddressForm({ kind, initial, defaultCountry, rules, locale }: AddressFormOptions) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AddressValues>(() => addressValues(initial, defaultCountry));
  const [savedId, setSavedId] = useState<string | null>(() => addressId(initial) ?? null);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [formError, setFormError] = useState<FormErrorKey | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const setField = (field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // An edited saved address is a new one.
    setSavedId(null);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const choose = (saved: SavedAddress | null) => {
    setSavedId(saved?.id ?? null);
    setErrors({});
    if (saved) setValues(addressValues(saved, defaultCountry));
  };
  const reject = (next: AddressErrors, key: FormErrorKey) => {
    setErrors(next);
    setFormError(key);
    setAttempt((n) => n + 1);
  };

  /** Validates and stores the address (with `override` values, e.g. the shipping address for billing). */
  async function save(
    cart: Cart,
    options: { saveAsDefault?: boolean; override?: AddressValues; id?: string | undefined } = {},
  ): Promise<Cart | null> {
    const checked = validateAddress(
      options.override ?? values,
      rules,
      options.override ? options.id : (savedId ?? undefined),
    );
    if (!checked.ok) {
      reject(checked.errors, 'checkout.formErrors');
      return null;
    }
    setPending(true);
    setFormError(null);
    try {
      const next = await updateCheckout({
        version: cart.version,
        locale,
        [kind]: checked.address,
        ...(options.saveAsDefault ? { saveAsDefault: true } : {}),
      });
      adoptCart(next);
      return next;
    } catch (error) {
      const fields = error instanceof ApiClientError ? addressErrorsFromDetails(error.details, kind) : {};
      reject(fields, Object.keys(fields).length > 0 ? 'checkout.formErrors' : await failureKey(error, locale));
      return null;
    } finally {
      setPending(false);
    }
  }

  return { formRef, values, setField, savedId, choose, errors, formError, reject, pending, setPending, save };
}
