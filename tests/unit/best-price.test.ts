// The best-price rule and the orderability rules of the buy box, cart and checkout, without I/O.
import { describe, expect, test } from 'vitest';
import { bestPrice, bestPriceFor, listPriceFor } from '#lib/catalog/best-price.ts';
import { availabilityFor, entryAvailability, isOrderable } from '#lib/catalog/availability.ts';
import { lineProblemKey, parseWantedQuantity, shippingRow, totalsNoteKey, totalsView } from '#lib/cart/display.ts';

describe('bestPrice', () => {
  test('a contract price above the public special price loses to it', () => {
    // buyer@acme on a product with contract 412.99 and public special 372.99 (regular 450.99).
    expect(bestPrice({ regular: 45099, special: 37299 }, { regular: 41299, special: null })).toEqual({
      regular: 45099,
      special: 37299,
      source: 'special',
    });
  });
  test("a contract price below every public price applies and is labelled as the customer's", () => {
    expect(bestPrice({ regular: 18899, special: null }, { regular: 16499, special: null })).toEqual({
      regular: 18899,
      special: 16499,
      source: 'contract',
    });
  });
  test('a contract price above the public regular price never applies', () => {
    expect(bestPrice({ regular: 1000, special: null }, { regular: 1200, special: null })).toEqual({
      regular: 1000,
      special: null,
      source: 'regular',
    });
  });
  test('a contract special counts as the contract price', () => {
    expect(bestPrice({ regular: 1000, special: 900 }, { regular: 950, special: 800 })).toEqual({
      regular: 1000,
      special: 800,
      source: 'contract',
    });
  });
  test('a tie goes to the public price, so customer and guest read the same label', () => {
    expect(bestPrice({ regular: 1000, special: 900 }, { regular: 900, special: null })?.source).toBe('special');
  });
  test('a public special at or above the regular price is no saving and is ignored', () => {
    expect(bestPrice({ regular: 1000, special: 1000 }, null)).toEqual({
      regular: 1000,
      special: null,
      source: 'regular',
    });
    expect(bestPrice({ regular: 1000, special: 1500 }, null)).toEqual({
      regular: 1000,
      special: null,
      source: 'regular',
    });
  });
  test('without a public price the contract price is the reference', () => {
    expect(bestPrice(null, { regular: 500, special: null })).toEqual({
      regular: 500,
      special: null,
      source: 'regular',
    });
    expect(bestPrice(null, null)).toBeNull();
  });
  test('the customer never pays more than the guest', () => {
    const lists = [
      null,
      { regular: 1000, special: null },
      { regular: 1000, special: 700 },
      { regular: 800, special: 1200 },
    ];
    const paid = (p: ReturnType<typeof bestPrice>) => p && (p.special ?? p.regular);
    for (const pub of lists.slice(1)) {
      for (const own of lists) expect(paid(bestPrice(pub, own))!).toBeLessThanOrEqual(paid(bestPrice(pub, null))!);
    }
  });
});

describe('isOrderable', () => {
  test('only not-available is refused; more than on hand is still deliverable later', () => {
    const stock = { effectivestock: 2, externalstock: 5, markedInStock: false };
    expect(isOrderable(availabilityFor(stock, 1))).toBe(true);
    expect(isOrderable(availabilityFor(stock, 50))).toBe(true);
    expect(isOrderable(availabilityFor({ effectivestock: 0, externalstock: 0, markedInStock: false }, 1))).toBe(false);
    expect(isOrderable(availabilityFor(null, 1))).toBe(false);
  });
  test('an entry without price and stock (prices hidden) shows and decides nothing', () => {
    expect(entryAvailability({ stock: null, priceInfo: null }, 1)).toBeNull();
    expect(entryAvailability({ stock: null, priceInfo: { regular: 1 } }, 1)).toBe('not-available');
  });
});

describe('parseWantedQuantity', () => {
  test('takes whole numbers 1..max only', () => {
    expect(parseWantedQuantity('3', 9999)).toBe(3);
    expect(parseWantedQuantity(' 9999 ', 9999)).toBe(9999);
    for (const raw of ['0', '-3', '2.5', '', 'abc', '10000', '1e3']) expect(parseWantedQuantity(raw, 9999)).toBeNull();
  });
});

describe('listPriceFor and bestPriceFor', () => {
  const tiers = [
    { minQuantity: 10, cents: 900 },
    { minQuantity: 50, cents: 800 },
  ];
  test("a list's tier for the quantity is its special price for that quantity", () => {
    const list = { regular: 1000, special: null, tiers };
    expect([1, 9, 10, 49, 50, 500].map((q) => listPriceFor(list, q).special)).toEqual([null, null, 900, 900, 800, 800]);
  });
  test('a tier that does not undercut the list (its special included) changes nothing', () => {
    expect(listPriceFor({ regular: 1000, special: 850, tiers }, 10)).toEqual({ regular: 1000, special: 850 });
    expect(listPriceFor({ regular: 1000, special: 850, tiers }, 50)).toEqual({ regular: 1000, special: 800 });
  });
  test("the lowest of both lists' prices for the quantity applies, as bestPrice picks it", () => {
    const own = { regular: 950, special: null, tiers: [{ minQuantity: 20, cents: 700 }] };
    const pub = { regular: 1000, special: null, tiers };
    expect(bestPriceFor(pub, own, 10)).toEqual({ regular: 1000, special: 900, source: 'special' });
    expect(bestPriceFor(pub, own, 20)).toEqual({ regular: 1000, special: 700, source: 'contract' });
    expect(bestPriceFor(pub, null, 1)).toEqual(bestPrice({ regular: 1000, special: null }, null));
    expect(bestPriceFor(null, null, 10)).toBeNull();
  });
});

describe('lineProblemKey', () => {
  test('names why a line cannot be ordered', () => {
    const fits = { quantityProblem: null };
    expect(lineProblemKey({ ...fits, purchasable: false, availability: 'available' })).toBe('cart.notPurchasable');
    expect(lineProblemKey({ ...fits, purchasable: true, availability: 'not-available' })).toBe('cart.lineNotAvailable');
    expect(lineProblemKey({ ...fits, purchasable: true, availability: 'limit-overflow' })).toBeNull();
    expect(lineProblemKey({ ...fits, purchasable: true, availability: null })).toBeNull();
    expect(lineProblemKey({ purchasable: true, availability: 'available', quantityProblem: 'off-step' })).toBe(
      'cart.lineQuantityRule',
    );
  });
});

describe('shippingRow', () => {
  const totals = {
    subtotal_excl_tax: 100,
    subtotal_incl_tax: 119,
    subtotal_with_discount: 100,
    discount_amount: 0,
    coupon_amount: 0,
    coupon_incl_tax: 0,
    shipping_amount: 5.9,
    shipping_incl_tax: 7.02,
    tax_amount: 20.12,
    grandTotalExclTax: 105.9,
    grandTotalIncTax: 126.02,
    taxes: [{ ratePercent: 19, net: 105.9, tax: 20.12 }],
  };
  test('once a method is chosen, shipping is a row and the note says the total includes VAT', () => {
    const cart = {
      totals,
      pricesVisible: true,
      displayExcludingTaxes: false,
      shippingMethod: { methodCode: 'standard' },
    };
    expect(shippingRow(cart)).toBe(5.9);
    expect(totalsNoteKey(totalsView(cart)!, true)).toBe('checkout.totals.inclTax');
  });
  test('before a method is chosen there is no row and the total is plus shipping', () => {
    const cart = { totals, pricesVisible: true, displayExcludingTaxes: false, shippingMethod: null };
    expect(shippingRow(cart)).toBeNull();
    expect(totalsNoteKey(totalsView(cart)!, false)).toBe('cart.plusShipping');
  });
  test('a customer excluded from taxation keeps the exclusion note', () => {
    const cart = {
      totals,
      pricesVisible: true,
      displayExcludingTaxes: true,
      shippingMethod: { methodCode: 'standard' },
    };
    expect(totalsNoteKey(totalsView(cart)!, true)).toBe('cart.excludedFromTax');
  });
});
