import { describe, expect, test } from 'vitest';
import { PriceIndex, type PricedProduct } from '#lib/server/catalog/price-index.ts';

const BASE = 1;
const product: PricedProduct = {
  id: 7,
  sku: 'SALE-1',
  hidePrices: false,
  stock: null,
  prices: [{ listId: BASE, currency: 'EUR', regular: 2499, special: 1999, specialUntil: '2030-06-30' }],
};
const guest = { currency: 'EUR', pricesVisible: true };

describe('PriceIndex.lookup', () => {
  const index = new PriceIndex(BASE);
  index.put([product]);

  test('shows a special price up to its last day, with that day', () => {
    expect(index.lookup(['SALE-1'], guest, '2030-06-30')[0]?.priceInfo).toEqual({
      regular: 24.99,
      special: 19.99,
      currency: 'EUR',
      source: 'special',
      specialUntil: '2030-06-30',
    });
  });

  test('shows the regular price once the special has ended, without any notice', () => {
    expect(index.lookup(['SALE-1'], guest, '2030-07-01')[0]?.priceInfo).toEqual({
      regular: 24.99,
      special: null,
      currency: 'EUR',
    });
  });
});
