import { describe, expect, test } from 'vitest';
import { offerJsonLd, payablePrice } from '#lib/catalog/product-offer.ts';

const stock = { effectivestock: 5, externalstock: 0, markedInStock: false };
const url = 'https://shop.example/en/p/8/glove';

describe('payablePrice', () => {
  test('takes the special price only when it undercuts the regular one', () => {
    expect(payablePrice({ regular: 10, special: 8, currency: 'EUR' })).toBe(8);
    expect(payablePrice({ regular: 10, special: 12, currency: 'EUR' })).toBe(10);
    expect(payablePrice({ regular: null, special: 8, currency: 'EUR' })).toBeNull();
  });
});

describe('offerJsonLd', () => {
  test('carries price, currency, availability, url and condition', () => {
    expect(offerJsonLd({ regular: 6.99, special: null, currency: 'EUR' }, stock, url)).toEqual({
      '@type': 'Offer',
      url,
      price: '6.99',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    });
  });

  test('says until when a special price with a last day applies, and nothing of it otherwise', () => {
    const sale = { regular: 10, special: 8, currency: 'EUR', specialUntil: '2031-03-31' };
    expect(offerJsonLd(sale, stock, url)).toMatchObject({ price: '8.00', priceValidUntil: '2031-03-31' });
    expect(offerJsonLd({ ...sale, specialUntil: undefined }, stock, url)).not.toHaveProperty('priceValidUntil');
    // A special that saves nothing is not the price, so its end is not the price's.
    expect(offerJsonLd({ ...sale, special: 12 }, stock, url)).not.toHaveProperty('priceValidUntil');
  });

  test('follows the stock rule: supplier stock is a back order, none is out of stock', () => {
    const price = { regular: 5, special: null, currency: 'EUR' };
    expect(offerJsonLd(price, { ...stock, effectivestock: 0, externalstock: 3 }, url)?.availability).toBe(
      'https://schema.org/BackOrder',
    );
    expect(offerJsonLd(price, null, url)?.availability).toBe('https://schema.org/OutOfStock');
  });

  test('says the least quantity, its unit and one unit price per price break', () => {
    const terms = {
      unitCode: 'PK',
      rule: { min: 2, step: 2 },
      breaks: [
        { minQuantity: 2, cents: 1250 },
        { minQuantity: 10, cents: 1190 },
      ],
    };
    const offer = offerJsonLd({ regular: 12.5, special: null, currency: 'EUR' }, stock, url, terms);
    expect(offer).toMatchObject({
      price: '12.50',
      priceCurrency: 'EUR',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 2, unitCode: 'PK' },
      priceSpecification: [
        {
          '@type': 'UnitPriceSpecification',
          price: '12.50',
          priceCurrency: 'EUR',
          unitCode: 'PK',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 2, unitCode: 'PK' },
        },
        {
          '@type': 'UnitPriceSpecification',
          price: '11.90',
          priceCurrency: 'EUR',
          unitCode: 'PK',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 10, unitCode: 'PK' },
        },
      ],
    });
    // Availability is for the least quantity that may be ordered.
    expect(
      offerJsonLd(
        { regular: 5, special: null, currency: 'EUR' },
        { ...stock, effectivestock: 1, externalstock: 9 },
        url,
        {
          ...terms,
          breaks: [],
        },
      ),
    ).toMatchObject({ availability: 'https://schema.org/BackOrder' });
    expect(
      offerJsonLd({ regular: 5, special: null, currency: 'EUR' }, stock, url, { ...terms, breaks: [] }),
    ).not.toHaveProperty('priceSpecification');
  });

  test('is absent without a public price', () => {
    expect(offerJsonLd(null, stock, url)).toBeUndefined();
    expect(offerJsonLd({ regular: null, special: null, currency: 'EUR' }, stock, url)).toBeUndefined();
  });
});
