// Order-quantity rules and price breaks through the real cart, bulk, checkout and order handlers, on
// PGlite and PostgreSQL. A product's minimum and step are enforced wherever a quantity enters a cart or
// an order (add, a line's quantity, add-many and the quick order's preview, reorder, the login merge,
// placing the order) with the coded 409 QUANTITY_RULE naming the product and its rule; a line's unit
// price is the best price for its quantity (each list's tier, then the lowest), and the cart view, the
// coupon, the order's stored lines and its totals agree to the cent.
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Cart } from '#lib/cart/contract.ts';
import type { AddManyResult, ResolvedQuickLine } from '#lib/cart/bulk-contract.ts';
import type { ReorderResult } from '#lib/orders/contract.ts';
import { fitMergedQuantity } from '#lib/cart/rules.ts';
import { bulkCartRoutes, type Offers } from '#lib/server/cart/bulk.ts';
import { mergeGuestCartIntoAccount } from '#lib/server/cart/merge.ts';
import { rows } from '../helpers/raw-rows.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CART_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  callHandler,
  customerId,
  customerJar,
  testCartDeps,
} from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
const [, BIT] = P.accessories;
/** Always available (marked in stock), no accessories, 349.99 € in the public list only. */
const KOM = P.markedInStock;
/** 188.99 € public, 164.99 € in the acme list; accessories, 250 + 100 in stock. */
const ASR = P.available;

forEachDatabase('quantity rules and price tiers', (ctx) => {
  const h = orderSuite(ctx);
  const offers: Offers = async (skus, { currency }) =>
    skus.map((sku) => ({ sku, priceInfo: { regular: 1, special: null, currency }, stock: null }));
  const bulk = bulkCartRoutes(
    testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }),
    offers,
  );
  const addMany = (jar: CookieJar, body: unknown) =>
    callHandler<AddManyResult>(bulk.addMany, jar, '/api/cart/add-many', body);
  const resolve = (jar: CookieJar, body: unknown) =>
    callHandler<{ lines: ResolvedQuickLine[] }>(bulk.resolveLines, jar, '/api/cart/resolve-lines', body);

  const setRule = (sku: string, min: number, step: number) =>
    ctx.db.execute(sql`UPDATE products SET min_quantity = ${min}, quantity_step = ${step} WHERE sku = ${sku}`);
  /** A price break as an import writes it: from `minQuantity` pieces on, one costs `cents` (EUR). */
  const addTier = (list: 'base' | 'acme', sku: string, minQuantity: number, cents: number) =>
    ctx.db.execute(sql`
      INSERT INTO price_tiers (price_list_id, product_id, currency, min_quantity, cents)
      SELECT l.id, p.id, 'EUR', ${minQuantity}, ${cents} FROM price_lists l, products p WHERE l.code = ${list} AND p.sku = ${sku}`);
  const add = (jar: CookieJar, body: { sku: string; quantity: number; accessories?: string[] }) =>
    api(h, jar, 'cart', 'add', body);
  const lineOf = (cart: Cart | null | undefined, sku: string) => cart?.cartItems.find((i) => i.sku === sku);
  const nameOf = async (sku: string) =>
    (
      await rows<{ name: string }>(
        ctx.db,
        sql`SELECT t.name FROM product_translations t JOIN products p ON p.id = t.product_id
        WHERE p.sku = ${sku} AND t.locale = 'en'`,
      )
    )[0]!.name;

  beforeEach(async () => {
    // Every test starts its customers without a cart.
    await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL`);
  });
  afterEach(async () => {
    await ctx.db.execute(sql`UPDATE products SET min_quantity = 1, quantity_step = 1`);
    await ctx.db.execute(sql`DELETE FROM price_tiers`);
  });

  describe('quantity rules', () => {
    test('adding below the minimum or off the step: 409 QUANTITY_RULE naming the product and its rule, nothing added', async () => {
      await setRule(KOM, 2, 2);
      const jar = new CookieJar();
      const below = await add(jar, { sku: KOM, quantity: 1 });
      expect([below.status, below.body.code]).toEqual([409, 'QUANTITY_RULE']);
      expect(below.body.message).toBe(`Order ${await nameOf(KOM)} (${KOM}) in steps of 2 from 2 pieces.`);
      // Checked before a cart exists: no empty cart, no cookie.
      expect(jar.values.has(CART_COOKIE)).toBe(false);
      const off = await add(jar, { sku: KOM, quantity: 3 });
      expect([off.status, off.body.code]).toEqual([409, 'QUANTITY_RULE']);

      await setRule(KOM, 5, 1);
      const minimum = await add(jar, { sku: KOM, quantity: 4 });
      expect(minimum.body.message).toBe(`Order at least 5 pieces of ${await nameOf(KOM)} (${KOM}).`);
    });

    test('on the step it is added, and the next add sums on the step', async () => {
      await setRule(KOM, 2, 2);
      const jar = new CookieJar();
      expect(lineOf((await ok(add(jar, { sku: KOM, quantity: 2 }))).cart, KOM)?.quantity).toBe(2);
      const summed = (await ok(add(jar, { sku: KOM, quantity: 4 }))).cart;
      expect(lineOf(summed, KOM)).toMatchObject({
        quantity: 6,
        quantityRule: { min: 2, step: 2 },
        quantityProblem: null,
      });
    });

    test('two allowed adds whose sum the rule does not allow: the second is refused and the line stays', async () => {
      // A minimum of 3 in steps of 2 allows 3, 5, 7 …: 3 + 3 = 6 is not one of them.
      await setRule(KOM, 3, 2);
      const jar = new CookieJar();
      const cart = (await ok(add(jar, { sku: KOM, quantity: 3 }))).cart!;
      const again = await add(jar, { sku: KOM, quantity: 3 });
      expect([again.status, again.body.code]).toEqual([409, 'QUANTITY_RULE']);
      const now = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
      expect([lineOf(now, KOM)?.quantity, now.version]).toEqual([3, cart.version]);
    });

    test('changing a line to a quantity off the step is refused and changes nothing; on the step it is taken', async () => {
      await setRule(KOM, 2, 2);
      const jar = new CookieJar();
      const cart = (await ok(add(jar, { sku: KOM, quantity: 4 }))).cart!;
      const lineId = lineOf(cart, KOM)!.id;
      for (const quantity of [5, 1]) {
        const refused = await api(h, jar, 'cart', 'quantity', { lineId, quantity, version: cart.version });
        expect([refused.status, refused.body.code], `quantity ${quantity}`).toEqual([409, 'QUANTITY_RULE']);
        expect(refused.body.message).toContain(`(${KOM}) in steps of 2 from 2 pieces.`);
      }
      const unchanged = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
      expect([lineOf(unchanged, KOM)?.quantity, unchanged.version]).toEqual([4, cart.version]);
      const changed = await ok(api(h, jar, 'cart', 'quantity', { lineId, quantity: 8, version: cart.version }));
      expect(lineOf(changed.cart, KOM)?.quantity).toBe(8);
      // 0 still removes the line, whatever the rule.
      const removed = await ok(
        api(h, jar, 'cart', 'quantity', { lineId, quantity: 0, version: changed.cart!.version }),
      );
      expect(removed.cart!.cartItems).toEqual([]);
    });

    test("an accessory's own rule applies to the line's quantity, and a refusal names the accessory", async () => {
      await setRule(BIT!, 10, 5);
      const jar = new CookieJar();
      const refused = await add(jar, { sku: ASR, quantity: 12, accessories: [BIT!] });
      expect([refused.status, refused.body.code]).toEqual([409, 'QUANTITY_RULE']);
      expect(refused.body.message).toBe(`Order ${await nameOf(BIT!)} (${BIT}) in steps of 5 from 10 pieces.`);
      const cart = (await ok(add(jar, { sku: ASR, quantity: 15, accessories: [BIT!] }))).cart!;
      const line = lineOf(cart, ASR)!;
      const lowered = await api(h, jar, 'cart', 'quantity', { lineId: line.id, quantity: 14, version: cart.version });
      expect([lowered.status, lowered.body.code]).toEqual([409, 'QUANTITY_RULE']);
      // Without the accessory the product's own rule (none) is all there is.
      expect(lineOf((await ok(add(jar, { sku: ASR, quantity: 1 }))).cart, ASR)).toBeDefined();
    });

    test('add-many takes the allowed lines and reports each refused one; the preview says the same', async () => {
      await setRule(KOM, 2, 2);
      const jar = await customerJar(ctx.db, C.normal.email);
      const lines = [
        { sku: KOM, quantity: 3 },
        { sku: ASR, quantity: 1 },
        { sku: KOM, quantity: 1 },
        { sku: KOM, quantity: 4 },
      ];
      const { status, body } = await addMany(jar, { lines });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.added).toEqual([
        { sku: ASR, quantity: 1 },
        { sku: KOM, quantity: 4 },
      ]);
      expect(body.refused).toEqual([
        { sku: KOM, code: 'QUANTITY_RULE' },
        { sku: KOM, code: 'QUANTITY_RULE' },
      ]);
      expect(lineOf(body.cart, KOM)?.quantity).toBe(4);

      const preview = await resolve(jar, { lines: lines.map(({ sku, quantity }) => ({ ref: sku, quantity })) });
      expect(preview.body.lines.map((l) => l.error)).toEqual(['QUANTITY_RULE', null, 'QUANTITY_RULE', null]);
    });

    test('a line whose rule changed since: flagged in the cart, the order refused naming it, ordered once changed', async () => {
      const jar = new CookieJar();
      await ok(add(jar, { sku: KOM, quantity: 3 }));
      await readyCart(h, jar, { sku: ASR, quantity: 1 });
      await setRule(KOM, 4, 2);
      let cart = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
      expect(lineOf(cart, KOM)).toMatchObject({ quantity: 3, quantityProblem: 'below-minimum', purchasable: true });
      const orders = async () =>
        Number((await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM orders`))[0]!.n);
      const before = await orders();
      // The shopper's language names the item (the message is the English fallback the UI replaces).
      const refused = await api(h, jar, 'orders', 'create', orderRequest(cart, { locale: 'en' }));
      expect([refused.status, refused.body.code], JSON.stringify(refused.body)).toEqual([409, 'QUANTITY_RULE']);
      const name = await nameOf(KOM);
      expect(refused.body.message).toBe(`Order ${name} (${KOM}) in steps of 2 from 4 pieces.`);
      expect((refused.body as { details?: unknown }).details).toEqual({
        skus: [KOM],
        items: [{ sku: KOM, name, min: 4, step: 2, problem: 'below-minimum' }],
      });
      expect(await orders()).toBe(before);

      const line = lineOf(cart, KOM)!;
      cart = (await ok(api(h, jar, 'cart', 'quantity', { lineId: line.id, quantity: 4, version: cart.version }))).cart!;
      expect(lineOf(cart, KOM)?.quantityProblem).toBeNull();
      expect((await api(h, jar, 'orders', 'create', orderRequest(cart))).status).toBe(200);
    });

    test("reorder refuses a line today's rule does not allow, with the cart's reason, and adds the others", async () => {
      const jar = await customerJar(ctx.db, C.normal.email);
      await ok(add(jar, { sku: KOM, quantity: 3 }));
      const cart = await readyCart(h, jar, { sku: ASR, quantity: 2 });
      const orderId = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!.id;
      await setRule(KOM, 2, 2);
      const result = (await ok(api(h, jar, 'orders', 'reorder', { id: orderId }))) as unknown as ReorderResult;
      expect(result.added).toEqual([{ sku: ASR, quantity: 2 }]);
      expect(result.refused).toEqual([{ sku: KOM, name: expect.any(String), code: 'QUANTITY_RULE' }]);
    });

    test('the login merge fits a sum the rule does not allow to the next allowed quantity, never past the cap', async () => {
      const customer = await customerId(ctx.db, C.acme.email);
      const customerCart = await customerJar(ctx.db, C.acme.email);
      const guest = new CookieJar();
      await setRule(KOM, 3, 2);
      await setRule(ASR, 2, 2);
      await ok(add(customerCart, { sku: KOM, quantity: 3 }));
      await ok(add(customerCart, { sku: ASR, quantity: 9998 }));
      await ok(add(guest, { sku: KOM, quantity: 5 }));
      const guestCart = (await ok(add(guest, { sku: ASR, quantity: 4 }))).cart!;

      const merged = await mergeGuestCartIntoAccount(ctx.db, guestCart.id, { customerId: customer, userId: customer });
      const lines = await rows<{ sku: string; quantity: number }>(
        ctx.db,
        sql`SELECT sku, quantity FROM cart_items WHERE cart_id = ${merged.cartId} ORDER BY sku`,
      );
      expect(lines.map((l) => [l.sku, Number(l.quantity)])).toEqual([
        [ASR, fitMergedQuantity(9998 + 4, { min: 2, step: 2 })],
        [KOM, fitMergedQuantity(3 + 5, { min: 3, step: 2 })],
      ]);
      expect(lines.map((l) => Number(l.quantity))).toEqual([9998, 9]);
    });
  });

  describe('price tiers', () => {
    test('changing the quantity across a tier boundary changes the unit price, both ways', async () => {
      await addTier('base', ASR, 10, 16000);
      await addTier('base', ASR, 50, 15000);
      const jar = new CookieJar();
      let cart = (await ok(add(jar, { sku: ASR, quantity: 9 }))).cart!;
      const lineId = lineOf(cart, ASR)!.id;
      const seen: [number, number | null, number | null, number | null][] = [];
      for (const quantity of [10, 49, 50, 49, 9]) {
        cart = (await ok(api(h, jar, 'cart', 'quantity', { lineId, quantity, version: cart.version }))).cart!;
        const line = lineOf(cart, ASR)!;
        seen.push([quantity, line.price.special ?? line.price.regular, line.rowTotal, cart.totals!.subtotal_excl_tax]);
        expect(line.price.regular).toBe(188.99);
      }
      expect(seen).toEqual([
        [10, 160, 1600, 1600],
        [49, 160, 7840, 7840],
        [50, 150, 7500, 7500],
        [49, 160, 7840, 7840],
        [9, 188.99, 1700.91, 1700.91],
      ]);
      expect(lineOf(cart, ASR)?.priceInfo).toEqual({ regular: 188.99, special: null, currency: 'EUR' });
    });

    test("a customer with its own list and tiers in both lists pays the lowest for the line's quantity", async () => {
      await addTier('base', ASR, 10, 16000);
      await addTier('base', ASR, 50, 15000);
      await addTier('acme', ASR, 10, 15500);
      await addTier('acme', ASR, 50, 15200);
      const priced = async (quantity: number) => {
        const jar = await customerJar(ctx.db, C.acme.email);
        await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${C.acme.email}`);
        const line = lineOf((await ok(add(jar, { sku: ASR, quantity }))).cart, ASR)!;
        return [line.priceInfo?.special, line.priceInfo?.source, line.rowTotal];
      };
      // 1: the acme list's price; 10: the acme tier below the public one; 50: the public tier below acme's.
      expect(await priced(1)).toEqual([164.99, 'contract', 164.99]);
      expect(await priced(10)).toEqual([155, 'contract', 1550]);
      expect(await priced(50)).toEqual([150, 'special', 7500]);
      // A guest gets the public tiers only.
      const guest = lineOf((await ok(add(new CookieJar(), { sku: ASR, quantity: 10 }))).cart, ASR)!;
      expect([guest.priceInfo?.special, guest.priceInfo?.source]).toEqual([160, 'special']);
    });

    test('the order stores the prices and totals the cart showed: tiered lines, accessory tiers, coupon, shipping, VAT', async () => {
      await addTier('base', ASR, 10, 16000);
      await addTier('base', BIT!, 10, 399);
      const jar = new CookieJar();
      await ok(add(jar, { sku: ASR, quantity: 12, accessories: [BIT!] }));
      const shown = await readyCart(h, jar, { sku: KOM, quantity: 2, coupon: 'WELCOME10', method: 'express' });

      // 12 × (160.00 + 3.99) and 2 × 349.99; 10 % off 2,667.86 net; express 14.95; 19 % VAT on the running sums.
      const tiered = lineOf(shown, ASR)!;
      expect(tiered).toMatchObject({ price: { regular: 193.98, special: 163.99 }, rowTotal: 1967.88 });
      expect(tiered.selectedAddtionalProducts[BIT!]?.price).toBe(3.99);
      expect(lineOf(shown, KOM)).toMatchObject({ price: { regular: 349.99, special: null }, rowTotal: 699.98 });
      expect(shown.totals).toEqual({
        subtotal_excl_tax: 2667.86,
        subtotal_incl_tax: 3174.75,
        subtotal_with_discount: 2857.27,
        discount_amount: 317.48,
        coupon_amount: 266.79,
        coupon_incl_tax: 317.48,
        shipping_amount: 14.95,
        shipping_incl_tax: 17.79,
        tax_amount: 459.04,
        grandTotalExclTax: 2416.02,
        grandTotalIncTax: 2875.06,
        taxes: [{ ratePercent: 19, net: 2416.02, tax: 459.04 }],
      });

      const created = await ok(api(h, jar, 'orders', 'create', orderRequest(shown)));
      const order = created.order!;
      expect(order.cartInfo.totals).toEqual(shown.totals);
      expect(order.cartInfo.cartItems.map((i) => [i.sku, i.quantity, i.price, i.priceInfo, i.rowTotal])).toEqual(
        shown.cartItems.map((i) => [i.sku, i.quantity, i.price, i.priceInfo, i.rowTotal]),
      );
      const [row] = await rows<{ grand: number; coupon: string }>(
        ctx.db,
        sql`SELECT grand_total_cents AS grand, coupon_code AS coupon FROM orders WHERE id = ${order.id}`,
      );
      expect([Number(row!.grand), row!.coupon]).toEqual([287_506, 'WELCOME10']);
    });

    test('the cart value limit counts tier prices', async () => {
      // 9,999 pieces: above the limit at the regular price, within it at the tier price.
      await ctx.db.execute(sql`UPDATE prices SET regular_cents = 150000 WHERE currency = 'EUR'
        AND product_id = (SELECT id FROM products WHERE sku = ${KOM})`);
      try {
        const refused = await add(new CookieJar(), { sku: KOM, quantity: 9999 });
        expect([refused.status, refused.body.code]).toEqual([409, 'CART_VALUE_LIMIT']);
        await addTier('base', KOM, 5000, 90000);
        const cart = (await ok(add(new CookieJar(), { sku: KOM, quantity: 9999 }))).cart!;
        expect(cart.totals!.subtotal_excl_tax).toBe(8_999_100);
      } finally {
        await ctx.db.execute(sql`UPDATE prices SET regular_cents = 34999 WHERE currency = 'EUR'
          AND product_id = (SELECT id FROM products WHERE sku = ${KOM})`);
      }
    });
  });
});
