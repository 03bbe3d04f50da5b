import { describe, expect, test } from 'vitest';
import { HIDDEN_PRICES_FINGERPRINT, pricesFingerprint } from '#lib/server/cart/fingerprint.ts';
import type { PricedCartLine } from '#lib/server/cart/priced-line.ts';
import type { PricedCart } from '#lib/server/cart/priced.ts';
import { toCartResponse } from '#lib/server/cart/response.ts';

const line = (over: Partial<PricedCartLine> = {}): PricedCartLine => ({
  id: '0b7c3c2e-5d1f-4a51-9a57-0f9d6a1e2b01',
  sku: 'BOH-100',
  quantity: 3,
  name: 'Bohrhammer',
  image: null,
  itemnum: '100-100',
  customerItemNumber: null,
  quote: null,
  orderUnit: 'C62',
  rate: 1900,
  purchasable: true,
  unitNetCents: 1999,
  unitGrossCents: 2379,
  rateParts: [{ rate: 1900, unitNetCents: 1999 }],
  unitRegularNetCents: 2499,
  hasSpecialPrice: true,
  rowNetCents: 5997,
  rowGrossCents: 7136,
  catalogPrice: { regularCents: 2499, specialCents: 1999, source: 'special' },
  quantityRule: { min: 1, step: 1 },
  quantityRuleBreaks: [],
  stock: { effectivestock: 10, externalstock: 0, markedInStock: false },
  included: [],
  attributes: [],
  accessories: [],
  ...over,
});

/** A cart whose every listed field has a distinct value, so a swap of two fields would show too. */
const cart = (over: Partial<PricedCart> = {}): PricedCart => ({
  id: '5d2b8f0a-1c3e-4f6a-8b9c-0d1e2f3a4b5c',
  version: 7,
  currency: 'EUR',
  excludeTax: false,
  taxRegime: { kind: 'domestic', country: 'DE', note: null },
  vatRateBasisPoints: 1900,
  pricesVisible: true,
  lines: [
    line(),
    line({
      id: '0b7c3c2e-5d1f-4a51-9a57-0f9d6a1e2b02',
      sku: 'AKU-1',
      quantity: 1,
      unitNetCents: 990,
      rowNetCents: 990,
    }),
  ],
  itemsQty: 4,
  totals: {
    subtotal_excl_tax: 6987,
    subtotal_incl_tax: 8315,
    subtotal_with_discount: 7483,
    discount_amount: 832,
    coupon_amount: 699,
    coupon_incl_tax: 833,
    shipping_amount: 595,
    shipping_incl_tax: 708,
    tax_amount: 1303,
    grandTotalExclTax: 6883,
    grandTotalIncTax: 8191,
    taxes: [{ rate: 1900, netCents: 6888, taxCents: 1303 }],
  },
  coupon: { code: 'B2B10', status: 'applied' },
  shippingMethodCode: 'dhl',
  billingAddress: null,
  shippingAddress: null,
  newUser: false,
  ...over,
});

describe('pricesFingerprint', () => {
  test('pins a known cart to its known hash (a change here refuses every open checkout: bump the version)', () => {
    // sha256 of [2 (PRICES_FINGERPRINT_VERSION),"EUR",false,[[id,"BOH-100",3,1999],[id,"AKU-1",1,990]],[6987,8315,...,8191],
    // [[1900,6888,1303]] (VAT per rate, since version 2)], base64url, 32 chars.
    expect(pricesFingerprint(cart())).toBe('fpgQBGUvtb6nSd_gShNmfAZa1MPRdeYZ');
  });

  test('changes with every listed field', () => {
    const base = pricesFingerprint(cart());
    const [first, second] = cart().lines as [PricedCartLine, PricedCartLine];
    const changed: PricedCart[] = [
      cart({ currency: 'USD' }),
      cart({ excludeTax: true }),
      cart({ lines: [line({ id: '0b7c3c2e-5d1f-4a51-9a57-0f9d6a1e2b03' }), second] }),
      cart({ lines: [line({ sku: 'BOH-101' }), second] }),
      cart({ lines: [line({ quantity: 4 }), second] }),
      cart({ lines: [line({ unitNetCents: 2000 }), second] }),
      cart({ lines: [line({ unitNetCents: null, purchasable: false }), second] }),
      cart({ lines: [first] }),
      cart({ lines: [second, first] }),
      ...Object.keys(cart().totals).map((field) =>
        cart({
          totals: {
            ...cart().totals,
            [field]: field === 'taxes' ? [{ rate: 700, netCents: 6888, taxCents: 482 }] : 1,
          },
        }),
      ),
    ];
    for (const changedCart of changed) expect(pricesFingerprint(changedCart)).not.toBe(base);
  });

  test('ignores every field outside the list, and fields that structures may gain', () => {
    const base = pricesFingerprint(cart());
    const [, second] = cart().lines as [PricedCartLine, PricedCartLine];
    const same: PricedCart[] = [
      cart({
        id: 'another-cart',
        version: 8,
        itemsQty: 99,
        pricesVisible: false,
        newUser: true,
        vatRateBasisPoints: 700,
      }),
      cart({ coupon: null, shippingMethodCode: null, shippingAddress: { country: 'AT' } }),
      cart({
        lines: [
          line({ name: 'Renamed', image: '/x.jpg', itemnum: 'X', rowNetCents: 1, rowGrossCents: 1, unitGrossCents: 1 }),
          second,
        ],
      }),
      cart({
        lines: [line({ unitRegularNetCents: 1, hasSpecialPrice: false, catalogPrice: null, stock: null }), second],
      }),
      cart({
        lines: [line({ accessories: [{ sku: 'A', itemnum: 'A', name: 'A', unitNetCents: 5, rate: 1900 }] }), second],
      }),
      { ...cart(), addedLater: 'x' } as PricedCart,
      cart({ lines: [{ ...line(), addedLater: 1 } as PricedCartLine, second] }),
      cart({ totals: { ...cart().totals, addedLater: 1 } as PricedCart['totals'] }),
    ];
    for (const sameCart of same) expect(pricesFingerprint(sameCart)).toBe(base);
  });

  test('is the pricesHash of the response, and a shopper without price permission gets no hash of the prices', () => {
    expect(toCartResponse(cart()).pricesHash).toBe(pricesFingerprint(cart()));
    expect(toCartResponse(cart({ pricesVisible: false })).pricesHash).toBe(HIDDEN_PRICES_FINGERPRINT);
  });
});
