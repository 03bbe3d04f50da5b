import { describe, expect, test } from 'vitest';
import {
  availabilityFor,
  availabilityMessageKey,
  type Availability,
  type StockInfo,
} from '#lib/catalog/availability.ts';
import { en } from '#lib/i18n/messages/en.ts';

const stock = (effectivestock: number, externalstock: number, markedInStock = false): StockInfo => ({
  effectivestock,
  externalstock,
  markedInStock,
});

describe('availabilityFor', () => {
  test('reports available whenever the product is marked in stock, even with no units or a huge quantity', () => {
    expect(availabilityFor(stock(0, 0, true), 1)).toBe('available');
    expect(availabilityFor(stock(2, 3, true), 1000)).toBe('available');
  });

  test('reports not-available without stock data', () => {
    expect(availabilityFor(null, 1)).toBe('not-available');
    expect(availabilityFor(undefined, 1)).toBe('not-available');
  });

  test('reports not-available when effective plus external stock is zero or less', () => {
    expect(availabilityFor(stock(0, 0), 1)).toBe('not-available');
    expect(availabilityFor(stock(-3, 3), 1)).toBe('not-available');
    expect(availabilityFor(stock(-5, 0), 1)).toBe('not-available');
  });

  test('reports available up to and including the effective stock', () => {
    expect(availabilityFor(stock(5, 10), 1)).toBe('available');
    expect(availabilityFor(stock(5, 10), 5)).toBe('available');
  });

  test('reports limited above the effective stock up to and including effective plus external', () => {
    expect(availabilityFor(stock(5, 10), 6)).toBe('limited');
    expect(availabilityFor(stock(5, 10), 15)).toBe('limited');
    expect(availabilityFor(stock(0, 4), 1)).toBe('limited');
  });

  test('reports limit-overflow above effective plus external stock', () => {
    expect(availabilityFor(stock(5, 10), 16)).toBe('limit-overflow');
    expect(availabilityFor(stock(3, 0), 4)).toBe('limit-overflow');
  });

  test('treats a quantity of 0, a negative one or NaN as 1', () => {
    // One unit on hand: asking about 0 must answer for buying 1, i.e. available.
    expect(availabilityFor(stock(1, 0), 0)).toBe('available');
    expect(availabilityFor(stock(1, 0), -4)).toBe('available');
    expect(availabilityFor(stock(1, 0), Number.NaN)).toBe('available');
    // Only external stock: even "0 wanted" is a supplier delivery.
    expect(availabilityFor(stock(0, 2), 0)).toBe('limited');
  });

  test('counts non-numeric stock figures as no stock', () => {
    expect(availabilityFor(stock(Number.NaN, Number.NaN), 1)).toBe('not-available');
    expect(availabilityFor(stock(Number.NaN, 2), 1)).toBe('limited');
  });
});

describe('availabilityMessageKey', () => {
  const states: (Availability | 'loading')[] = ['not-available', 'available', 'limited', 'limit-overflow', 'loading'];

  test('maps each state to availability.<state>', () => {
    expect(states.map(availabilityMessageKey)).toEqual([
      'availability.not-available',
      'availability.available',
      'availability.limited',
      'availability.limit-overflow',
      'availability.loading',
    ]);
  });

  test('gives the English availability texts', () => {
    const text = (s: Availability | 'loading'): string => en[availabilityMessageKey(s)];
    expect(text('not-available')).toBe('Currently not available');
    expect(text('available')).toBe('Deliverable within 1-2 days');
    expect(text('limited')).toBe('Deliverable within 4-5 days');
    expect(text('limit-overflow')).toBe('Deliverable within 4-5 days');
    expect(text('loading')).toBe('Checking availability...');
  });
});
