// The cart backend on embedded PGlite and on a real PostgreSQL: line merging, quantities, coupons,
// optimistic versions, serialised adds under real concurrency, ownership and the login merge.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '#lib/server/db/client.ts';
import { rows } from '../helpers/raw-rows.ts';
import { mergeGuestCartIntoAccount } from '#lib/server/cart/merge.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CART_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  call,
  customerId,
  customerJar,
  harness,
  seedFixtures,
  type Harness,
} from '../helpers/cart-harness.ts';

const P = DEMO_FIXTURES.products;
const [AKU, BIT, SBO] = DEMO_FIXTURES.products.accessories;
const C = DEMO_FIXTURES.coupons;

forEachDatabase(
  'cart',
  (ctx) => {
    let h: Harness;
    /** A second pool on the same data (PostgreSQL: 10 connections, like one app instance). */
    let pool: Database;

    beforeAll(async () => {
      await seedFixtures(ctx.db);
      pool = await ctx.open({ poolSize: 10 });
      h = harness(() => ctx.db);
    });

    /** A guest browser with a cart holding the given adds (version-less). */
    async function guestWith(...adds: { sku: string; quantity: number; accessories?: string[] }[]) {
      const jar = new CookieJar();
      let last;
      for (const add of adds) {
        last = await call(h, jar, 'add', add);
        expect(last.status, JSON.stringify(last.body)).toBe(200);
      }
      return { jar, cart: last!.body.cart! };
    }

    describe('add to cart', () => {
      test('the same sku with the same accessory set, in any order, is one line with the quantities summed', async () => {
        const { cart } = await guestWith(
          { sku: P.available, quantity: 1, accessories: [BIT!, AKU!] },
          { sku: P.available, quantity: 1, accessories: [AKU!, BIT!] },
        );
        expect(cart.cartItems).toHaveLength(1);
        const [line] = cart.cartItems;
        expect(line!.quantity).toBe(2);
        expect(Object.keys(line!.selectedAddtionalProducts).sort()).toEqual([AKU, BIT]);
        expect(cart.items_qty).toBe(2);
        // 188.99 + 89.99 + 4.99 net per piece, accessories included.
        expect(line!.price.regular).toBe(283.97);
        expect(line!.rowTotal).toBe(567.94);
        expect(line!.priceInfo).toEqual({ regular: 188.99, special: null, currency: 'EUR' });
      });

      test('measured values of a line read the language of the shopper (2,47 kg in German, 2.47 kg in English)', async () => {
        const label = async (locale: string) => {
          const added = await call(
            h,
            new CookieJar(),
            'add',
            { sku: P.available, quantity: 1 },
            { query: `?locale=${locale}` },
          );
          expect(added.status, JSON.stringify(added.body)).toBe(200);
          const weight = added.body.cart!.cartItems[0]!.custom_attributes.find((a) => /kg$/.test(a.valueLabel));
          expect(weight, 'the demo product has a weight').toBeDefined();
          return weight!.valueLabel;
        };
        expect(await label('de')).toMatch(/^\d+(,\d+)? kg$/);
        expect(await label('en')).toMatch(/^\d+(\.\d+)? kg$/);
        expect((await label('de')).replace(',', '.')).toBe(await label('en'));
      });

      test('a different accessory set is a different line', async () => {
        const { cart } = await guestWith(
          { sku: P.available, quantity: 1, accessories: [AKU!] },
          { sku: P.available, quantity: 1, accessories: [AKU!, SBO!] },
          { sku: P.available, quantity: 1 },
        );
        expect(
          cart.cartItems.map((i) => [i.quantity, Object.keys(i.selectedAddtionalProducts).sort().join('+')]),
        ).toEqual([
          [1, AKU],
          [1, `${AKU}+${SBO}`],
          [1, ''],
        ]);
        expect(cart.items_qty).toBe(3);
      });

      test('skus match case-insensitively and repeated accessories count once', async () => {
        const { cart } = await guestWith(
          { sku: P.available.toLowerCase(), quantity: 2, accessories: [AKU!.toLowerCase(), AKU!] },
          { sku: P.available, quantity: 3, accessories: [AKU!] },
        );
        expect(cart.cartItems).toHaveLength(1);
        expect(cart.cartItems[0]).toMatchObject({ sku: P.available, quantity: 5 });
      });

      test('an accessory the product does not offer is refused with 400 and nothing is added', async () => {
        const jar = new CookieJar();
        const refused = await call(h, jar, 'add', { sku: P.available, quantity: 1, accessories: [P.limited] });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('ACCESSORY_NOT_ALLOWED');
        // Validated before a cart exists: no empty cart, no cookie.
        expect(jar.values.has(CART_COOKIE)).toBe(false);
        const unknown = await call(h, jar, 'add', { sku: 'NOPE-1', quantity: 1 });
        expect([unknown.status, unknown.body.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
      });

      test('a variant parent is not purchasable; its variants are', async () => {
        const jar = new CookieJar();
        const parent = await call(h, jar, 'add', { sku: P.variantParent, quantity: 1 });
        expect([parent.status, parent.body.code]).toEqual([400, 'PRODUCT_NOT_PURCHASABLE']);
        const variant = await call(h, jar, 'add', { sku: P.variants[0], quantity: 1 });
        expect(variant.status).toBe(200);
      });

      test('quantities outside 1..9999 or not whole numbers answer 400 INVALID_QUANTITY', async () => {
        const jar = new CookieJar();
        for (const quantity of [0, -1, 1.5, 10_000, '2', null]) {
          const result = await call(h, jar, 'add', { sku: P.available, quantity });
          expect(result.status, String(quantity)).toBe(400);
          expect(result.body.code).toBe('INVALID_QUANTITY');
          expect(result.body.message).toMatch(/whole number from 1 to 9999/);
        }
        await call(h, jar, 'add', { sku: P.available, quantity: 9000 });
        const over = await call(h, jar, 'add', { sku: P.available, quantity: 1000 });
        expect([over.status, over.body.code]).toEqual([400, 'INVALID_QUANTITY']);
        const cart = (await call(h, jar, 'get', {})).body.cart!;
        expect(cart.cartItems[0]!.quantity).toBe(9000);
      });

      test('a request carrying a price or total is rejected by the strict schema', async () => {
        const jar = new CookieJar();
        for (const extra of [
          { price: 0.01 },
          { priceInfo: { regular: 1 } },
          { totals: { grandTotalIncTax: 0 } },
          { rowTotal: 1 },
        ]) {
          const result = await call(h, jar, 'add', { sku: P.available, quantity: 1, ...extra });
          expect(result.status).toBe(400);
          expect(result.body.code).toBe('VALIDATION_FAILED');
        }
        expect((await call(h, jar, 'get', {})).body.cart).toBeNull();
      });

      test('sets the HttpOnly, SameSite=Lax guest cookie for 30 days, not Secure on localhost', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 });
        expect(jar.values.get(CART_COOKIE)).toBe(cart.id);
        expect(jar.lastSet.get(CART_COOKIE)).toEqual({
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: false,
          maxAge: 30 * 24 * 60 * 60,
        });
        // Beside it the readable marker that tells a page there is a cart to read (and no more).
        expect(jar.values.get('vsf-has-cart')).toBe('1');
        expect(jar.lastSet.get('vsf-has-cart')).toMatchObject({ httpOnly: false, maxAge: 30 * 24 * 60 * 60 });
      });

      test('reports availability for the line quantity and still accepts more than is in stock', async () => {
        const { cart } = await guestWith({ sku: P.limited, quantity: 8 });
        expect(cart.cartItems[0]).toMatchObject({
          quantity: 8,
          availability: 'limit-overflow',
          stock: { effectivestock: 2, externalstock: 5, markedInStock: false },
        });
      });

      test('names come from the requested locale (body, query or x-locale header)', async () => {
        const jar = new CookieJar();
        const de = await call(h, jar, 'add', { sku: P.available, quantity: 1 });
        const en = await call(h, jar, 'get', {}, { headers: { 'x-locale': 'en' } });
        const fr = await call(h, jar, 'get', {}, { query: '?locale=fr' });
        const it = await call(h, jar, 'get', { locale: 'it' }, { query: '?locale=fr' });
        const names = [de, en, fr, it].map((r) => r.body.cart!.cartItems[0]!.name);
        expect(new Set(names).size).toBe(4);
        expect(en.body.cart!.cartItems[0]!.included.length).toBeGreaterThan(0);
      });
    });

    describe('quantity and remove', () => {
      test('quantity 0 removes the line, other quantities replace it', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 2 }, { sku: P.limited, quantity: 1 });
        const [first, second] = cart.cartItems;
        const updated = await call(h, jar, 'quantity', { lineId: first!.id, quantity: 7, version: cart.version });
        expect(updated.status).toBe(200);
        expect(updated.body.cart!.cartItems.find((i) => i.id === first!.id)!.quantity).toBe(7);
        const removed = await call(h, jar, 'quantity', {
          lineId: second!.id,
          quantity: 0,
          version: updated.body.cart!.version,
        });
        expect(removed.body.cart!.cartItems.map((i) => i.id)).toEqual([first!.id]);
        expect(removed.body.cart!.version).toBe(cart.version + 2);
      });

      test('update quantity refuses fractions and out-of-range values with INVALID_QUANTITY', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 2 });
        for (const quantity of [-1, 2.5, 10_000, 'x']) {
          const result = await call(h, jar, 'quantity', {
            lineId: cart.cartItems[0]!.id,
            quantity,
            version: cart.version,
          });
          expect([result.status, result.body.code]).toEqual([400, 'INVALID_QUANTITY']);
          expect(result.body.message).toMatch(/whole number from 0 to 9999/);
        }
      });

      test('remove takes out one line; an unknown line is 404 and does not move the version', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 }, { sku: P.limited, quantity: 1 });
        const removed = await call(h, jar, 'remove', { lineId: cart.cartItems[0]!.id, version: cart.version });
        expect(removed.body.cart!.cartItems).toHaveLength(1);
        const again = await call(h, jar, 'remove', {
          lineId: cart.cartItems[0]!.id,
          version: removed.body.cart!.version,
        });
        expect([again.status, again.body.code]).toEqual([404, 'CART_LINE_NOT_FOUND']);
        expect((await call(h, jar, 'get', {})).body.cart!.version).toBe(removed.body.cart!.version);
      });
    });

    describe('versions', () => {
      test('a stale version answers 409 CART_OUTDATED_ERROR and changes nothing', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 });
        const tab2 = await call(h, jar, 'add', { sku: P.limited, quantity: 1, version: cart.version });
        expect(tab2.status).toBe(200);
        const before = (await call(h, jar, 'get', {})).body.cart!;
        const stale = [
          await call(h, jar, 'quantity', { lineId: cart.cartItems[0]!.id, quantity: 5, version: cart.version }),
          await call(h, jar, 'remove', { lineId: cart.cartItems[0]!.id, version: cart.version }),
          await call(h, jar, 'coupon', { code: C.percent, version: cart.version }),
          await call(h, jar, 'add', { sku: P.available, quantity: 1, version: cart.version }),
          await call(h, jar, 'delete', { version: cart.version }),
        ];
        for (const result of stale) {
          expect(result.status).toBe(409);
          expect(result.body).toEqual({
            code: 'CART_OUTDATED_ERROR',
            message: 'Cart info or prices are outdated. Please refresh the page.',
            status: 409,
          });
        }
        expect((await call(h, jar, 'get', {})).body.cart).toEqual(before);
      });

      test('every successful write bumps the version by one', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 });
        expect(cart.version).toBe(2);
        const next = await call(h, jar, 'add', { sku: P.available, quantity: 1, version: 2 });
        expect(next.body.cart!.version).toBe(3);
      });
    });

    describe('coupons', () => {
      test('a percent coupon applies to the net subtotal and an empty code removes it', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1, accessories: [BIT!] });
        // 188.99 + 4.99 = 193.98 net; 19 % VAT 36.86 → 230.84.
        expect(cart.totals).toMatchObject({
          subtotal_excl_tax: 193.98,
          subtotal_incl_tax: 230.84,
          grandTotalIncTax: 230.84,
        });
        const applied = await call(h, jar, 'coupon', { code: ' welcome10 ', version: cart.version });
        expect(applied.status).toBe(200);
        expect(applied.body.cart).toMatchObject({ couponCode: C.percent, couponStatus: 'applied' });
        // 10 % of 193.98 = 19.398 → 19.40 net; 174.58 net → 207.75 gross.
        expect(applied.body.cart!.totals).toMatchObject({
          coupon_amount: 19.4,
          subtotal_with_discount: 207.75,
          coupon_incl_tax: 23.09,
          discount_amount: 23.09,
          shipping_amount: 0,
          shipping_incl_tax: 0,
          grandTotalIncTax: 207.75,
          grandTotalExclTax: 174.58,
          tax_amount: 33.17,
        });
        const removed = await call(h, jar, 'coupon', { code: '', version: applied.body.cart!.version });
        expect(removed.body.cart).toMatchObject({ couponCode: null, couponStatus: null });
        expect(removed.body.cart!.totals!.grandTotalIncTax).toBe(230.84);
      });

      test('a fixed coupon needs its minimum subtotal', async () => {
        const { jar, cart } = await guestWith({ sku: P.limited, quantity: 0 + 1 }); // 129.99 net ≥ 100
        const applied = await call(h, jar, 'coupon', { code: C.fixed, version: cart.version });
        expect(applied.body.cart!.totals).toMatchObject({
          coupon_amount: 20,
          subtotal_excl_tax: 129.99,
          grandTotalExclTax: 109.99,
        });
        const small = await guestWith({ sku: P.accessories[1], quantity: 1 }); // 4.99 net
        const refused = await call(h, small.jar, 'coupon', { code: C.fixed, version: small.cart.version });
        expect([refused.status, refused.body.code]).toEqual([400, 'COUPON_MIN_SUBTOTAL']);
      });

      test('a coupon that no longer applies gives no discount and says why', async () => {
        const { jar, cart } = await guestWith({ sku: P.limited, quantity: 1 });
        const applied = (await call(h, jar, 'coupon', { code: C.fixed, version: cart.version })).body.cart!;
        const line = applied.cartItems[0]!;
        const swapped = await call(h, jar, 'add', { sku: P.accessories[1], quantity: 1, version: applied.version });
        const lowered = await call(h, jar, 'remove', { lineId: line.id, version: swapped.body.cart!.version });
        expect(lowered.body.cart).toMatchObject({ couponCode: C.fixed, couponStatus: 'COUPON_MIN_SUBTOTAL' });
        expect(lowered.body.cart!.totals).toMatchObject({ coupon_amount: 0, subtotal_excl_tax: 4.99 });
      });

      test('unknown, inactive, expired and used-up codes are refused with their codes', async () => {
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 });
        await ctx.db.execute(sql`UPDATE coupons SET redemptions = max_redemptions WHERE code = ${C.singleUse}`);
        const cases: [string, string][] = [
          ['NO-SUCH-CODE', 'COUPON_NOT_FOUND'],
          [C.inactive, 'COUPON_NOT_FOUND'],
          [C.expired, 'COUPON_EXPIRED'],
          [C.singleUse, 'COUPON_EXHAUSTED'],
        ];
        for (const [code, expected] of cases) {
          const result = await call(h, jar, 'coupon', { code, version: cart.version });
          expect([code, result.status, result.body.code]).toEqual([code, 400, expected]);
        }
        expect((await call(h, jar, 'get', {})).body.cart).toMatchObject({ version: cart.version, couponCode: null });
      });

      test('a coupon naming an amount is refused in a cart of another currency', async () => {
        const jar = new CookieJar();
        jar.values.set('vsf-currency', 'GBP');
        const cart = (await call(h, jar, 'add', { sku: P.limited, quantity: 1 })).body.cart!;
        expect(cart.currency).toBe('GBP');
        const refused = await call(h, jar, 'coupon', { code: C.fixed, version: cart.version });
        expect(refused.body.code).toBe('COUPON_CURRENCY');
        const percent = await call(h, jar, 'coupon', { code: C.percent, version: cart.version });
        expect(percent.body.cart!.couponStatus).toBe('applied');
      });
    });

    describe('prices on the server', () => {
      test('a customer with their own price list pays that price; excludeTax customers pay no VAT', async () => {
        const acme = await customerJar(ctx.db, DEMO_FIXTURES.customers.acme.email);
        const acmeCart = (await call(h, acme, 'add', { sku: P.available, quantity: 2 })).body.cart!;
        // Best price: the contract price undercuts the public 188.99, which is shown struck through.
        expect(acmeCart.cartItems[0]!.price).toEqual({ regular: 188.99, special: 164.99 });
        expect(acmeCart.totals).toMatchObject({
          subtotal_excl_tax: 329.98,
          tax_amount: 62.7,
          grandTotalIncTax: 392.68,
        });
        expect(acmeCart.displayExcludingTaxes).toBe(false);
        expect(acme.values.has(CART_COOKIE)).toBe(false);

        const nordic = await customerJar(ctx.db, DEMO_FIXTURES.customers.excludeTax.email);
        const nordicCart = (await call(h, nordic, 'add', { sku: P.specialPrice, quantity: 1 })).body.cart!;
        expect(nordicCart).toMatchObject({ currency: 'GBP', displayExcludingTaxes: true, vatRatePercent: 0 });
        const item = nordicCart.cartItems[0]!;
        expect(item.price.special).not.toBeNull();
        expect(nordicCart.totals!.grandTotalIncTax).toBe(item.price.special);
        expect(nordicCart.totals!.tax_amount).toBe(0);
      });

      test('a special price is what the line costs', async () => {
        const { cart } = await guestWith({ sku: P.specialPrice, quantity: 3 });
        expect(cart.cartItems[0]!.price).toEqual({ regular: 249.99, special: 199.99 });
        expect(cart.totals).toMatchObject({ subtotal_excl_tax: 599.97, subtotal_incl_tax: 713.96 });
      });

      test('a special price is charged through its last day and not after it', async () => {
        const endSpecial = (until: string) =>
          ctx.db.execute(sql`UPDATE prices SET special_until = ${until}::date
            WHERE product_id = (SELECT id FROM products WHERE sku = ${P.specialPrice})`);
        const utc = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
        try {
          await endSpecial(utc(-1));
          const ended = (await guestWith({ sku: P.specialPrice, quantity: 3 })).cart;
          expect(ended.cartItems[0]!.price).toEqual({ regular: 249.99, special: null });
          expect(ended.totals).toMatchObject({ subtotal_excl_tax: 749.97 });
          await endSpecial(utc(0));
          const lastDay = (await guestWith({ sku: P.specialPrice, quantity: 3 })).cart;
          expect(lastDay.cartItems[0]!.price).toEqual({ regular: 249.99, special: 199.99 });
        } finally {
          await endSpecial(utc(365));
        }
      });

      test('without price permission the cart works but shows no prices, stock or totals', async () => {
        h.settings.guestPrices = false;
        try {
          const { cart } = await guestWith({ sku: P.available, quantity: 1, accessories: [AKU!] });
          expect(cart.pricesVisible).toBe(false);
          expect(cart.totals).toBeNull();
          expect(cart.cartItems[0]).toMatchObject({
            price: { regular: null, special: null },
            priceInfo: null,
            rowTotal: null,
            stock: null,
            availability: null,
          });
          expect(cart.cartItems[0]!.selectedAddtionalProducts[AKU!]!.price).toBeNull();
        } finally {
          h.settings.guestPrices = true;
        }
      });

      test('a product taken out of the catalogue stays visible but leaves the totals', async () => {
        const { jar } = await guestWith({ sku: P.colourVariants[0], quantity: 1 }, { sku: P.limited, quantity: 1 });
        await ctx.db.execute(sql`UPDATE products SET is_active = false WHERE sku = ${P.colourVariants[0]}`);
        try {
          const cart = (await call(h, jar, 'get', {})).body.cart!;
          expect(cart.cartItems.map((i) => i.purchasable)).toEqual([false, true]);
          expect(cart.totals!.subtotal_excl_tax).toBe(129.99);
        } finally {
          await ctx.db.execute(sql`UPDATE products SET is_active = true WHERE sku = ${P.colourVariants[0]}`);
        }
      });
    });

    describe('ownership', () => {
      test('another browser cannot read or change a guest cart; a forged cookie opens nothing', async () => {
        const { cart } = await guestWith({ sku: P.available, quantity: 1 });
        const other = new CookieJar();
        expect((await call(h, other, 'get', {})).body.cart).toBeNull();
        const forged = new CookieJar();
        forged.values.set(CART_COOKIE, 'not-a-uuid');
        expect((await call(h, forged, 'get', {})).body.cart).toBeNull();
        const hijack = await call(h, other, 'remove', {
          lineId: cart.cartItems[0]!.id,
          version: cart.version,
          cartId: cart.id,
        });
        expect([hijack.status, hijack.body.code]).toEqual([404, 'CART_NOT_FOUND']);
        const byId = await call(h, other, 'get', { cartId: cart.id });
        expect(byId.status).toBe(404);
      });

      test('a customer cart is reachable only by that customer, not through its id in a guest cookie', async () => {
        const normal = await customerJar(ctx.db, DEMO_FIXTURES.customers.normal.email);
        const cart = (await call(h, normal, 'add', { sku: P.limited, quantity: 1 })).body.cart!;
        const guest = new CookieJar();
        guest.values.set(CART_COOKIE, cart.id);
        expect((await call(h, guest, 'get', {})).body.cart).toBeNull();
        const add = await call(h, guest, 'quantity', {
          lineId: cart.cartItems[0]!.id,
          quantity: 9,
          version: cart.version,
        });
        expect(add.status).toBe(404);
        const acme = await customerJar(ctx.db, DEMO_FIXTURES.customers.acme.email);
        const stolen = await call(h, acme, 'remove', { lineId: cart.cartItems[0]!.id, version: cart.version });
        expect(stolen.status).toBe(404);
        expect((await call(h, normal, 'get', {})).body.cart!.cartItems[0]!.quantity).toBe(1);
      });

      test('a session naming a customer that no longer exists is asked to sign in again, not a 500', async () => {
        const ghost = new CookieJar();
        ghost.values.set('test-customer', '00000000-0000-4000-8000-000000000000');
        const created = await call(h, ghost, 'create', {});
        expect([created.status, created.body.code]).toEqual([401, 'CUSTOMER_NOT_FOUND']);
        expect((await call(h, ghost, 'get', {})).body.cart).toBeNull();
      });

      test('create is idempotent and delete empties the guest cookie', async () => {
        const jar = new CookieJar();
        const first = (await call(h, jar, 'create', {})).body.cart!;
        const second = (await call(h, jar, 'create', {})).body.cart!;
        expect(second.id).toBe(first.id);
        expect(first).toMatchObject({ version: 1, cartItems: [], items_qty: 0, totals: { grandTotalIncTax: 0 } });
        const deleted = await call(h, jar, 'delete', { version: 1 });
        expect(deleted).toEqual({ status: 200, body: { cart: null } });
        expect(jar.values.has(CART_COOKIE)).toBe(false);
        expect((await rows(ctx.db, sql`SELECT id FROM carts WHERE id = ${first.id}`)).length).toBe(0);
      });
    });

    describe('concurrency', () => {
      test('50 parallel version-less adds lose no quantity; the version counts every write', async () => {
        const ph = harness(() => pool.db);
        const jar = new CookieJar();
        const created = (await call(ph, jar, 'create', {})).body.cart!;
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            call(ph, jar, 'add', { sku: P.available, quantity: 1, accessories: i % 2 ? [AKU!, BIT!] : [BIT!, AKU!] }),
          ),
        );
        const ok = results.filter((r) => r.status === 200).length;
        expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);
        const cart = (await call(ph, jar, 'get', {})).body.cart!;
        expect(cart.cartItems).toHaveLength(1);
        expect(cart.cartItems[0]!.quantity).toBe(50);
        expect(cart.version).toBe(created.version + ok);
        expect(cart.version).toBe(51);
      });

      test('50 parallel adds with the same version: exactly one succeeds, the others are told the cart is outdated', async () => {
        const ph = harness(() => pool.db);
        const jar = new CookieJar();
        const created = (await call(ph, jar, 'create', {})).body.cart!;
        const results = await Promise.all(
          Array.from({ length: 50 }, () =>
            call(ph, jar, 'add', { sku: P.available, quantity: 1, version: created.version }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(1);
        expect(results.filter((r) => r.status === 409 && r.body.code === 'CART_OUTDATED_ERROR')).toHaveLength(49);
        const cart = (await call(ph, jar, 'get', {})).body.cart!;
        expect(cart.cartItems[0]!.quantity).toBe(1);
        expect(cart.version).toBe(created.version + 1);
      });

      test('parallel quantity updates on one version: one wins, the line holds its quantity', async () => {
        const ph = harness(() => pool.db);
        const { jar, cart } = await guestWith({ sku: P.available, quantity: 1 });
        const results = await Promise.all(
          [2, 3, 4, 5, 6, 7, 8, 9].map((quantity) =>
            call(ph, jar, 'quantity', { lineId: cart.cartItems[0]!.id, quantity, version: cart.version }),
          ),
        );
        const winners = results.filter((r) => r.status === 200);
        expect(winners).toHaveLength(1);
        const now = (await call(ph, jar, 'get', {})).body.cart!;
        expect(now.cartItems[0]!.quantity).toBe(winners[0]!.body.cart!.cartItems[0]!.quantity);
      });

      test('parallel first requests of a customer end with one active cart', async () => {
        const ph = harness(() => pool.db);
        const id = await customerId(ctx.db, DEMO_FIXTURES.customers.normal.email);
        await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE id = ${id}`);
        const jar = await customerJar(ctx.db, DEMO_FIXTURES.customers.normal.email);
        const results = await Promise.all(
          Array.from({ length: 10 }, () => call(ph, jar, 'add', { sku: P.limited, quantity: 1 })),
        );
        expect(new Set(results.map((r) => r.body.cart!.id)).size).toBe(1);
        const cart = (await call(ph, jar, 'get', {})).body.cart!;
        expect(cart.cartItems[0]!.quantity).toBe(10);
      });
    });

    describe('login merge', () => {
      test('merges guest lines into the customer cart by the line rule and retires the guest cart', async () => {
        const id = await customerId(ctx.db, DEMO_FIXTURES.customers.acme.email);
        const customer = await customerJar(ctx.db, DEMO_FIXTURES.customers.acme.email);
        await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE id = ${id}`);
        const own = (await call(h, customer, 'add', { sku: P.available, quantity: 2, accessories: [AKU!, SBO!] })).body
          .cart!;
        await call(h, customer, 'add', { sku: P.limited, quantity: 1 });

        const { cart: guestCart } = await guestWith(
          { sku: P.available, quantity: 3, accessories: [SBO!, AKU!] },
          { sku: P.available, quantity: 1 },
        );
        const result = await mergeGuestCartIntoAccount(ctx.db, guestCart.id, { customerId: id, userId: id });
        expect(result).toEqual({ cartId: own.id, merged: true });

        const merged = (await call(h, customer, 'get', {})).body.cart!;
        const summary = merged.cartItems.map(
          (i) => `${i.sku}[${Object.keys(i.selectedAddtionalProducts).sort().join('+')}]x${i.quantity}`,
        );
        expect(summary.sort()).toEqual(
          [`${P.available}[${AKU}+${SBO}]x5`, `${P.available}[]x1`, `${P.limited}[]x1`].sort(),
        );
        expect(merged.version).toBeGreaterThan(own.version);
        // Re-priced on the customer's list, not the guest's.
        expect(merged.cartItems.find((i) => i.quantity === 1 && i.sku === P.available)!.price.special).toBe(164.99);

        const [guestRow] = await rows<{ status: string }>(
          ctx.db,
          sql`SELECT status FROM carts WHERE id = ${guestCart.id}`,
        );
        expect(guestRow!.status).toBe('merged');
        const guestBrowser = new CookieJar();
        guestBrowser.values.set(CART_COOKIE, guestCart.id);
        expect((await call(h, guestBrowser, 'get', {})).body.cart).toBeNull();
        expect(await mergeGuestCartIntoAccount(ctx.db, guestCart.id, { customerId: id, userId: id })).toEqual({
          cartId: own.id,
          merged: false,
        });
      });

      test('a customer without a cart adopts the guest cart in their own currency', async () => {
        const id = await customerId(ctx.db, DEMO_FIXTURES.customers.excludeTax.email);
        await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE id = ${id}`);
        const { cart: guestCart } = await guestWith({ sku: P.limited, quantity: 2 });
        expect(await mergeGuestCartIntoAccount(ctx.db, guestCart.id, { customerId: id, userId: id })).toEqual({
          cartId: guestCart.id,
          merged: true,
        });
        const jar = await customerJar(ctx.db, DEMO_FIXTURES.customers.excludeTax.email);
        const cart = (await call(h, jar, 'get', {})).body.cart!;
        expect(cart).toMatchObject({ id: guestCart.id, currency: 'GBP', displayExcludingTaxes: true, items_qty: 2 });
      });

      test('a signed-in request that still carries a guest cookie merges it and drops the cookie', async () => {
        const { jar, cart: guestCart } = await guestWith({ sku: P.markedInStock, quantity: 4 });
        const normal = await customerJar(ctx.db, DEMO_FIXTURES.customers.normal.email);
        jar.values.set('test-customer', normal.values.get('test-customer')!);
        const cart = (await call(h, jar, 'get', {})).body.cart!;
        expect(cart.id).not.toBe(guestCart.id);
        expect(cart.cartItems.find((i) => i.sku === P.markedInStock)?.quantity).toBeGreaterThanOrEqual(4);
        expect(jar.values.has(CART_COOKIE)).toBe(false);
      });
    });
  },
  { poolSize: 10 },
);
