import { describe, expect, test } from 'vitest';
import { priceBreaks } from '#lib/catalog/price-breaks.ts';
import { correctedQuantity, largestOrderable, steppedQuantity } from '#lib/catalog/quantity-input.ts';

const ANY = { min: 1, step: 1 };
const MAX = 9999;

describe('priceBreaks', () => {
  test('lists the price from 1, then each tier from its quantity', () => {
    const tiers = [
      { minQuantity: 50, cents: 1090 },
      { minQuantity: 10, cents: 1190 },
    ];
    expect(priceBreaks(1250, tiers, ANY, MAX)).toEqual([
      { minQuantity: 1, cents: 1250 },
      { minQuantity: 10, cents: 1190 },
      { minQuantity: 50, cents: 1090 },
    ]);
  });

  test('is empty without a tier that changes the price', () => {
    expect(priceBreaks(1250, [], ANY, MAX)).toEqual([]);
    // A tier at or above the price from 1 (a special price undercuts it) is not charged.
    expect(priceBreaks(999, [{ minQuantity: 10, cents: 1190 }], ANY, MAX)).toEqual([]);
  });

  test('starts at the least orderable quantity and moves a tier to the next orderable one', () => {
    const tiers = [
      { minQuantity: 5, cents: 1190 },
      { minQuantity: 11, cents: 1090 },
    ];
    expect(priceBreaks(1250, tiers, { min: 2, step: 2 }, MAX)).toEqual([
      { minQuantity: 2, cents: 1250 },
      { minQuantity: 6, cents: 1190 },
      { minQuantity: 12, cents: 1090 },
    ]);
    // A tier below the minimum applies from the first orderable quantity on.
    expect(priceBreaks(1250, [{ minQuantity: 5, cents: 1190 }], { min: 10, step: 1 }, MAX)).toEqual([
      { minQuantity: 10, cents: 1190 },
    ]);
  });

  test('leaves out tiers beyond what one line may order', () => {
    expect(priceBreaks(1250, [{ minQuantity: 20_000, cents: 900 }], ANY, MAX)).toEqual([]);
  });
});

describe('the quantity field under a rule', () => {
  const rule = { min: 2, step: 2 };

  test('offers orderable quantities up to the largest one within the maximum', () => {
    expect(largestOrderable(rule, MAX)).toBe(9998);
    expect(largestOrderable({ min: 5, step: 10 }, 100)).toBe(95);
    expect(largestOrderable(ANY, MAX)).toBe(MAX);
  });

  test('moves a whole number off the rule to the next orderable one, saying why', () => {
    expect(correctedQuantity(1, rule, MAX)).toEqual({ quantity: 2, problem: 'below-minimum' });
    expect(correctedQuantity(3, rule, MAX)).toEqual({ quantity: 4, problem: 'off-step' });
    expect(correctedQuantity(9999, rule, MAX)).toEqual({ quantity: 9998, problem: 'off-step' });
    expect(correctedQuantity(6, rule, MAX)).toBeNull();
    expect(correctedQuantity(7, ANY, MAX)).toBeNull();
  });

  test('− and + step between orderable quantities, from an off-rule one too', () => {
    expect(steppedQuantity(2, 1, rule, MAX)).toBe(4);
    expect(steppedQuantity(4, -1, rule, MAX)).toBe(2);
    expect(steppedQuantity(5, 1, rule, MAX)).toBe(6);
    expect(steppedQuantity(5, -1, rule, MAX)).toBe(4);
    expect(steppedQuantity(2, -1, rule, MAX)).toBe(2);
    expect(steppedQuantity(9998, 1, rule, MAX)).toBe(9998);
  });
});
