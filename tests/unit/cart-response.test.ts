import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { cartSchema } from '#lib/cart/contract.ts';
import { computeTotals, couponDiscountCents, totalsToMajor, type CouponRecord } from '#lib/cart/rules.ts';
import { shippingPriceCents, type ShippingMethodRecord } from '#lib/checkout/shipping.ts';
import type { CartProduct } from '#lib/server/cart/cart-product.ts';
import { pricedCart, type CartPricingInput, type PricedCart } from '#lib/server/cart/priced.ts';
import { toCartResponse } from '#lib/server/cart/response.ts';
import type { CartLineRow, CartSnapshot } from '#lib/server/cart/queries.ts';
import type { QuoteTerms } from '#lib/server/cart/quote-terms.ts';

/** `regular` and `special` are the product's row in the public list (null: no price there), without tiers. */
type ProductSpec = Partial<CartProduct> & { regular?: number | null; special?: number | null };
const product = (id: number, { regular = 2499, special = null, ...over }: ProductSpec = {}): CartProduct => ({
  id,
  sku: `P-${id}`,
  itemnum: `100-${id}`,
  customerItemNumber: null,
  image: null,
  name: `Product ${id}`,
  isActive: true,
  hidePrices: false,
  hasStock: true,
  effective: 50,
  external: 0,
  marked: false,
  publicPrice: regular === null ? null : { regular, special, tiers: [] },
  contractPrice: null,
  taxPercent: null,
  minQuantity: 1,
  quantityStep: 1,
  orderUnit: 'C62',
  included: [],
  attributes: [],
  ...over,
});

const lineRow = (n: number, productId: number, quantity: number, accessorySkus: string[] = []): CartLineRow => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productId,
  sku: `P-${productId}`,
  quantity,
  accessoriesKey: accessorySkus.join(','),
  accessorySkus,
  quoteLineId: null,
});

const snapshot = (lines: CartLineRow[], over: Partial<CartSnapshot['cart']> = {}): CartSnapshot => ({
  cart: {
    id: '5d2b8f0a-1c3e-4f6a-8b9c-0d1e2f3a4b5c',
    customerId: null,
    currency: 'EUR',
    couponCode: null,
    billingAddress: null,
    shippingAddress: { country: 'DE' },
    shippingMethodCode: 'dhl',
    newUser: false,
    newUserPasswordHash: null,
    version: 3,
    status: 'active',
    ...over,
  },
  lines,
});

const dhl: ShippingMethodRecord = {
  code: 'dhl',
  countries: ['DE', 'AT'],
  priceCents: 595,
  freeFromCents: 50_000,
  currencyPrices: {},
  position: 0,
};

const coupon = (over: Partial<CouponRecord> = {}): CouponRecord => ({
  code: 'B2B10',
  kind: 'percent',
  value: 10,
  minSubtotalCents: 0,
  maxRedemptions: null,
  redemptions: 0,
  validFrom: null,
  validTo: null,
  isActive: true,
  ...over,
});

const input = (over: Partial<CartPricingInput> = {}): CartPricingInput => ({
  snapshot: snapshot([lineRow(1, 1, 3, ['P-2']), lineRow(2, 3, 1)]),
  terms: { priceListId: null, excludeTax: false, currency: null },
  products: [product(1, { special: 1999 }), product(2, { regular: 10 }), product(3, { regular: 990 })],
  coupon: null,
  shippingMethod: dhl,
  locale: 'en',
  pricesVisible: true,
  shopCurrency: 'EUR',
  tax: { shopCountry: 'DE', oss: false },
  quotes: new Map(),
  now: new Date('2026-03-01T00:00:00Z'),
  ...over,
});

/** Cents as the decimal a person writes, read back as a number: the exact major-unit value. */
const decimal = (cents: number): number => Number(`${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

describe('toCartResponse', () => {
  test('turns cents into major units exactly, and only at the edge', () => {
    const priced = pricedCart(input());
    const [first, second] = priced.lines;
    expect(first).toMatchObject({
      unitNetCents: 2009,
      unitRegularNetCents: 2509,
      rowNetCents: 6027,
      rowGrossCents: 7172,
    });
    expect(second).toMatchObject({ unitNetCents: 990, rowNetCents: 990, hasSpecialPrice: false });

    const cart = toCartResponse(priced);
    const [item, plain] = cart.cartItems;
    expect(item!.price).toEqual({ regular: 25.09, special: 20.09 });
    expect(item!.priceInfo).toEqual({ regular: 24.99, special: 19.99, currency: 'EUR', source: 'special' });
    expect(item!.rowTotal).toBe(60.27);
    expect(item!.rowTotalInclTax).toBe(71.72);
    expect(item!.selectedAddtionalProducts).toEqual({
      'P-2': { itemnum: '100-2', name: 'Product 2', price: 0.1, taxRatePercent: 19 },
    });
    expect(plain!.price).toEqual({ regular: 9.9, special: null });
    expect(cart.totals).toEqual(totalsToMajor(priced.totals));
    expect(cart.totals!.subtotal_excl_tax).toBe(70.17);
    expect(cart.totals!.shipping_amount).toBe(5.95);
    expect(cart.vatRatePercent).toBe(19);
    expect(cart.shippingMethod).toEqual({ methodCode: 'dhl' });
  });

  test('any amount in cents becomes the decimal with the same digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const priced = pricedCart(input());
        const line = { ...priced.lines[0]!, rowNetCents: cents, rowGrossCents: cents };
        const cart = toCartResponse({
          ...priced,
          lines: [line],
          totals: { ...priced.totals, grandTotalIncTax: cents },
        });
        expect(cart.cartItems[0]!.rowTotal).toBe(decimal(cents));
        expect(cart.totals!.grandTotalIncTax).toBe(decimal(cents));
      }),
    );
    expect(decimal(1999)).toBe(19.99);
    expect(decimal(10)).toBe(0.1);
  });

  test('keeps the shape of the cart contract', () => {
    const cart = toCartResponse(pricedCart(input()));
    expect(Object.keys(cart).sort()).toEqual(Object.keys(cartSchema.shape).sort());
    expect(Object.keys(cart.cartItems[0]!).sort()).toEqual(
      Object.keys(cartSchema.shape.cartItems.element.shape).sort(),
    );
    expect(cartSchema.parse(cart)).toEqual(cart);
  });

  test('shows no amount and no availability to a shopper without price permission', () => {
    const cart = toCartResponse(pricedCart(input({ pricesVisible: false })));
    expect(cart.totals).toBeNull();
    for (const item of cart.cartItems) {
      expect(item).toMatchObject({
        price: { regular: null, special: null },
        priceInfo: null,
        rowTotal: null,
        rowTotalInclTax: null,
        stock: null,
        availability: null,
      });
      for (const accessory of Object.values(item.selectedAddtionalProducts)) expect(accessory.price).toBeNull();
    }
  });
});

describe('pricedCart', () => {
  const productArb = fc.record({
    regular: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
    special: fc.option(fc.integer({ min: 0, max: 2_000_000 }), { nil: null }),
    isActive: fc.constantFrom(true, true, true, false),
    hidePrices: fc.constantFrom(false, false, false, true),
    taxPercent: fc.constantFrom(null, 7, 19, 0),
  });
  const couponArb = fc.option(
    fc.oneof(
      fc.integer({ min: 0, max: 100 }).map((value) => coupon({ kind: 'percent', value })),
      fc.integer({ min: 0, max: 5_000_000 }).map((value) => coupon({ kind: 'fixed', value })),
    ),
    { nil: null },
  );

  test('its totals are computeTotals of the purchasable lines at their effective prices', () => {
    fc.assert(
      fc.property(
        fc.array(productArb, { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            product: fc.nat(),
            quantity: fc.integer({ min: 1, max: 9999 }),
            accessories: fc.uniqueArray(fc.nat(), { maxLength: 2 }),
          }),
          { maxLength: 5 },
        ),
        couponArb,
        fc.boolean(),
        fc.constantFrom('DE', 'FR'),
        (specs, lineSpecs, theCoupon, excludeTax, country) => {
          const products = specs.map((s, i) => product(i + 1, s));
          const pick = (n: number) => products[n % products.length]!;
          const rows = lineSpecs.map((l, i) =>
            lineRow(i + 1, pick(l.product).id, l.quantity, [...new Set(l.accessories.map((a) => pick(a).sku))]),
          );
          const priced = pricedCart(
            input({
              snapshot: snapshot(rows, { couponCode: theCoupon?.code ?? null, shippingAddress: { country } }),
              terms: { priceListId: null, excludeTax, currency: null },
              products,
              coupon: theCoupon,
            }),
          );

          const effective = ({ publicPrice: list }: CartProduct) =>
            list!.special !== null && list!.special < list!.regular ? list!.special : list!.regular;
          const sellable = (p: CartProduct) => p.isActive && !p.hidePrices && p.publicPrice !== null;
          const expected = rows.flatMap((row) => {
            const parts = [
              pick(row.productId - 1),
              ...row.accessorySkus.map((sku) => products.find((p) => p.sku === sku)!),
            ];
            // Each part at its catalogue rate (none: the shop's 19 %); an excluded account pays 0 %.
            const rateOf = (p: CartProduct) => (excludeTax ? 0 : Math.round((p.taxPercent ?? 19) * 100));
            if (!parts.every(sellable)) return [];
            const byRate = new Map<number, number>();
            for (const p of parts) byRate.set(rateOf(p), (byRate.get(rateOf(p)) ?? 0) + effective(p));
            return parts.every(sellable)
              ? [
                  {
                    unitNetCents: parts.reduce((sum, p) => sum + effective(p), 0),
                    parts: [...byRate].map(([rate, unitNetCents]) => ({ rate, unitNetCents })),
                    quantity: row.quantity,
                  },
                ]
              : [];
          });
          const subtotal = expected.reduce((sum, l) => sum + l.unitNetCents * l.quantity, 0);
          const shipping = shippingPriceCents(dhl, {
            country,
            currency: 'EUR',
            shopCurrency: 'EUR',
            discountedNetCents: subtotal - couponDiscountCents(subtotal, theCoupon),
          });

          expect(priced.totals).toEqual(
            computeTotals({
              lines: expected,
              coupon: theCoupon,
              shippingNetCents: shipping ?? 0,
              fallbackRate: excludeTax ? 0 : 1900,
            }),
          );
          expect(priced.lines.filter((l) => l.purchasable).map((l) => l.rowNetCents)).toEqual(
            expected.map((l) => l.unitNetCents * l.quantity),
          );
          expect(priced.shippingMethodCode).toBe(shipping === null ? null : 'dhl');
          expect(priced.coupon?.status ?? null).toBe(theCoupon ? 'applied' : null);
          expect(priced.itemsQty).toBe(rows.reduce((sum, r) => sum + r.quantity, 0));
        },
      ),
    );
  });

  test('a stored coupon that no longer applies gives no discount and says why', () => {
    const expired = coupon({ validTo: new Date('2026-01-01T00:00:00Z') });
    const priced: PricedCart = pricedCart(
      input({ snapshot: snapshot([lineRow(1, 3, 2)], { couponCode: 'B2B10' }), coupon: expired }),
    );
    expect(priced.coupon).toEqual({ code: 'B2B10', status: 'COUPON_EXPIRED' });
    expect(priced.totals.coupon_amount).toBe(0);
    expect(toCartResponse(priced)).toMatchObject({ couponCode: 'B2B10', couponStatus: 'COUPON_EXPIRED' });
  });

  test('a product that can no longer be sold stays on the cart without amounts and out of the totals', () => {
    const priced = pricedCart(
      input({ products: [product(1, { isActive: false }), product(2, { regular: 10 }), product(3, { regular: 990 })] }),
    );
    expect(priced.lines[0]).toMatchObject({
      purchasable: false,
      unitNetCents: null,
      rowNetCents: null,
      rowGrossCents: null,
    });
    expect(priced.totals.subtotal_excl_tax).toBe(990);
    expect(toCartResponse(priced).cartItems[0]).toMatchObject({
      purchasable: false,
      price: { regular: null, special: null },
      rowTotal: null,
    });
  });

  test('a customer flagged excludeTax pays no VAT', () => {
    const priced = pricedCart(input({ terms: { priceListId: 7, excludeTax: true, currency: 'EUR' } }));
    expect(priced.totals.tax_amount).toBe(0);
    expect(priced.lines[0]!.rowGrossCents).toBe(priced.lines[0]!.rowNetCents);
    expect(toCartResponse(priced)).toMatchObject({ displayExcludingTaxes: true, vatRatePercent: 0 });
  });
});

describe('pricedCart at the quantity of each line', () => {
  const tiers = [
    { minQuantity: 10, cents: 900 },
    { minQuantity: 50, cents: 800 },
  ];
  const tiered = (id: number, over: ProductSpec = {}) =>
    product(id, { publicPrice: { regular: 1000, special: null, tiers }, ...over });
  const priceAt = (quantity: number, products: CartProduct[], accessories: string[] = []) =>
    pricedCart(input({ snapshot: snapshot([lineRow(1, 1, quantity, accessories)]), products })).lines[0]!;

  test("a line's unit price follows its quantity across tier boundaries, both ways", () => {
    const unit = (quantity: number) => priceAt(quantity, [tiered(1)]).unitNetCents;
    expect([unit(9), unit(10), unit(49), unit(50), unit(49), unit(9)]).toEqual([1000, 900, 900, 800, 900, 1000]);
    const line = priceAt(50, [tiered(1)]);
    expect(line).toMatchObject({ unitRegularNetCents: 1000, hasSpecialPrice: true, rowNetCents: 40_000 });
    expect(
      toCartResponse(pricedCart(input({ snapshot: snapshot([lineRow(1, 1, 50)]), products: [tiered(1)] })))
        .cartItems[0],
    ).toMatchObject({ price: { regular: 10, special: 8 }, priceInfo: { regular: 10, special: 8, source: 'special' } });
  });

  test("the same product on two lines is priced at each line's own quantity", () => {
    const priced = pricedCart(
      input({ snapshot: snapshot([lineRow(1, 1, 5), lineRow(2, 1, 60, ['P-2'])]), products: [tiered(1), product(2)] }),
    );
    expect(priced.lines.map((l) => l.unitNetCents)).toEqual([1000, 800 + 2499]);
  });

  test("an accessory costs its own tier price at the line's quantity", () => {
    const line = priceAt(10, [product(1, { regular: 5000 }), tiered(2)], ['P-2']);
    expect(line.unitNetCents).toBe(5000 + 900);
    expect(line.accessories).toEqual([expect.objectContaining({ sku: 'P-2', unitNetCents: 900 })]);
  });

  test("of the public and the customer's tiers the lowest applies; the public regular price stays the reference", () => {
    const contract = { regular: 950, special: null, tiers: [{ minQuantity: 20, cents: 700 }] };
    const both = tiered(1, { contractPrice: contract });
    expect(priceAt(5, [both]).catalogPrice).toEqual({ regularCents: 1000, specialCents: 950, source: 'contract' });
    expect(priceAt(10, [both]).catalogPrice).toEqual({ regularCents: 1000, specialCents: 900, source: 'special' });
    expect(priceAt(20, [both]).catalogPrice).toEqual({ regularCents: 1000, specialCents: 700, source: 'contract' });
    expect(priceAt(50, [both]).catalogPrice).toEqual({ regularCents: 1000, specialCents: 700, source: 'contract' });
  });

  test('a tier above the special price is no saving and is ignored', () => {
    const special = tiered(1, { publicPrice: { regular: 1000, special: 850, tiers } });
    expect(priceAt(10, [special]).unitNetCents).toBe(850);
    expect(priceAt(50, [special]).unitNetCents).toBe(800);
  });

  test('a quantity its rules no longer allow is named on the line, which stays priced and in the totals', () => {
    const stepped = product(1, { minQuantity: 2, quantityStep: 2 });
    const odd = priceAt(3, [stepped]);
    expect(odd.quantityRuleBreaks).toEqual([expect.objectContaining({ sku: 'P-1', problem: 'off-step' })]);
    expect(odd).toMatchObject({ purchasable: true, rowNetCents: 3 * 2499, quantityRule: { min: 2, step: 2 } });
    expect(priceAt(4, [stepped]).quantityRuleBreaks).toEqual([]);
    // An accessory's rule applies to the line's quantity.
    const line = priceAt(4, [product(1), product(2, { minQuantity: 5 })], ['P-2']);
    expect(line.quantityRuleBreaks).toEqual([expect.objectContaining({ sku: 'P-2', problem: 'below-minimum' })]);
    const item = toCartResponse(pricedCart(input({ snapshot: snapshot([lineRow(1, 1, 3)]), products: [stepped] })))
      .cartItems[0];
    expect(item).toMatchObject({ quantityRule: { min: 2, step: 2 }, quantityProblem: 'off-step' });
  });
});

describe('pricedCart with quoted lines', () => {
  const COMPANY = '11111111-2222-4333-8444-555555555555';
  const terms = (over: Partial<QuoteTerms> = {}): QuoteTerms => ({
    quoteId: 'quote-1',
    number: 'Q1001',
    status: 'accepted',
    validUntil: '2026-03-31',
    customerId: COMPANY,
    currency: 'EUR',
    quantity: 3,
    unitNetCents: 1500,
    ...over,
  });
  /** The first line (P-1 with accessory P-2, 3 pieces) put in from quote line q1. */
  const quoted = (quote: QuoteTerms, over: Partial<CartPricingInput> = {}) =>
    pricedCart(
      input({
        snapshot: snapshot([{ ...lineRow(1, 1, 3, ['P-2']), quoteLineId: 'q1' }, lineRow(2, 3, 1)], {
          customerId: COMPANY,
        }),
        quotes: new Map([['q1', quote]]),
        ...over,
      }),
    );

  test('an accepted quote within its last day prices its line, and the totals with it', () => {
    const priced = quoted(terms());
    expect(priced.lines[0]).toMatchObject({
      unitNetCents: 1500,
      rowNetCents: 4500,
      hasSpecialPrice: true,
      quote: { number: 'Q1001', applies: true },
    });
    expect(priced.totals.subtotal_excl_tax).toBe(4500 + 990);
    const line = toCartResponse(priced).cartItems[0]!;
    expect(line.price).toEqual({ regular: 25.09, special: 15 });
    expect(line.quote).toEqual({ number: 'Q1001', validUntil: '2026-03-31', applies: true, note: '' });
    // The last valid day still counts (UTC).
    expect(quoted(terms(), { now: new Date('2026-03-31T23:59:59Z') }).lines[0]!.unitNetCents).toBe(1500);
  });

  test.each([
    ['past its last day', terms(), new Date('2026-04-01T00:00:00Z')],
    ['declined', terms({ status: 'declined' }), undefined],
    ['ordered already', terms({ status: 'ordered' }), undefined],
    ['answered, not accepted', terms({ status: 'answered' }), undefined],
    ['of another company', terms({ customerId: '99999999-2222-4333-8444-555555555555' }), undefined],
    ['in another currency', terms({ currency: 'CHF' }), undefined],
    ['for another quantity', terms({ quantity: 4 }), undefined],
  ])('a quote %s leaves the line at its list price', (_why, quote, now) => {
    const priced = quoted(quote, now ? { now } : {});
    expect(priced.lines[0]).toMatchObject({ unitNetCents: 2009, quote: { applies: false } });
    expect(priced.totals.subtotal_excl_tax).toBe(6027 + 990);
  });

  test('a quoted price above the list price is shown as the price, never struck through', () => {
    const line = toCartResponse(quoted(terms({ unitNetCents: 3000 }))).cartItems[0]!;
    expect(line.price).toEqual({ regular: 30, special: null });
    expect(line.rowTotal).toBe(90);
  });

  test('a quoted price is split over VAT rates as the list price is, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const priced = quoted(terms({ unitNetCents: cents }), {
          products: [
            product(1, { special: 1999 }),
            product(2, { regular: 10, taxPercent: 7 }),
            product(3, { regular: 990 }),
          ],
        });
        const parts = priced.lines[0]!.rateParts;
        expect(parts.map((p) => p.rate).sort((a, b) => a - b)).toEqual([700, 1900]);
        expect(parts.reduce((sum, p) => sum + p.unitNetCents, 0)).toBe(cents);
        expect(parts.every((p) => p.unitNetCents >= 0)).toBe(true);
      }),
    );
  });
});
