import { describe, expect, test } from 'vitest';
import {
  deliveryCountries,
  merchantOfferJsonLd,
  returnPolicyJsonLd,
  shippingDetailsJsonLd,
  type MerchantTerms,
} from '#lib/catalog/merchant-listing.ts';
import type { ShippingMethodRecord } from '#lib/checkout/shipping.ts';

const method = (code: string, over: Partial<ShippingMethodRecord> = {}): ShippingMethodRecord => ({
  code,
  countries: ['DE', 'AT'],
  priceCents: 595,
  freeFromCents: 25000,
  currencyPrices: {},
  position: 0,
  ...over,
});

const terms: MerchantTerms = {
  methods: [
    method('standard'),
    method('express', { position: 1, priceCents: 1495, freeFromCents: null, countries: ['DE'] }),
    // A collection: the setting gives it no transit days, so it is no shipping.
    method('pickup', { position: 2, priceCents: 0, freeFromCents: null, countries: ['DE'] }),
  ],
  fulfilment: {
    handlingDays: { minDays: 0, maxDays: 1 },
    transitDays: { standard: { minDays: 1, maxDays: 3 }, express: { minDays: 1, maxDays: 1 } },
    returnDays: 30,
    returnMethod: 'mail',
    returnFees: 'customer',
  },
  shopCurrency: 'EUR',
};
const amount = { cents: 1999, currency: 'EUR', deliveryDays: null };
const rates = (details: Record<string, unknown>[]) => details.map((d) => (d.shippingRate as { value: string }).value);

describe('shippingDetailsJsonLd', () => {
  test('states each shipping method with its rate, countries and days; a collection is left out', () => {
    const [standard, express, ...rest] = shippingDetailsJsonLd(terms, amount);
    expect(rest).toEqual([]);
    expect(standard).toMatchObject({
      '@type': 'OfferShippingDetails',
      shippingRate: { '@type': 'MonetaryAmount', value: '5.95', currency: 'EUR' },
      shippingDestination: [
        { '@type': 'DefinedRegion', addressCountry: 'DE' },
        { '@type': 'DefinedRegion', addressCountry: 'AT' },
      ],
      deliveryTime: {
        handlingTime: { minValue: 0, maxValue: 1, unitCode: 'DAY' },
        transitTime: { minValue: 1, maxValue: 3, unitCode: 'DAY' },
      },
    });
    expect(express).toMatchObject({ shippingRate: { value: '14.95' } });
  });

  test('ships free from the threshold, and takes the product’s own dispatch days', () => {
    const details = shippingDetailsJsonLd(terms, { cents: 25000, currency: 'EUR', deliveryDays: 5 });
    expect(rates(details)).toEqual(['0.00', '14.95']);
    expect(details[0]).toMatchObject({ deliveryTime: { handlingTime: { minValue: 5, maxValue: 5 } } });
  });

  test('leaves out a method without a price in the offer’s currency', () => {
    const withGbp = {
      ...terms,
      methods: [
        method('standard', { currencyPrices: { GBP: { priceCents: 550, freeFromCents: null } } }),
        method('express'),
      ],
    };
    expect(rates(shippingDetailsJsonLd(withGbp, { ...amount, currency: 'GBP' }))).toEqual(['5.50']);
  });

  test('says nothing without the fulfilment setting', () => {
    expect(shippingDetailsJsonLd({ ...terms, fulfilment: null }, amount)).toEqual([]);
    expect(merchantOfferJsonLd({ ...terms, fulfilment: null }, amount)).toEqual({});
    expect(merchantOfferJsonLd(null, amount)).toEqual({});
  });
});

describe('returnPolicyJsonLd', () => {
  test('gives the return window, method and fees for the countries the shop delivers to', () => {
    expect(deliveryCountries(terms)).toEqual(['AT', 'DE']);
    expect(returnPolicyJsonLd(terms)).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: ['AT', 'DE'],
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      merchantReturnDays: 30,
      returnMethod: 'https://schema.org/ReturnByMail',
      returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
    });
  });

  test('says returns are not permitted when the window is 0 days', () => {
    const none = { ...terms, fulfilment: { ...terms.fulfilment!, returnDays: 0 } };
    expect(returnPolicyJsonLd(none)).toEqual({
      '@type': 'MerchantReturnPolicy',
      applicableCountry: ['AT', 'DE'],
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
    });
  });
});
