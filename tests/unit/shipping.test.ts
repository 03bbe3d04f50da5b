// Shipping method pricing per country and currency (src/lib/checkout/shipping.ts).
import { describe, expect, test } from 'vitest';
import { availableShippingMethods, shippingPriceCents, type ShippingMethodRecord } from '#lib/checkout/shipping.ts';

const standard: ShippingMethodRecord = {
  code: 'standard',
  position: 0,
  priceCents: 595,
  freeFromCents: 25000,
  countries: ['DE', 'AT', 'GB'],
  currencyPrices: { GBP: { priceCents: 550, freeFromCents: 22000 } },
};
const express: ShippingMethodRecord = {
  code: 'express',
  position: 1,
  priceCents: 1495,
  freeFromCents: null,
  countries: ['DE', 'AT'],
  currencyPrices: {},
};
const pickup: ShippingMethodRecord = {
  code: 'pickup',
  position: 2,
  priceCents: 0,
  freeFromCents: null,
  countries: ['DE'],
  currencyPrices: {},
};

const query = (country: string, currency = 'EUR', discountedNetCents = 10000) => ({
  country,
  currency,
  shopCurrency: 'EUR',
  discountedNetCents,
});

describe('prices per currency', () => {
  test('the shop currency uses the base price; another currency only its own price, never a converted one', () => {
    expect(shippingPriceCents(standard, query('DE'))).toBe(595);
    expect(shippingPriceCents(standard, query('DE', 'EUR', 25000))).toBe(0);
    expect(shippingPriceCents(standard, query('GB', 'GBP'))).toBe(550);
    expect(shippingPriceCents(standard, query('GB', 'GBP', 22000))).toBe(0);
    expect(shippingPriceCents(standard, query('GB', 'GBP', 21999))).toBe(550);
    expect(shippingPriceCents(express, query('DE', 'GBP'))).toBeNull();
  });
});

describe('shippingPriceCents', () => {
  test('a country the method does not serve gets null', () => {
    expect(shippingPriceCents(express, query('GB'))).toBeNull();
    expect(shippingPriceCents(pickup, query('AT'))).toBeNull();
  });

  test('free from the threshold on the discounted net subtotal, inclusive', () => {
    expect(shippingPriceCents(standard, query('DE', 'EUR', 24999))).toBe(595);
    expect(shippingPriceCents(standard, query('DE', 'EUR', 25000))).toBe(0);
    expect(shippingPriceCents(standard, query('GB', 'GBP', 21999))).toBe(550);
    expect(shippingPriceCents(standard, query('GB', 'GBP', 22000))).toBe(0);
  });

  test('a method without a threshold is never free', () => {
    expect(shippingPriceCents(express, query('DE', 'EUR', 10_000_000))).toBe(1495);
  });
});

describe('availableShippingMethods', () => {
  test('DE gets standard, express and pickup by position; GB only standard', () => {
    const all = [pickup, express, standard];
    expect(availableShippingMethods(all, query('DE')).map((m) => [m.method.code, m.priceCents])).toEqual([
      ['standard', 595],
      ['express', 1495],
      ['pickup', 0],
    ]);
    expect(availableShippingMethods(all, query('GB', 'GBP')).map((m) => [m.method.code, m.priceCents])).toEqual([
      ['standard', 550],
    ]);
  });

  test('a currency a method has no price for drops the method', () => {
    expect(availableShippingMethods([standard, express, pickup], query('DE', 'USD'))).toEqual([]);
  });

  test('equal positions are ordered by code', () => {
    const a = { ...express, code: 'b-method', position: 5 };
    const b = { ...express, code: 'a-method', position: 5 };
    expect(availableShippingMethods([a, b], query('DE')).map((m) => m.method.code)).toEqual(['a-method', 'b-method']);
  });
});
