import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  MAX_QUANTITY,
  accessoriesKey,
  allocate,
  computeTotals,
  couponDiscountCents,
  couponProblem,
  fitMergedQuantity,
  grossCents,
  isValidQuantity,
  normaliseCouponCode,
  toMajor,
  totalsToMajor,
  type CouponRecord,
} from '#lib/cart/rules.ts';
import { mergeLines, sameLine } from '#tests/helpers/cart-line-rule.ts';
import { quantityProblem } from '#lib/catalog/order-quantity.ts';

describe('accessoriesKey', () => {
  test('is the same for the same set of skus in any order or with repeats', () => {
    expect(accessoriesKey(['SBO-1', 'AKU-1', 'BIT-1'])).toBe('AKU-1,BIT-1,SBO-1');
    expect(accessoriesKey(['BIT-1', 'SBO-1', 'AKU-1', 'BIT-1'])).toBe('AKU-1,BIT-1,SBO-1');
    expect(accessoriesKey([])).toBe('');
  });

  test('any permutation of a set gives one key', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 6 }), (skus) => {
        const shuffled = [...skus].reverse();
        expect(accessoriesKey(shuffled)).toBe(accessoriesKey(skus));
      }),
    );
  });
});

describe('sameLine', () => {
  test('same sku and the same accessory set is the same line', () => {
    expect(sameLine({ sku: 'A', accessories: ['X', 'Y'] }, { sku: 'A', accessories: ['Y', 'X'] })).toBe(true);
  });

  test('a different sku or a different accessory set is another line', () => {
    expect(sameLine({ sku: 'A', accessories: ['X'] }, { sku: 'B', accessories: ['X'] })).toBe(false);
    expect(sameLine({ sku: 'A', accessories: ['X'] }, { sku: 'A', accessories: ['X', 'Y'] })).toBe(false);
    expect(sameLine({ sku: 'A', accessories: [] }, { sku: 'A', accessories: ['X'] })).toBe(false);
  });
});

describe('mergeLines', () => {
  test('sums the quantities of equal lines and keeps the order of first appearance', () => {
    const merged = mergeLines([
      { sku: 'A', accessories: ['Y', 'X'], quantity: 2 },
      { sku: 'B', accessories: [], quantity: 1 },
      { sku: 'A', accessories: ['X', 'Y'], quantity: 3 },
      { sku: 'A', accessories: ['X'], quantity: 1 },
    ]);
    expect(merged).toEqual([
      { sku: 'A', accessories: ['X', 'Y'], quantity: 5 },
      { sku: 'B', accessories: [], quantity: 1 },
      { sku: 'A', accessories: ['X'], quantity: 1 },
    ]);
  });

  test('caps a merged line at the maximum quantity', () => {
    const merged = mergeLines([
      { sku: 'A', accessories: [], quantity: 9000 },
      { sku: 'A', accessories: [], quantity: 5000 },
    ]);
    expect(merged[0]!.quantity).toBe(MAX_QUANTITY);
  });

  test('never loses quantity below the cap', () => {
    const line = fc.record({
      sku: fc.constantFrom('A', 'B'),
      accessories: fc
        .subarray(['X', 'Y', 'Z'])
        .map((a) => fc.sample(fc.shuffledSubarray(a, { minLength: a.length }), 1)[0]!),
      quantity: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const merged = mergeLines(lines);
        expect(merged.reduce((s, l) => s + l.quantity, 0)).toBe(lines.reduce((s, l) => s + l.quantity, 0));
        const keys = merged.map((l) => `${l.sku}|${accessoriesKey(l.accessories)}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });
});

describe('isValidQuantity', () => {
  test('accepts whole numbers from 1 to 9999', () => {
    for (const q of [1, 2, 9999]) expect(isValidQuantity(q)).toBe(true);
    for (const q of [0, -1, 1.5, 10_000, Number.NaN, Number.POSITIVE_INFINITY, '3', null, undefined])
      expect(isValidQuantity(q)).toBe(false);
  });

  test('accepts 0 where 0 means remove', () => {
    expect(isValidQuantity(0, { allowZero: true })).toBe(true);
    expect(isValidQuantity(-1, { allowZero: true })).toBe(false);
  });
});

describe('fitMergedQuantity', () => {
  test('raises a sum the rule does not allow to the next allowed quantity', () => {
    expect(fitMergedQuantity(6, { min: 3, step: 2 })).toBe(7);
    expect(fitMergedQuantity(7, { min: 3, step: 2 })).toBe(7);
    expect(fitMergedQuantity(1, { min: 4, step: 4 })).toBe(4);
  });
  test('past the cap, the largest allowed quantity under it', () => {
    expect(fitMergedQuantity(12_000, { min: 1, step: 1 })).toBe(MAX_QUANTITY);
    expect(fitMergedQuantity(12_000, { min: 2, step: 2 })).toBe(9998);
    expect(fitMergedQuantity(9999, { min: 5, step: 10 })).toBe(9995);
  });
  test('any sum of two quantities ends on an allowed quantity within the cap, never below the larger part', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        (min, step, a, b) => {
          const fitted = fitMergedQuantity(a + b, { min, step });
          expect(quantityProblem(fitted, { min, step })).toBeNull();
          expect(fitted).toBeLessThanOrEqual(MAX_QUANTITY);
          expect(fitted).toBeGreaterThan(Math.min(a + b, MAX_QUANTITY) - step);
        },
      ),
    );
  });
});

describe('VAT', () => {
  const vatCents = (netCents: number, rate: number) => grossCents(netCents, rate) - netCents;

  test('is the rate of the net amount, rounded half up to the cent', () => {
    expect(vatCents(10_000, 1900)).toBe(1900);
    expect(vatCents(19_398, 1900)).toBe(3686); // 3685.62
    expect(vatCents(50, 1900)).toBe(10); // 9.5 rounds up
    expect(vatCents(1, 1900)).toBe(0); // 0.19
    expect(vatCents(3, 1900)).toBe(1); // 0.57
    expect(vatCents(1000, 550)).toBe(55); // 5.5 %
    expect(vatCents(50, 700)).toBe(4); // 3.5 rounds up
  });

  test('is 0 at a rate of 0', () => {
    expect(vatCents(10_000, 0)).toBe(0);
    expect(grossCents(10_000, 0)).toBe(10_000);
  });

  test('stays exact for amounts beyond float precision of the product', () => {
    // 5e12 cents × 1900 passes 2^53; VAT is exactly ...009.5 and must round up.
    expect(vatCents(5_000_000_000_050, 1900)).toBe(950_000_000_010);
  });
});

describe('allocate', () => {
  test('splits in proportion, the leftover cents to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(595, [10_000, 5_000])).toEqual([397, 198]);
    expect(allocate(1, [1, 3])).toEqual([0, 1]);
  });

  test('gives everything to the first share when no weight is positive', () => {
    expect(allocate(595, [0, 0])).toEqual([595, 0]);
  });

  test('always adds up exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const shares = allocate(total, weights);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(total);
          for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('couponDiscountCents', () => {
  test('a percent coupon rounds half up to the cent', () => {
    expect(couponDiscountCents(19_398, { kind: 'percent', value: 10 })).toBe(1940); // 1939.8
    expect(couponDiscountCents(15, { kind: 'percent', value: 10 })).toBe(2); // 1.5 → 2
    expect(couponDiscountCents(14, { kind: 'percent', value: 10 })).toBe(1);
  });

  test('never takes the subtotal below 0', () => {
    expect(couponDiscountCents(1500, { kind: 'fixed', value: 2000 })).toBe(1500);
    expect(couponDiscountCents(1500, { kind: 'percent', value: 150 })).toBe(1500);
    expect(couponDiscountCents(0, { kind: 'fixed', value: 2000 })).toBe(0);
    expect(couponDiscountCents(1500, { kind: 'fixed', value: -500 })).toBe(0);
  });
});

describe('computeTotals', () => {
  const line = (unitNetCents: number, quantity: number, rate = 1900) => ({
    parts: [{ rate, unitNetCents }],
    quantity,
  });

  test('sums net lines, adds 19 % VAT once and reports every row in cents', () => {
    const totals = computeTotals({
      lines: [line(18_899 + 499, 1)],
      coupon: null,
      shippingNetCents: 0,
      fallbackRate: 1900,
    });
    expect(totals).toEqual({
      subtotal_excl_tax: 19_398,
      subtotal_incl_tax: 23_084,
      subtotal_with_discount: 23_084,
      discount_amount: 0,
      coupon_amount: 0,
      coupon_incl_tax: 0,
      shipping_amount: 0,
      shipping_incl_tax: 0,
      tax_amount: 3686,
      grandTotalExclTax: 19_398,
      grandTotalIncTax: 23_084,
      taxes: [{ rate: 1900, netCents: 19_398, taxCents: 3686 }],
    });
  });

  test('a percent coupon is taken off the net subtotal before VAT', () => {
    const totals = computeTotals({
      lines: [line(19_398, 1)],
      coupon: { kind: 'percent', value: 10 },
      shippingNetCents: 0,
      fallbackRate: 1900,
    });
    expect(totals).toMatchObject({
      coupon_amount: 1940,
      subtotal_with_discount: 20_775,
      coupon_incl_tax: 2309,
      discount_amount: 2309,
      grandTotalExclTax: 17_458,
      tax_amount: 3317,
      grandTotalIncTax: 20_775,
    });
  });

  test('a fixed coupon larger than the cart makes it free, never negative', () => {
    const totals = computeTotals({
      lines: [line(999, 1)],
      coupon: { kind: 'fixed', value: 2000 },
      shippingNetCents: 0,
      fallbackRate: 1900,
    });
    expect(totals).toMatchObject({ coupon_amount: 999, subtotal_with_discount: 0, grandTotalIncTax: 0, tax_amount: 0 });
  });

  test('customers excluded from tax pay the net amounts', () => {
    const totals = computeTotals({
      lines: [line(12_999, 2, 0)],
      coupon: { kind: 'fixed', value: 2000 },
      shippingNetCents: 595,
      fallbackRate: 0,
    });
    expect(totals).toMatchObject({
      subtotal_incl_tax: 25_998,
      coupon_incl_tax: 2000,
      shipping_incl_tax: 595,
      tax_amount: 0,
      grandTotalIncTax: 24_593,
    });
  });

  test('shipping is taxed with the goods', () => {
    const totals = computeTotals({ lines: [line(10_000, 1)], coupon: null, shippingNetCents: 595, fallbackRate: 1900 });
    expect(totals).toMatchObject({
      shipping_amount: 595,
      shipping_incl_tax: 708,
      grandTotalIncTax: 12_608,
      tax_amount: 2013,
    });
  });

  test('7 % and 19 % goods: each rate on its own goods, coupon and shipping shared in proportion', () => {
    const totals = computeTotals({
      lines: [line(10_000, 1, 1900), line(5_000, 2, 700)],
      coupon: { kind: 'fixed', value: 2_000 },
      shippingNetCents: 600,
      fallbackRate: 1900,
    });
    // Goods 10,000 at 19 % and 10,000 at 7 %: coupon 1,000 each, shipping 300 each.
    expect(totals.taxes).toEqual([
      { rate: 1900, netCents: 9_300, taxCents: 1767 },
      { rate: 700, netCents: 9_300, taxCents: 651 },
    ]);
    expect(totals).toMatchObject({
      subtotal_excl_tax: 20_000,
      subtotal_incl_tax: 22_600,
      coupon_amount: 2_000,
      subtotal_with_discount: 20_340,
      shipping_incl_tax: 678,
      tax_amount: 2418,
      grandTotalExclTax: 18_600,
      grandTotalIncTax: 21_018,
    });
  });

  test('an empty cart with shipping taxes it at the fallback rate', () => {
    const totals = computeTotals({ lines: [], coupon: null, shippingNetCents: 500, fallbackRate: 1900 });
    expect(totals.taxes).toEqual([{ rate: 1900, netCents: 500, taxCents: 95 }]);
  });

  test('the visible rows always add up to the grand total, to the cent', () => {
    const lines = fc.array(
      fc.record({
        parts: fc.array(
          fc.record({
            rate: fc.constantFrom(0, 550, 700, 1900, 2550),
            unitNetCents: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        quantity: fc.integer({ min: 1, max: 9999 }),
      }),
      { maxLength: 20 },
    );
    const coupon = fc.option(
      fc.record({
        kind: fc.constantFrom('percent' as const, 'fixed' as const),
        value: fc.integer({ min: 0, max: 100_000 }),
      }),
      { nil: null },
    );
    fc.assert(
      fc.property(lines, coupon, fc.integer({ min: 0, max: 5000 }), fc.boolean(), (ls, c, shipping, exempt) => {
        const exemptLines = ls.map((l) => ({ ...l, parts: l.parts.map((p) => ({ ...p, rate: 0 })) }));
        const t = computeTotals({
          lines: exempt ? exemptLines : ls,
          coupon: c,
          shippingNetCents: shipping,
          fallbackRate: exempt ? 0 : 1900,
        });
        const { taxes, ...amounts } = t;
        for (const v of Object.values(amounts)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        expect(taxes.reduce((s, x) => s + x.taxCents, 0)).toBe(t.tax_amount);
        expect(taxes.reduce((s, x) => s + x.netCents, 0)).toBe(t.grandTotalExclTax);
        expect(t.subtotal_incl_tax - t.coupon_incl_tax).toBe(t.subtotal_with_discount);
        expect(t.subtotal_with_discount + t.shipping_incl_tax).toBe(t.grandTotalIncTax);
        expect(t.grandTotalExclTax + t.tax_amount).toBe(t.grandTotalIncTax);
        expect(t.subtotal_excl_tax - t.coupon_amount + t.shipping_amount).toBe(t.grandTotalExclTax);
        if (exempt) expect(t.tax_amount).toBe(0);
      }),
    );
  });

  test('major units have two decimals and come from cents exactly', () => {
    expect(toMajor(23_084)).toBe(230.84);
    expect(toMajor(1)).toBe(0.01);
    expect(
      totalsToMajor(computeTotals({ lines: [line(10, 3)], coupon: null, shippingNetCents: 0, fallbackRate: 1900 }))
        .grandTotalIncTax,
    ).toBe(0.36);
  });
});

describe('couponProblem', () => {
  const base: CouponRecord = {
    code: 'C',
    kind: 'percent',
    value: 10,
    minSubtotalCents: 0,
    maxRedemptions: null,
    redemptions: 0,
    validFrom: new Date('2025-01-01T00:00:00Z'),
    validTo: null,
    isActive: true,
  };
  const check = {
    now: new Date('2026-03-01T00:00:00Z'),
    subtotalNetCents: 5000,
    cartCurrency: 'EUR',
    shopCurrency: 'EUR',
  };

  test('a valid coupon has no problem', () => {
    expect(couponProblem(base, check)).toBeNull();
  });

  test('names each problem with its code', () => {
    expect(couponProblem(null, check)).toBe('COUPON_NOT_FOUND');
    expect(couponProblem({ ...base, isActive: false }, check)).toBe('COUPON_NOT_FOUND');
    expect(couponProblem({ ...base, validFrom: new Date('2027-01-01T00:00:00Z') }, check)).toBe('COUPON_NOT_FOUND');
    expect(couponProblem({ ...base, validTo: new Date('2026-03-01T00:00:00Z') }, check)).toBe('COUPON_EXPIRED');
    expect(couponProblem({ ...base, maxRedemptions: 1, redemptions: 1 }, check)).toBe('COUPON_EXHAUSTED');
    expect(couponProblem({ ...base, minSubtotalCents: 5001 }, check)).toBe('COUPON_MIN_SUBTOTAL');
    expect(couponProblem({ ...base, minSubtotalCents: 5000 }, check)).toBeNull();
  });

  test('a coupon that names an amount only applies in the shop currency', () => {
    expect(couponProblem({ ...base, kind: 'fixed', value: 2000 }, { ...check, cartCurrency: 'GBP' })).toBe(
      'COUPON_CURRENCY',
    );
    expect(couponProblem(base, { ...check, cartCurrency: 'GBP' })).toBeNull();
  });

  test('codes are matched without case and surrounding blanks', () => {
    expect(normaliseCouponCode('  welcome10 ')).toBe('WELCOME10');
  });
});
