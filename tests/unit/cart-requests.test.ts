import { describe, expect, test } from 'vitest';
import { $pendingAddToCart, clearPendingAddToCart, requestAddToCart } from '#lib/cart/requests.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';

describe('requestAddToCart cleans what an island hands over', () => {
  const normalizeAddToCart = (request: Parameters<typeof requestAddToCart>[0]) => {
    const normalized = requestAddToCart(request);
    clearPendingAddToCart();
    return normalized;
  };

  test('keeps a clean request as it is', () => {
    expect(normalizeAddToCart({ sku: 'A', quantity: 3, accessories: ['B', 'C'] })).toEqual({
      sku: 'A',
      quantity: 3,
      accessories: ['B', 'C'],
    });
  });
  test('makes the quantity a whole number from 1 up to the maximum', () => {
    expect(normalizeAddToCart({ sku: 'A', quantity: 0, accessories: [] }).quantity).toBe(1);
    expect(normalizeAddToCart({ sku: 'A', quantity: 2.9, accessories: [] }).quantity).toBe(2);
    expect(normalizeAddToCart({ sku: 'A', quantity: Number.NaN, accessories: [] }).quantity).toBe(1);
    expect(normalizeAddToCart({ sku: 'A', quantity: 1e9, accessories: [] }).quantity).toBe(MAX_QUANTITY);
  });
  test('drops repeated, empty and self accessories', () => {
    expect(normalizeAddToCart({ sku: 'A', quantity: 1, accessories: ['B', 'A', 'B', '', 'C'] }).accessories).toEqual([
      'B',
      'C',
    ]);
  });
});

describe('requestAddToCart', () => {
  test('publishes every click as a new request until the cart clears it', () => {
    const seen: unknown[] = [];
    const stop = $pendingAddToCart.listen((r) => seen.push(r));
    requestAddToCart({ sku: 'A', quantity: 2, accessories: [] });
    requestAddToCart({ sku: 'A', quantity: 2, accessories: [] });
    expect(seen).toEqual([
      { sku: 'A', quantity: 2, accessories: [] },
      { sku: 'A', quantity: 2, accessories: [] },
    ]);
    clearPendingAddToCart();
    expect($pendingAddToCart.get()).toBeNull();
    stop();
  });
});
