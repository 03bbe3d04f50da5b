// Carts and wishlists are per user (issue 36), on both databases: two users of the acme company each keep
// their own cart and wishlist, priced on the company's price list; a guest cart merged at sign-in goes to
// the user who signs in; "add selected", reorder and an order act on the acting user's cart only; and a
// cart of a disabled or deleted user answers nobody, a colleague least of all.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import {
  CART_COOKIE,
  CUSTOMER_COOKIE,
  CookieJar,
  callHandler,
  customerJar,
  newCompanyUser,
  testCartDeps,
  testShopper,
} from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart } from '../helpers/order-harness.ts';
import { Browser } from '../helpers/auth-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { authRoutes } from '#lib/server/auth/routes.ts';
import { cartHandOver } from '#lib/server/cart/index.ts';
import { bulkCartRoutes } from '#lib/server/cart/bulk.ts';
import { wishlistRoutes } from '#lib/server/wishlist/routes.ts';
import { resolveFeatures } from '#lib/content/features.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { Wishlist } from '#lib/wishlist/rules.ts';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;
const { foreman1, foreman2 } = DEMO_FIXTURES.acmeUsers;
/** acme's contract price of P.available (the public price is 188.99). */
const ACME_PRICE = 164.99;

const lines = (cart: Cart | null | undefined) => (cart?.cartItems ?? []).map((i) => `${i.sku}x${i.quantity}`).sort();

forEachDatabase('per-user carts and wishlists', (ctx) => {
  const h = orderSuite(ctx);
  const deps = testCartDeps(() => ctx.db, { guestPrices: true, now: undefined });
  const bulk = bulkCartRoutes(deps);
  const wishlist = wishlistRoutes({
    db: async () => ctx.db,
    userId: async (context) => (await testShopper(ctx.db, context.cookies)).user?.id ?? null,
  });
  const auth = authRoutes({ db: async () => ctx.db, features: async () => resolveFeatures({}), cart: cartHandOver });

  const userId = async (email: string) =>
    (await rows<{ id: string }>(ctx.db, sql`SELECT id FROM customer_users WHERE email = ${email}`))[0]!.id;
  async function userJar(email: string): Promise<CookieJar> {
    const jar = new CookieJar();
    jar.values.set(CUSTOMER_COOKIE, await userId(email));
    return jar;
  }
  const newColleague = () => newCompanyUser(ctx.db, C.acme.email, 'buyer');
  const cartOf = async (jar: CookieJar) => (await ok(api(h, jar, 'cart', 'get', {}))).cart ?? null;
  const emptyCart = async (jar: CookieJar) => {
    const cart = await cartOf(jar);
    if (cart) await ok(api(h, jar, 'cart', 'delete', { cartId: cart.id, version: cart.version }));
  };

  let admin: CookieJar;
  let one: CookieJar;
  let two: CookieJar;

  beforeAll(async () => {
    admin = await customerJar(ctx.db, C.acme.email);
    one = await userJar(foreman1.email);
    two = await userJar(foreman2.email);
  });

  describe('carts', () => {
    beforeAll(async () => {
      for (const jar of [admin, one, two]) await emptyCart(jar);
    });

    test("two users of one company each add to their own cart, both on the company's price list", async () => {
      const first = (await ok(api(h, one, 'cart', 'add', { sku: P.available, quantity: 2 }))).cart!;
      const second = (await ok(api(h, two, 'cart', 'add', { sku: P.limited, quantity: 1 }))).cart!;
      expect(first.id).not.toBe(second.id);
      expect(lines(await cartOf(one))).toEqual([`${P.available}x2`]);
      expect(lines(await cartOf(two))).toEqual([`${P.limited}x1`]);
      expect(await cartOf(admin)).toBeNull();
      expect(first.cartItems[0]!.price.special).toBe(ACME_PRICE);
      const [row] = await rows<{ customerId: string; userId: string }>(
        ctx.db,
        sql`SELECT customer_id AS "customerId", user_id AS "userId" FROM carts WHERE id = ${first.id}`,
      );
      expect(row).toEqual({ customerId: await userId(C.acme.email), userId: await userId(foreman1.email) });
    });

    test("a colleague's cart id is a 404 for every operation, and nothing of it changes", async () => {
      const theirs = (await cartOf(one))!;
      const line = theirs.cartItems[0]!.id;
      for (const [op, body] of [
        ['get', { cartId: theirs.id }],
        ['add', { cartId: theirs.id, sku: P.free, quantity: 1 }],
        ['quantity', { cartId: theirs.id, version: theirs.version, lineId: line, quantity: 5 }],
        ['remove', { cartId: theirs.id, version: theirs.version, lineId: line }],
        ['coupon', { cartId: theirs.id, version: theirs.version, code: DEMO_FIXTURES.coupons.percent }],
        ['delete', { cartId: theirs.id, version: theirs.version }],
      ] as const) {
        const answer = await api(h, two, 'cart', op, body);
        expect([op, answer.status, answer.body.code]).toEqual([op, 404, 'CART_NOT_FOUND']);
      }
      const after = (await cartOf(one))!;
      expect([after.version, lines(after)]).toEqual([theirs.version, [`${P.available}x2`]]);
    });

    test('"add selected" fills the acting user\'s cart only', async () => {
      const added = await callHandler<{ cart: Cart }>(bulk.addMany, two, '/api/cart/add-many', {
        lines: [{ sku: P.free, quantity: 3 }],
      });
      expect(added.status).toBe(200);
      expect(lines(added.body.cart)).toEqual([`${P.free}x3`, `${P.limited}x1`].sort());
      expect(lines(await cartOf(one))).toEqual([`${P.available}x2`]);
    });

    test("an order by foreman1 empties foreman1's cart only; reorder brings its lines back to foreman1", async () => {
      const before = lines(await cartOf(two));
      const order = (
        await ok(
          api(h, one, 'orders', 'create', orderRequest(await readyCart(h, one, { sku: P.available, quantity: 1 }))),
        )
      ).order!;
      expect(await cartOf(one)).toBeNull();
      expect(lines(await cartOf(two))).toEqual(before);
      const [placed] = await rows<{ userId: string }>(
        ctx.db,
        sql`SELECT user_id AS "userId" FROM orders WHERE id = ${order.id}`,
      );
      expect(placed!.userId).toBe(await userId(foreman1.email));

      await ok(api(h, one, 'orders', 'reorder', { id: order.id }));
      expect(lines(await cartOf(one))).toEqual([`${P.available}x3`]);
      expect(lines(await cartOf(two))).toEqual(before);
    });

    test('a disabled user reaches no cart (not even with a session from before), and no colleague reaches theirs', async () => {
      const user = await newColleague();
      const cart = (await ok(api(h, user.jar, 'cart', 'add', { sku: P.available, quantity: 4 }))).cart!;
      await ctx.db.execute(sql`UPDATE customer_users SET status = 'disabled' WHERE id = ${user.id}`);
      expect((await api(h, user.jar, 'cart', 'get', {})).body.cart).toBeNull();
      expect((await api(h, user.jar, 'cart', 'get', { cartId: cart.id })).status).toBe(404);
      // Opening a new cart needs an active user: the session is told to sign in again.
      expect((await api(h, user.jar, 'cart', 'add', { sku: P.free, quantity: 1 })).body.code).toBe(
        'CUSTOMER_NOT_FOUND',
      );
      for (const jar of [admin, two]) expect((await api(h, jar, 'cart', 'get', { cartId: cart.id })).status).toBe(404);
      // Enabled again, their own cart is back as they left it.
      await ctx.db.execute(sql`UPDATE customer_users SET status = 'active' WHERE id = ${user.id}`);
      expect(lines(await cartOf(user.jar))).toEqual([`${P.available}x4`]);
    });

    test("a deleted user's cart belongs to nobody: no colleague, no guest holding its id", async () => {
      const user = await newColleague();
      const cart = (await ok(api(h, user.jar, 'cart', 'add', { sku: P.available, quantity: 6 }))).cart!;
      await ctx.db.execute(sql`DELETE FROM customer_users WHERE id = ${user.id}`);
      const guest = new CookieJar();
      guest.values.set(CART_COOKIE, cart.id);
      for (const jar of [admin, two, guest]) {
        expect((await api(h, jar, 'cart', 'get', { cartId: cart.id })).status).toBe(404);
      }
      expect(lines(await cartOf(admin))).not.toContain(`${P.available}x6`);
    });
  });

  describe('signing in', () => {
    test('a guest cart merged at sign-in goes to the user who signs in, not to the company admin or a colleague', async () => {
      for (const jar of [admin, one, two]) await emptyCart(jar);
      await ok(api(h, two, 'cart', 'add', { sku: P.limited, quantity: 1 }));
      const guest = new CookieJar();
      const guestCart = (await ok(api(h, guest, 'cart', 'add', { sku: P.free, quantity: 2 }))).cart!;

      const browser = new Browser('192.0.2.90');
      browser.jar.set(CART_COOKIE, guestCart.id);
      const login = await browser.call(auth.login, '/api/auth/login', {
        body: { username: foreman1.email, password: foreman1.password },
      });
      expect(login.status).toBe(200);
      expect(browser.jar.has(CART_COOKIE)).toBe(false);

      const adopted = (await cartOf(one))!;
      expect([adopted.id, adopted.currency, lines(adopted)]).toEqual([guestCart.id, 'EUR', [`${P.free}x2`]]);
      expect(await cartOf(admin)).toBeNull();
      expect(lines(await cartOf(two))).toEqual([`${P.limited}x1`]);
    });
  });

  describe('wishlists', () => {
    const add = (jar: CookieJar, sku: string) =>
      callHandler<Wishlist>(wishlist.add, jar, '/api/wishlist/items', { items: [{ sku }] });
    const skus = (list: Wishlist) => list.items.map((i) => i.product.sku);

    test('two users of one company each keep their own wishlist', async () => {
      expect(skus((await add(one, P.available)).body)).toEqual([P.available]);
      expect(skus((await add(two, P.limited)).body)).toEqual([P.limited]);
      expect(skus((await add(one, P.free)).body)).toEqual([P.available, P.free]);
      // The company's primary user (the admin) has a list of their own, untouched by either.
      expect(skus((await add(admin, P.specialPrice)).body)).toEqual([P.specialPrice]);
    });
  });
});
