import { describe, expect, test } from 'vitest';
import { cartTaxNote, isEuCountry, taxNoteFor, type TaxNoteInput } from '#lib/checkout/tax-notes.ts';

const base: TaxNoteInput = { excludeTax: false, shopCountry: 'DE', destination: 'DE', hasVatId: false };

describe('taxNoteFor', () => {
  test('an account excluded from tax gets ACCOUNT_EXCLUDE, wherever the goods go', () => {
    expect(taxNoteFor({ ...base, excludeTax: true })).toBe('ACCOUNT_EXCLUDE');
    expect(taxNoteFor({ ...base, excludeTax: true, destination: 'US', hasVatId: true })).toBe('ACCOUNT_EXCLUDE');
  });
  test('a domestic delivery has no special note', () => {
    expect(taxNoteFor(base)).toBeNull();
    expect(taxNoteFor({ ...base, hasVatId: true, destination: 'de' })).toBeNull();
  });
  test('a business with a VAT id abroad is delivered tax-free (FOREIGN)', () => {
    expect(taxNoteFor({ ...base, destination: 'AT', hasVatId: true })).toBe('FOREIGN');
    expect(taxNoteFor({ ...base, destination: 'CH', hasVatId: true })).toBe('FOREIGN');
  });
  test('a consumer outside the EU pays no VAT (ONESTOPSHOP_FOREIGN)', () => {
    expect(taxNoteFor({ ...base, destination: 'GB' })).toBe('ONESTOPSHOP_FOREIGN');
    expect(taxNoteFor({ ...base, destination: 'US' })).toBe('ONESTOPSHOP_FOREIGN');
  });
  test('a consumer in another EU country pays its VAT: VATMATCH when the rates are equal, else ONESTOPSHOP_EU', () => {
    expect(taxNoteFor({ ...base, destination: 'FR', vatRates: { shop: 19, destination: 20 } })).toBe('ONESTOPSHOP_EU');
    expect(taxNoteFor({ ...base, destination: 'FR' })).toBe('ONESTOPSHOP_EU');
    expect(taxNoteFor({ ...base, destination: 'CY', vatRates: { shop: 19, destination: 19 } })).toBe(
      'ONESTOPSHOP_VATMATCH',
    );
  });
  test('a shop outside the EU delivering abroad exports (FOREIGN)', () => {
    expect(taxNoteFor({ ...base, shopCountry: 'GB', destination: 'DE' })).toBe('FOREIGN');
  });
});

describe('isEuCountry', () => {
  test('knows members from non-members', () => {
    expect(isEuCountry('DE')).toBe(true);
    expect(isEuCountry('at')).toBe(true);
    expect(isEuCountry('GB')).toBe(false);
    expect(isEuCountry('CH')).toBe(false);
  });
});

describe('cartTaxNote', () => {
  const address = (country: string, vatId = '') => ({
    firstName: 'A',
    lastName: 'B',
    street: 'S 1',
    postalCode: '1',
    city: 'C',
    country,
    vatId,
  });
  test('takes the destination from the shipping address and the VAT id from the billing address', () => {
    expect(
      cartTaxNote({
        displayExcludingTaxes: false,
        shippingAddress: address('AT'),
        billingAddress: address('DE', 'DE123'),
      }),
    ).toBe('FOREIGN');
    expect(
      cartTaxNote({ displayExcludingTaxes: false, shippingAddress: address('AT'), billingAddress: address('DE') }),
    ).toBe('ONESTOPSHOP_EU');
    expect(
      cartTaxNote({ displayExcludingTaxes: false, shippingAddress: address('DE'), billingAddress: null }),
    ).toBeNull();
  });
  test('an excluded account and a cart without a shipping address', () => {
    expect(cartTaxNote({ displayExcludingTaxes: true, shippingAddress: null, billingAddress: null })).toBe(
      'ACCOUNT_EXCLUDE',
    );
    expect(cartTaxNote({ displayExcludingTaxes: false, shippingAddress: null, billingAddress: null })).toBeNull();
  });
});
