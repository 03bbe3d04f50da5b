import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  addressErrorsFromDetails,
  addressLines,
  addressValues,
  validateAddress,
  type AddressValues,
} from '#lib/checkout/form.ts';
import { CHECKOUT_MESSAGES } from '#lib/checkout/address.ts';
import { $orderAttempt, finishCheckout, orderAttempt } from '#lib/checkout/store.ts';
import { $checkoutSteps, enterStep } from '#lib/checkout/steps-store.ts';
import { cleanStores, keepMount } from 'nanostores';
import { resetStores } from '#tests/helpers/stores.ts';

const valid = (over: Partial<AddressValues> = {}): AddressValues => ({
  ...addressValues(null),
  firstName: 'Max',
  lastName: 'Muster',
  street: 'Hauptstr. 1',
  postalCode: '10115',
  city: 'Berlin',
  ...over,
});
const rules = { companyRequired: false, emailRequired: false };

describe('validateAddress', () => {
  test('accepts a complete address, blank optional fields become undefined', () => {
    const result = validateAddress(valid(), rules);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.address).toMatchObject({ firstName: 'Max', country: 'DE', company: undefined });
  });

  test('names each invalid field with its message key', () => {
    const result = validateAddress(valid({ firstName: ' ', postalCode: '!', email: 'nope', phone: 'x' }), rules);
    expect(result).toEqual({
      ok: false,
      errors: {
        firstName: 'checkout.validation.required',
        postalCode: 'checkout.validation.invalidPostalCode',
        email: 'checkout.validation.invalidEmail',
        phone: 'checkout.validation.invalidPhone',
      },
    });
  });

  test('company and email are required when the shop says so', () => {
    expect(validateAddress(valid(), { companyRequired: true, emailRequired: true })).toEqual({
      ok: false,
      errors: { company: 'checkout.validation.required', email: 'checkout.validation.required' },
    });
  });
});

describe('validation messages', () => {
  test('map every contract text to its key, anything else to the generic one', () => {
    const validationKey = (message: string) =>
      addressErrorsFromDetails([{ path: 'address.city', message }], 'address').city;
    for (const [name, text] of Object.entries(CHECKOUT_MESSAGES))
      expect(validationKey(text)).toBe(`checkout.validation.${name}`);
    expect(validationKey('Unrecognized key')).toBe('checkout.validation.invalid');
  });
});

describe('addressErrorsFromDetails', () => {
  test('takes the fields of the address sent under the prefix only', () => {
    const details = [
      { path: 'shippingAddress.postalCode', message: CHECKOUT_MESSAGES.invalidPostalCode },
      { path: 'billingAddress.city', message: CHECKOUT_MESSAGES.required },
      { path: 'shippingAddress.unknown', message: 'x' },
    ];
    expect(addressErrorsFromDetails(details, 'shippingAddress')).toEqual({
      postalCode: 'checkout.validation.invalidPostalCode',
    });
    expect(addressErrorsFromDetails('nope', 'shippingAddress')).toEqual({});
  });
});

describe('addressValues and addressLines', () => {
  test('fills missing fields with text and an unknown country with the default', () => {
    expect(addressValues({ firstName: 'A', country: 'XX', phone: null })).toMatchObject({
      firstName: 'A',
      country: 'DE',
      phone: '',
    });
  });

  test('shows an address as letter lines with the country name in the locale', () => {
    expect(
      addressLines(
        {
          firstName: 'Max',
          lastName: 'Muster',
          street: 'Hauptstr. 1',
          postalCode: '10115',
          city: 'Berlin',
          country: 'AT',
        },
        'en',
      ),
    ).toEqual(['Max Muster', 'Hauptstr. 1', '10115 Berlin', 'Austria']);
    expect(addressLines(null, 'en')).toEqual([]);
    expect(addressLines({ street: 'Hauptstraße 1', streetName: 'Hauptstraße', country: 'DE' }, 'de')).toEqual([
      'Hauptstraße 1',
      'Deutschland',
    ]);
    expect(addressLines({ street: 'Hauptstraße 1', streetName: 'Hinterhaus', country: 'DE' }, 'de')).toEqual([
      'Hauptstraße 1 Hinterhaus',
      'Deutschland',
    ]);
  });
});

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

describe('checkout store', () => {
  // The session-storage keys, pinned: renaming one would drop the state of every open checkout.
  const CHECKOUT_STEPS_KEY = 'vsf-checkout-steps';
  const ORDER_ATTEMPT_KEY = 'vsf-checkout-attempt';
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('sessionStorage', storage);
  });
  afterEach(() => {
    resetStores([$checkoutSteps, $orderAttempt]);
    vi.unstubAllGlobals();
  });

  test('enterStep keeps visited marks in session storage, and a new page takes them up', () => {
    enterStep('shipping');
    expect(JSON.parse(storage.getItem(CHECKOUT_STEPS_KEY)!)).toEqual({ current: 'shipping', visited: ['shipping'] });
    // The next page of the checkout starts with what the tab stored.
    storage.setItem(CHECKOUT_STEPS_KEY, JSON.stringify({ current: 'billing', visited: ['shipping', 'billing'] }));
    cleanStores($checkoutSteps);
    keepMount($checkoutSteps);
    expect(enterStep('payment')).toEqual({ current: 'payment', visited: ['shipping', 'billing', 'payment'] });
  });

  test.each([
    ['an unknown current step', '{"current":"nope","visited":[]}'],
    ['an unknown visited step', '{"current":null,"visited":["shipping","nope"]}'],
    ['visited that is no list', '{"current":"billing","visited":"shipping"}'],
    ['a missing key', '{"visited":["shipping"]}'],
    ['an extra key', '{"current":null,"visited":[],"admin":true}'],
    ['no JSON at all', '{current'],
  ])('a hand-edited stored state is ignored: %s', (_case, stored) => {
    storage.setItem(CHECKOUT_STEPS_KEY, stored);
    keepMount($checkoutSteps);
    expect(enterStep('payment')).toEqual({ current: 'payment', visited: ['payment'] });
  });

  test('orderAttempt re-sends the same key for the same cart version and a new one for a changed cart', () => {
    let n = 0;
    const key = () => `00000000-0000-4000-8000-00000000000${++n}`;
    const first = orderAttempt('cart-1', 3, key);
    expect(orderAttempt('cart-1', 3, key)).toEqual(first);
    expect(JSON.parse(storage.getItem(ORDER_ATTEMPT_KEY)!)).toEqual(first);
    expect(orderAttempt('cart-1', 4, key).key).not.toBe(first.key);
  });

  test('finishing the checkout forgets steps and the attempt', () => {
    enterStep('payment');
    orderAttempt('cart-1', 1);
    finishCheckout();
    expect($checkoutSteps.get()).toEqual({ current: null, visited: [] });
    expect(storage.getItem(CHECKOUT_STEPS_KEY)).toBeNull();
    expect(storage.getItem(ORDER_ATTEMPT_KEY)).toBeNull();
  });
});
