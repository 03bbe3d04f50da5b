// Creating and confirming orders (src/lib/server/orders) on PGlite and PostgreSQL: what a shopper and
// a shop owner notice: one order per attempt, priced by the server, stock and coupons taken once, the
// cart gone afterwards, an account created with the order, the confirmation mail sent once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { verifyPassword } from '#lib/server/auth/passwords.ts';
import { activateRegistration } from '#lib/server/auth/registrations.ts';
import { checkRegistration } from '#lib/server/auth/rate-limit.ts';
import { claimGuestOrder } from '#lib/server/orders/index.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { outboxActivationToken, useTemporaryDataDir } from '../helpers/accounts.ts';
import { pgError } from '#lib/server/db/errors.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CART_COOKIE, CUSTOMER_COOKIE, CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  api,
  billingAddress,
  countOf,
  ok,
  orderSuite,
  orderRequest,
  readyCart,
  shippingAddress,
  stockOf,
} from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

useTemporaryDataDir();

forEachDatabase('orders', (ctx) => {
  const h = orderSuite(ctx);

  const ordersOfCart = (cartId: string) =>
    rows<{ id: string; status: string }>(ctx.db, sql`SELECT id, status FROM orders WHERE cart_id = ${cartId}`);
  const mailsFor = (orderId: string) => h.state.mails.filter((m) => m.order.id === orderId);
  const redemptions = async (code: string) =>
    (await rows<{ n: number }>(ctx.db, sql`SELECT redemptions AS n FROM coupons WHERE code = ${code}`))[0]!.n;

  /** Asserts the attempt changed nothing: no order, the cart still active at its version, stock as before. */
  async function assertNothingOrdered(
    jar: CookieJar,
    cart: { id: string; version: number },
    stockBefore: { effective: number; external: number },
  ) {
    expect(await ordersOfCart(cart.id)).toEqual([]);
    const now = (await ok(api(h, jar, 'cart', 'get', {}))).cart;
    expect(now?.id).toBe(cart.id);
    expect(now?.version).toBe(cart.version);
    expect(await stockOf(ctx.db, P.available)).toEqual(stockBefore);
  }

  describe('invoice', () => {
    test('create → pending, the cart is closed and the cookie cleared; confirm → confirmed with one mail, however often', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, { quantity: 2 });
      const stockBefore = await stockOf(ctx.db, P.available);
      const created = await ok(
        api(h, jar, 'orders', 'create', orderRequest(cart, { orderReference: 'PO-4711', comment: 'Ring twice' })),
      );
      expect(created.created).toBe(true);
      const order = created.order!;
      expect(order).toMatchObject({
        status: 'pending',
        confirmed: false,
        paymentStatus: 'open',
        paymentMethodCode: 'invoice',
        currency: 'EUR',
        email: (cart.billingAddress as { email: string }).email,
        orderReference: 'PO-4711',
        comment: 'Ring twice',
        hasAccount: false,
      });
      expect(order.transactionnum).toMatch(/^\d{6,}$/);
      // The order carries the server's pricing of the cart, shipping method with its label included.
      expect(order.cartInfo.totals).toEqual(cart.totals);
      expect(order.cartInfo.shippingMethod).toEqual({ methodCode: 'standard', label: 'Standardversand' });
      const [row] = await rows<{ cents: number }>(
        ctx.db,
        sql`SELECT grand_total_cents AS cents FROM orders WHERE id = ${order.id}`,
      );
      expect(row!.cents).toBe(Math.round(cart.totals!.grandTotalIncTax * 100));
      expect(await stockOf(ctx.db, P.available)).toEqual({
        effective: stockBefore.effective - 2,
        external: stockBefore.external,
      });

      expect(jar.values.has(CART_COOKIE)).toBe(false);
      expect((await ok(api(h, jar, 'cart', 'get', {}))).cart).toBeNull();
      // The old cart id is closed for writes too.
      jar.values.set(CART_COOKIE, cart.id);
      const write = await api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1, version: cart.version + 1 });
      expect(write.body.cart?.id).not.toBe(cart.id);
      jar.values.delete(CART_COOKIE);

      expect(mailsFor(order.id)).toEqual([]);
      for (let i = 0; i < 3; i++) {
        const confirmed = await ok(api(h, jar, 'orders', 'confirm', { id: order.id }));
        expect(confirmed.order).toMatchObject({ id: order.id, status: 'confirmed', confirmed: true });
      }
      expect(mailsFor(order.id)).toHaveLength(1);
      expect(mailsFor(order.id)[0]!.order.status).toBe('confirmed');
      expect((await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order).toMatchObject({ status: 'confirmed' });
    });

    test('re-sending create with the same key answers the same order without taking stock again', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const request = orderRequest(cart);
      const first = await ok(api(h, jar, 'orders', 'create', request));
      const stockAfterFirst = await stockOf(ctx.db, P.available);
      const again = await ok(api(h, jar, 'orders', 'create', request));
      expect([again.created, again.order!.id]).toEqual([false, first.order!.id]);
      expect(await ordersOfCart(cart.id)).toHaveLength(1);
      expect(await stockOf(ctx.db, P.available)).toEqual(stockAfterFirst);
      // Another cart cannot borrow that key.
      const other = new CookieJar();
      const otherCart = await readyCart(h, other);
      const reused = await api(h, other, 'orders', 'create', {
        ...orderRequest(otherCart),
        idempotencyKey: request.idempotencyKey,
      });
      expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
      expect(await ordersOfCart(otherCart.id)).toEqual([]);
    });

    test('a failed confirmation mail is given back and sent by the next confirm', async () => {
      const jar = new CookieJar();
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(await readyCart(h, jar))))).order!;
      h.state.mailFailures = 1;
      expect((await ok(api(h, jar, 'orders', 'confirm', { id: order.id }))).order!.status).toBe('confirmed');
      expect(mailsFor(order.id)).toHaveLength(0);
      await ok(api(h, jar, 'orders', 'confirm', { id: order.id }));
      await ok(api(h, jar, 'orders', 'confirm', { id: order.id }));
      expect(mailsFor(order.id)).toHaveLength(1);
    });

    test('the thank-you page feedback and an unknown order', async () => {
      const jar = new CookieJar();
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(await readyCart(h, jar))))).order!;
      const commented = await ok(api(h, jar, 'orders', 'comment', { orderId: order.id, feedback: 'Quick and easy' }));
      expect(commented.order!.feedback).toBe('Quick and easy');
      const unknown = await api(h, jar, 'orders', 'get', { id: randomUUID() });
      expect([unknown.status, unknown.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
      const unknownConfirm = await api(h, jar, 'orders', 'confirm', { id: randomUUID() });
      expect(unknownConfirm.status).toBe(404);
    });
  });

  describe('refused orders change nothing', () => {
    test('a stale cart version → 409 CART_OUTDATED_ERROR', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const stockBefore = await stockOf(ctx.db, P.available);
      const stale = await api(h, jar, 'orders', 'create', orderRequest({ ...cart, version: cart.version - 1 }));
      expect([stale.status, stale.body.code]).toEqual([409, 'CART_OUTDATED_ERROR']);
      await assertNothingOrdered(jar, cart, stockBefore);
      // The shopper changed the cart in another tab: the order the first tab saw is not placed.
      const changed = (await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
      const outdated = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([outdated.status, outdated.body.code]).toEqual([409, 'CART_OUTDATED_ERROR']);
      await assertNothingOrdered(jar, changed, stockBefore);
    });

    test('a price that changed after the shopper saw the cart → 409 CART_OUTDATED_ERROR, then the new price', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const stockBefore = await stockOf(ctx.db, P.available);
      const product = sql`(SELECT id FROM products WHERE sku = ${P.available})`;
      // The catalogue price rises while the shopper sits on the payment step: the cart version stays.
      await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents + 1000 WHERE product_id = ${product}`);
      try {
        const refused = await api(h, jar, 'orders', 'create', orderRequest(cart));
        expect([refused.status, refused.body.code]).toEqual([409, 'CART_OUTDATED_ERROR']);
        await assertNothingOrdered(jar, cart, stockBefore);
        // Re-reading the cart shows the new total; ordering that one goes through at the new price.
        const fresh = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
        expect(fresh.version).toBe(cart.version);
        expect(fresh.pricesHash).not.toBe(cart.pricesHash);
        expect(fresh.totals!.grandTotalIncTax).toBeGreaterThan(cart.totals!.grandTotalIncTax);
        const placed = await ok(api(h, jar, 'orders', 'create', orderRequest(fresh)));
        expect(placed.order!.cartInfo.totals!.grandTotalIncTax).toBe(fresh.totals!.grandTotalIncTax);
      } finally {
        await ctx.db.execute(sql`UPDATE prices SET regular_cents = regular_cents - 1000 WHERE product_id = ${product}`);
      }
    });

    test('a client-sent price, total or amount → 400 VALIDATION_FAILED and no order', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const stockBefore = await stockOf(ctx.db, P.available);
      const forged = [
        { cart: { version: cart.version, pricesHash: cart.pricesHash, grandTotalIncTax: 1 } },
        { cart: { version: cart.version, pricesHash: cart.pricesHash, totals: { grandTotalIncTax: 0.01 } } },
        {
          cart: { version: cart.version, pricesHash: cart.pricesHash, cartItems: [{ sku: P.available, price: 0.01 }] },
        },
        { amount: 1 },
        { price: 0.01 },
        { grandTotalCents: 1 },
        { totals: { grandTotalIncTax: 1 } },
        { currency: 'JPY' },
      ];
      for (const extra of forged) {
        const answer = await api(h, jar, 'orders', 'create', orderRequest(cart, extra));
        expect([answer.status, answer.body.code], JSON.stringify(extra)).toEqual([400, 'VALIDATION_FAILED']);
      }
      await assertNothingOrdered(jar, cart, stockBefore);
      // The same cart without the forged fields orders at the server's price.
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expect(order.cartInfo.totals!.grandTotalIncTax).toBe(cart.totals!.grandTotalIncTax);
      expect(cart.totals!.grandTotalIncTax).toBeGreaterThan(100);
    });

    test('an unfinished checkout → 409 CHECKOUT_INCOMPLETE naming what is missing', async () => {
      const jar = new CookieJar();
      let cart = (await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
      const bare = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([bare.status, bare.body.code]).toEqual([409, 'CHECKOUT_INCOMPLETE']);
      expect(bare.body.details).toEqual({ missing: ['shippingAddress', 'shippingMethod', 'billingAddress'] });
      cart = await readyCart(h, new CookieJar());
      // The ready cart of another browser is not this browser's to order.
      const foreign = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([foreign.status, foreign.body.code]).toEqual([404, 'CART_NOT_FOUND']);
      expect(await ordersOfCart(cart.id)).toEqual([]);
    });

    test('a shipping method that no longer serves the changed country leaves the checkout incomplete', async () => {
      const jar = new CookieJar();
      let cart = await readyCart(h, jar, { method: 'express' });
      cart = (
        await ok(
          api(h, jar, 'checkout', 'update', {
            version: cart.version,
            shippingAddress: shippingAddress({ country: 'GB', postalCode: 'SW1A 1AA' }),
          }),
        )
      ).cart!;
      const answer = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([answer.status, answer.body.code]).toEqual([409, 'CHECKOUT_INCOMPLETE']);
      expect(answer.body.details).toEqual({ missing: ['shippingMethod'] });
    });

    test('a payment method that is not configured → 400; an unknown one → 400', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const stockBefore = await stockOf(ctx.db, P.available);
      for (const code of ['stripe', 'stripe-debit', 'paypal', 'stripe-sofort']) {
        const answer = await api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: code }));
        expect([answer.status, answer.body.code], code).toEqual([400, 'PAYMENT_METHOD_UNAVAILABLE']);
      }
      // Without a code the default (paypal) applies, which this shop does not offer.
      const { paymentMethodCode: _, ...withoutCode } = orderRequest(cart);
      expect((await api(h, jar, 'orders', 'create', withoutCode)).body.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      expect(
        (await api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: 'bitcoin' }))).body.code,
      ).toBe('VALIDATION_FAILED');
      await assertNothingOrdered(jar, cart, stockBefore);
    });

    test('guests who may not see prices cannot order (403), and more than the stock is refused (409 OUT_OF_STOCK)', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      h.cart.settings.guestPrices = false;
      const hidden = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([hidden.status, hidden.body.code]).toEqual([403, 'PRICES_HIDDEN']);
      h.cart.settings.guestPrices = true;

      const limitedBefore = await stockOf(ctx.db, P.limited);
      const greedy = new CookieJar();
      const tooMany = await readyCart(h, greedy, {
        sku: P.limited,
        quantity: limitedBefore.effective + limitedBefore.external + 1,
      });
      const refused = await api(h, greedy, 'orders', 'create', orderRequest(tooMany));
      expect([refused.status, refused.body.code]).toEqual([409, 'OUT_OF_STOCK']);
      expect(refused.body.details).toMatchObject({ skus: [P.limited], items: [{ sku: P.limited }] });
      expect(await stockOf(ctx.db, P.limited)).toEqual(limitedBefore);
    });
  });

  describe('stock', () => {
    test("takes effective stock first, then the supplier's external stock; marked-in-stock products are not counted", async () => {
      await ctx.db.execute(sql`UPDATE stock SET effective_stock = 2, external_stock = 5
        WHERE product_id = (SELECT id FROM products WHERE sku = ${P.limited})`);
      const jar = new CookieJar();
      await ok(api(h, jar, 'orders', 'create', orderRequest(await readyCart(h, jar, { sku: P.limited, quantity: 4 }))));
      expect(await stockOf(ctx.db, P.limited)).toEqual({ effective: 0, external: 3 });
      const markedBefore = await stockOf(ctx.db, P.markedInStock);
      const other = new CookieJar();
      await ok(
        api(
          h,
          other,
          'orders',
          'create',
          orderRequest(await readyCart(h, other, { sku: P.markedInStock, quantity: 50 })),
        ),
      );
      expect(await stockOf(ctx.db, P.markedInStock)).toEqual(markedBefore);
    });

    test('the database itself refuses negative stock, whatever a buggy caller writes', async () => {
      for (const column of [sql`effective_stock`, sql`external_stock`]) {
        const error: unknown = await ctx.db
          .execute(
            sql`UPDATE stock SET ${column} = -1
          WHERE product_id = (SELECT id FROM products WHERE sku = ${P.limited})`,
          )
          .then(
            () => null,
            (e: unknown) => e,
          );
        expect(pgError(error)).toMatchObject({ code: '23514', constraint: 'stock_not_negative' });
      }
    });
  });

  describe('what can be ordered', () => {
    test('accessories chosen with a line take their own stock, per piece of the line', async () => {
      const [aku] = P.accessories;
      const accessoryBefore = await stockOf(ctx.db, aku);
      const mainBefore = await stockOf(ctx.db, P.available);
      const jar = new CookieJar();
      await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 3, accessories: [aku] }));
      const cart = await readyCart(h, jar, { quantity: 1 });
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expect(
        order.cartInfo.cartItems.map((i) => [i.sku, i.quantity, Object.keys(i.selectedAddtionalProducts)]),
      ).toEqual([
        [P.available, 3, [aku]],
        [P.available, 1, []],
      ]);
      expect(await stockOf(ctx.db, P.available)).toEqual({
        effective: mainBefore.effective - 4,
        external: mainBefore.external,
      });
      const accessoryAfter = await stockOf(ctx.db, aku);
      expect(
        accessoryBefore.effective + accessoryBefore.external - (accessoryAfter.effective + accessoryAfter.external),
      ).toBe(3);
    });

    test('a product taken off sale after it was put in the cart refuses the order (409 CART_NOT_PURCHASABLE)', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, { sku: P.specialPrice });
      await ctx.db.execute(sql`UPDATE products SET is_active = false WHERE sku = ${P.specialPrice}`);
      try {
        const refused = await api(h, jar, 'orders', 'create', orderRequest(cart));
        expect([refused.status, refused.body.code]).toEqual([409, 'CART_NOT_PURCHASABLE']);
        expect(await ordersOfCart(cart.id)).toEqual([]);
      } finally {
        await ctx.db.execute(sql`UPDATE products SET is_active = true WHERE sku = ${P.specialPrice}`);
      }
    });

    test('an order that costs nothing (free item, pickup) is paid at once and needs no payment step', async () => {
      h.state.payments = ALL_PAYMENTS;
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, { sku: P.free, method: 'pickup' });
      expect(cart.totals!.grandTotalIncTax).toBe(0);
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart, { paymentMethodCode: 'paypal' }))))
        .order!;
      expect(order.paymentStatus).toBe('paid');
      expect(
        (await ok(api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'paypal' }))).payment,
      ).toEqual({ action: 'none' });
      expect((await ok(api(h, jar, 'orders', 'confirm', { id: order.id }))).order!.status).toBe('confirmed');
    });

    test('a product that lost its stock record after it was added cannot be ordered (409 OUT_OF_STOCK, named)', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, { sku: P.limited });
      // Not-available products are refused at add to cart; this one loses its stock in between.
      const [saved] = await rows<{ effective: number; external: number }>(
        ctx.db,
        sql`
        DELETE FROM stock WHERE product_id = (SELECT id FROM products WHERE sku = ${P.limited})
        RETURNING effective_stock AS effective, external_stock AS external`,
      );
      try {
        const refused = await api(h, jar, 'orders', 'create', orderRequest(cart));
        expect([refused.status, refused.body.code]).toEqual([409, 'OUT_OF_STOCK']);
        expect(refused.body.message).toContain(cart.cartItems[0]!.name);
      } finally {
        await ctx.db.execute(sql`INSERT INTO stock (product_id, effective_stock, external_stock)
          SELECT id, ${saved!.effective}, ${saved!.external} FROM products WHERE sku = ${P.limited}`);
      }
    });
  });

  describe('coupons', () => {
    test('an order with a coupon counts one redemption and is priced with the discount', async () => {
      const before = await redemptions(DEMO_FIXTURES.coupons.percent);
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, { coupon: DEMO_FIXTURES.coupons.percent });
      expect(cart.couponStatus).toBe('applied');
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expect(order.cartInfo.couponCode).toBe(DEMO_FIXTURES.coupons.percent);
      expect(order.cartInfo.totals).toEqual(cart.totals);
      expect(await redemptions(DEMO_FIXTURES.coupons.percent)).toBe(before + 1);
    });

    test('a used-up single-use coupon refuses the order (400 COUPON_EXHAUSTED) without taking stock', async () => {
      const code = DEMO_FIXTURES.coupons.singleUse;
      await ctx.db.execute(sql`UPDATE coupons SET redemptions = 0 WHERE code = ${code}`);
      const first = new CookieJar();
      const second = new CookieJar();
      const firstCart = await readyCart(h, first, { coupon: code });
      const secondCart = await readyCart(h, second, { coupon: code });
      await ok(api(h, first, 'orders', 'create', orderRequest(firstCart)));
      const stockBefore = await stockOf(ctx.db, P.available);
      const refused = await api(h, second, 'orders', 'create', orderRequest(secondCart));
      expect([refused.status, refused.body.code]).toEqual([400, 'COUPON_EXHAUSTED']);
      await assertNothingOrdered(second, secondCart, stockBefore);
      expect(await redemptions(code)).toBe(1);
    });
  });

  describe('signed-in customers and accounts with the order', () => {
    // Account requests are limited per IP, and every in-process request comes from the same "unknown" one.
    beforeEach(async () => {
      await ctx.db.execute(sql`DELETE FROM login_attempts`);
    });

    test("a customer's order goes to the account email and their cart is done afterwards", async () => {
      await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${C.acme.email}`);
      const jar = await customerJar(ctx.db, C.acme.email);
      const cart = await readyCart(h, jar, { billing: billingAddress({ email: 'accounts-payable@acme.example' }) });
      // The acme price list, not the public one.
      expect(cart.cartItems[0]!.price.special).toBe(DEMO_FIXTURES.prices.available.acmeEUR / 100 + 0);
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
      expect(order).toMatchObject({ email: C.acme.email, hasAccount: true });
      expect((await ok(api(h, jar, 'cart', 'get', {}))).cart).toBeNull();
    });

    /** A guest's order with the account wish, placed; the activation mail is sent after the answer. */
    async function orderWithAccount(email: string, password = 'Sicher-Passw0rt') {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, {
        billing: billingAddress({ email, city: 'Esslingen', postalCode: '73728' }),
      });
      const wish = (
        await ok(api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: password }))
      ).cart!;
      const answer = await api(h, jar, 'orders', 'create', orderRequest(wish));
      return { jar, cart, answer };
    }

    test('the order is a guest order and the answer is the same whether or not the address has an account', async () => {
      const customersBefore = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM customers`);
      const known = await orderWithAccount(C.normal.email);
      const fresh = await orderWithAccount(`fresh-${randomUUID().slice(0, 8)}@example.com`);
      for (const { answer, jar } of [known, fresh]) {
        expect(answer.status).toBe(200);
        expect(answer.body.order).toMatchObject({ hasAccount: false });
        expect(jar.values.has(CUSTOMER_COOKIE)).toBe(false);
      }
      expect(Object.keys(known.answer.body).sort()).toEqual(Object.keys(fresh.answer.body).sort());
      expect(Object.keys(known.answer.body.order!).sort()).toEqual(Object.keys(fresh.answer.body.order!).sort());
      await backgroundSettled();
      expect(await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM customers`)).toBe(customersBefore);
      const pending = await rows<{ email: string; orderId: string }>(
        ctx.db,
        sql`
        SELECT email, order_id AS "orderId" FROM pending_registrations WHERE order_id IN (${known.answer.body.order!.id}, ${fresh.answer.body.order!.id})`,
      );
      // Only the new address waits for its activation; the known one's owner got a note instead.
      expect(pending).toEqual([{ email: fresh.answer.body.order!.email, orderId: fresh.answer.body.order!.id }]);
    });

    test("activating the mailed link creates the account with the order's addresses and attaches the order", async () => {
      const email = `new-${randomUUID().slice(0, 8)}@example.com`;
      const password = 'Sicher-Passw0rt';
      const { cart, answer } = await orderWithAccount(email, password);
      const order = answer.body.order!;
      // The cart's password hash is gone with the cart; the pending registration holds it now.
      const [cartRow] = await rows<{ hash: string | null }>(
        ctx.db,
        sql`SELECT new_user_password_hash AS hash FROM carts WHERE id = ${cart.id}`,
      );
      expect(cartRow!.hash).toBeNull();
      await backgroundSettled();
      const token = outboxActivationToken(email)!;
      expect(token).toMatch(/^[\w-]{43}$/);
      const activated = await activateRegistration(ctx.db, { token, password, ip: '10.40.0.2' }, claimGuestOrder);
      expect(activated.ok).toBe(true);
      const [customer] = await rows<{ id: string; hash: string; firstName: string }>(
        ctx.db,
        sql`
        SELECT c.id, u.password_hash AS hash, c.first_name AS "firstName"
        FROM customers c JOIN customer_users u ON u.id = c.id WHERE c.email = ${email}`,
      );
      expect(customer!.firstName).toBe('Erika');
      expect(await verifyPassword(customer!.hash, password)).toBe(true);
      // The order is the new company's, placed by its primary user (who has the customer's id).
      const [orderRow] = await rows<{ customerId: string; userId: string }>(
        ctx.db,
        sql`SELECT customer_id AS "customerId", user_id AS "userId" FROM orders WHERE id = ${order.id}`,
      );
      expect(orderRow).toEqual({ customerId: customer!.id, userId: customer!.id });
      const jar = await customerJar(ctx.db, email);
      const saved = (await ok(api(h, jar, 'checkout', 'addresses', {}))).addresses!;
      expect(saved.filter((a) => a.isDefaultBilling).map((a) => [a.city, a.email])).toEqual([['Esslingen', email]]);
      expect(saved.filter((a) => a.isDefaultShipping).map((a) => a.city)).toEqual(['Stuttgart']);
      // Single use.
      expect(await activateRegistration(ctx.db, { token, password, ip: '10.40.0.2' }, claimGuestOrder)).toEqual({
        ok: false,
        refusal: 'used',
      });
    });

    test('account requests with an order are rate limited per IP: over the limit, 429 with Retry-After and nothing ordered', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar, {
        billing: billingAddress({ email: `limit-${randomUUID().slice(0, 8)}@example.com` }),
      });
      const wish = (
        await ok(
          api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: 'Sicher-Passw0rt' }),
        )
      ).cart!;
      // The wish took one of the ten account requests per IP and window; nine more used up the rest.
      for (let i = 0; i < 9; i++) await checkRegistration(ctx.db, 'unknown');
      const stockBefore = await stockOf(ctx.db, P.available);
      const limited = await api(h, jar, 'orders', 'create', orderRequest(wish));
      expect([limited.status, limited.body.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      await assertNothingOrdered(jar, wish, stockBefore);
    });

    test('guest checkout off: a guest orders only with an account created with the order', async () => {
      const jar = new CookieJar();
      const email = `must-register-${randomUUID().slice(0, 8)}@example.com`;
      const cart = await readyCart(h, jar, { billing: billingAddress({ email }) });
      const stockBefore = await stockOf(ctx.db, P.available);
      h.setFeatures({ isGuestUserEnabled: false });
      const guest = await api(h, jar, 'orders', 'create', orderRequest(cart));
      expect([guest.status, guest.body.code]).toEqual([401, 'GUEST_CHECKOUT_DISABLED']);
      await assertNothingOrdered(jar, cart, stockBefore);
      const wish = (
        await ok(
          api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: 'Sicher-Passw0rt' }),
        )
      ).cart!;
      // Placed as a guest order; the account follows once its mailed link is opened.
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(wish)))).order!;
      expect(order.hasAccount).toBe(false);
      // With registration off as well, a cart prepared earlier cannot be ordered by a guest at all.
      const late = new CookieJar();
      const lateCart = await readyCart(h, late);
      h.setFeatures({ isGuestUserEnabled: false, isCheckoutRegistrationEnabled: false });
      const refused = await api(h, late, 'orders', 'create', orderRequest(lateCart));
      expect([refused.status, refused.body.code]).toEqual([401, 'GUEST_CHECKOUT_DISABLED']);
      expect(await ordersOfCart(lateCart.id)).toEqual([]);
    });

    test('with checkout registration switched off after the wish, the order is placed as a guest order', async () => {
      const jar = new CookieJar();
      const email = `late-${randomUUID().slice(0, 8)}@example.com`;
      const cart = await readyCart(h, jar, { billing: billingAddress({ email }) });
      const wish = (
        await ok(
          api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true, userPassword: 'Sicher-Passw0rt' }),
        )
      ).cart!;
      h.setFeatures({ isCheckoutRegistrationEnabled: false });
      const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(wish)))).order!;
      expect(order.hasAccount).toBe(false);
      expect(await rows(ctx.db, sql`SELECT id FROM customers WHERE email = ${email}`)).toEqual([]);
    });
  });
});
