// The checkout endpoints (src/lib/server/checkout/handlers.ts) on PGlite and PostgreSQL: addresses and
// shipping method stored on the cart with its version, validation per field, the site features that
// change what is accepted, shipping methods per country and currency, and the account-with-order wish.
import { sql } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import type * as Argon2 from '@node-rs/argon2';
import { guardCart } from '#lib/server/checkout/page-state.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CookieJar, DEMO_FIXTURES, customerJar } from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  api,
  countOf,
  billingAddress,
  ok,
  orderSuite,
  shippingAddress,
} from '../helpers/order-harness.ts';
import { rows } from '../helpers/raw-rows.ts';
import { checkRegistration } from '#lib/server/auth/rate-limit.ts';

// Counts argon2 hashes, so a test can tell a refused request never paid for one.
const argon = vi.hoisted(() => ({ hashes: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon.hashes++;
      return real.hash(...args);
    },
  };
});

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

forEachDatabase('checkout', (ctx) => {
  const h = orderSuite(ctx);

  /** A guest browser with one line in the cart. */
  async function guestCart() {
    const jar = new CookieJar();
    const cart = (await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
    return { jar, cart };
  }

  /** A signed-in customer starting from a fresh cart with one line. */
  async function customerCart(email: string) {
    await ctx.db.execute(sql`UPDATE customer_users SET active_cart_id = NULL WHERE email = ${email}`);
    const jar = await customerJar(ctx.db, email);
    const cart = (await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
    return { jar, cart };
  }

  const details = (body: { details?: unknown }) => (body.details as { path: string }[]).map((d) => d.path);

  describe('addresses', () => {
    test('an invalid field answers 400 with its path, and the cart is unchanged', async () => {
      const { jar, cart } = await guestCart();
      const bad = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress({ postalCode: '!!' }),
      });
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(details(bad.body)).toEqual(['shippingAddress.postalCode']);
      const missing = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        billingAddress: { ...billingAddress(), firstName: '  ', country: 'XX' },
      });
      expect(details(missing.body).sort()).toEqual(['billingAddress.country', 'billingAddress.firstName']);
      const extra = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: { ...shippingAddress(), price: 1 },
      });
      expect([extra.status, extra.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      const now = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
      expect([now.version, now.shippingAddress, now.billingAddress]).toEqual([cart.version, null, null]);
    });

    test('stores the address on the cart with a new version; a stale version is refused with 409', async () => {
      const { jar, cart } = await guestCart();
      const updated = (
        await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: shippingAddress() }))
      ).cart!;
      expect(updated.version).toBe(cart.version + 1);
      expect(updated.shippingAddress).toMatchObject({ city: 'Stuttgart', country: 'DE', postalCode: '70173' });
      const stale = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress({ city: 'Ulm' }),
      });
      expect([stale.status, stale.body.code]).toEqual([409, 'CART_OUTDATED_ERROR']);
      expect((await ok(api(h, jar, 'cart', 'get', {}))).cart!.shippingAddress).toMatchObject({ city: 'Stuttgart' });
    });

    test('exactly one of shippingAddress, billingAddress, shippingMethod per request', async () => {
      const { jar, cart } = await guestCart();
      const both = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress(),
        billingAddress: billingAddress(),
      });
      const none = await api(h, jar, 'checkout', 'update', { version: cart.version });
      expect([both.status, none.status]).toEqual([400, 400]);
    });

    test('companyRequired: an address without a company is refused with the company path', async () => {
      h.setFeatures({ company: 'required' });
      const { jar, cart } = await guestCart();
      const refused = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress({ company: '' }),
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(details(refused.body)).toEqual(['shippingAddress.company']);
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          shippingAddress: shippingAddress({ company: 'ACME' }),
        }),
      );
    });

    test("a guest billing address needs an email; a signed-in customer's does not", async () => {
      const { jar, cart } = await guestCart();
      const refused = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        billingAddress: shippingAddress(),
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(details(refused.body)).toEqual(['billingAddress.email']);
      const customer = await customerCart(C.acme.email);
      await ok(
        api(h, customer.jar, 'checkout', 'update', {
          version: customer.cart.version,
          billingAddress: shippingAddress(),
        }),
      );
    });

    test('guests may not check out when guest checkout and checkout registration are both off', async () => {
      const { jar, cart } = await guestCart();
      h.setFeatures({ isGuestUserEnabled: false, isCheckoutRegistrationEnabled: false });
      const refused = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress(),
      });
      expect([refused.status, refused.body.code]).toEqual([401, 'GUEST_CHECKOUT_DISABLED']);
      h.setFeatures({ isGuestUserEnabled: false });
      await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: shippingAddress() }));
    });

    test("saveAsDefault makes the address the signed-in customer's default shipping address", async () => {
      const { jar, cart } = await customerCart(C.normal.email);
      const updated = (
        await ok(
          api(h, jar, 'checkout', 'update', {
            version: cart.version,
            shippingAddress: shippingAddress({ city: 'Heilbronn', postalCode: '74072' }),
            saveAsDefault: true,
          }),
        )
      ).cart!;
      const saved = (await ok(api(h, jar, 'checkout', 'addresses', {}))).addresses!;
      const defaults = saved.filter((a) => a.isDefaultShipping);
      expect(defaults.map((a) => a.city)).toEqual(['Heilbronn']);
      // The cart refers to the saved row, so a later edit updates it instead of adding another.
      expect((updated.shippingAddress as { id?: string }).id).toBe(defaults[0]!.id);
      // The default billing address is untouched.
      expect(saved.filter((a) => a.isDefaultBilling).map((a) => a.city)).toEqual(['Berlin']);
    });

    test('saveAsDefault from a guest saves nothing; the addresses endpoint needs a sign-in', async () => {
      const before = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM addresses`);
      const { jar, cart } = await guestCart();
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          shippingAddress: shippingAddress(),
          saveAsDefault: true,
        }),
      );
      const after = await countOf(ctx.db, sql`SELECT count(*)::int AS n FROM addresses`);
      expect(after).toBe(before);
      const refused = await api(h, jar, 'checkout', 'addresses', {});
      expect(refused.status).toBe(401);
    });

    test('isDefaultShippingUpdateEnabled off: saveAsDefault is ignored', async () => {
      h.setFeatures({ isDefaultShippingUpdateEnabled: false });
      const { jar, cart } = await customerCart(C.excludeTax.email);
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          shippingAddress: shippingAddress({ country: 'GB', postalCode: 'EH1 1AA', city: 'Leith' }),
          saveAsDefault: true,
        }),
      );
      const saved = (await ok(api(h, jar, 'checkout', 'addresses', {}))).addresses!;
      expect(saved.filter((a) => a.isDefaultShipping).map((a) => a.city)).toEqual(['Edinburgh']);
    });

    test("billing management off: only the customer's default billing address is accepted, with its stored values", async () => {
      h.setFeatures({ isBillingManagmentEnabled: false });
      const { jar, cart } = await customerCart(C.acme.email);
      const typed = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        billingAddress: billingAddress(),
      });
      expect([typed.status, typed.body.code]).toEqual([403, 'BILLING_MANAGEMENT_DISABLED']);
      const saved = (await ok(api(h, jar, 'checkout', 'addresses', {}))).addresses!;
      const fixed = saved.find((a) => a.isDefaultBilling)!;
      const edited = (
        await ok(
          api(h, jar, 'checkout', 'update', {
            version: cart.version,
            billingAddress: billingAddress({ id: fixed.id, city: 'Somewhere else' }),
          }),
        )
      ).cart!;
      expect(edited.billingAddress).toMatchObject({ id: fixed.id, city: 'München', email: C.acme.email });
      // Someone else's saved address id is not theirs to use.
      const other = await rows<{ id: string }>(
        ctx.db,
        sql`
        SELECT a.id FROM addresses a JOIN customers c ON c.id = a.customer_id WHERE c.email = ${C.normal.email} LIMIT 1`,
      );
      h.setFeatures({});
      const foreign = await api(h, jar, 'checkout', 'update', {
        version: edited.version,
        billingAddress: billingAddress({ id: other[0]!.id }),
      });
      expect([foreign.status, foreign.body.code]).toEqual([404, 'ADDRESS_NOT_FOUND']);
    });
  });

  describe('shipping methods', () => {
    test('DE offers standard, express and pickup; GB only standard', async () => {
      const { jar } = await guestCart();
      const de = await ok(api(h, jar, 'checkout', 'shippingMethods', { country: 'DE' }));
      expect(de.methods!.map((m) => [m.methodCode, m.amount, m.currency])).toEqual([
        ['standard', 5.95, 'EUR'],
        ['express', 14.95, 'EUR'],
        ['pickup', 0, 'EUR'],
      ]);
      expect(de.methods![0]!.amountInclTax).toBe(7.08);
      const gb = await ok(api(h, jar, 'checkout', 'shippingMethods', { country: 'GB', locale: 'en' }));
      expect(gb.methods!.map((m) => [m.methodCode, m.label])).toEqual([['standard', 'Standard shipping']]);
    });

    test("a GBP cart gets the GBP price, and the method list defaults to the cart's shipping country", async () => {
      const jar = new CookieJar();
      jar.values.set('vsf-currency', 'GBP');
      const cart = (await ok(api(h, jar, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
      expect(cart.currency).toBe('GBP');
      const none = await api(h, jar, 'checkout', 'shippingMethods', {});
      expect([none.status, none.body.code]).toEqual([409, 'SHIPPING_ADDRESS_REQUIRED']);
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          shippingAddress: shippingAddress({ country: 'GB', postalCode: 'SW1A 1AA' }),
        }),
      );
      const gb = await ok(api(h, jar, 'checkout', 'shippingMethods', {}));
      expect(gb.country).toBe('GB');
      expect(gb.methods!.map((m) => [m.methodCode, m.amount, m.currency])).toEqual([['standard', 5.5, 'GBP']]);
      // Express has a GBP price but does not serve GB; pickup has no GBP price at all.
      const de = await ok(api(h, jar, 'checkout', 'shippingMethods', { country: 'DE' }));
      expect(de.methods!.map((m) => [m.methodCode, m.amount])).toEqual([
        ['standard', 5.5],
        ['express', 12.95],
      ]);
    });

    test('without price permission the methods are listed without prices; a client-sent shipping price is refused', async () => {
      const { jar, cart } = await guestCart();
      const withAddress = (
        await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: shippingAddress() }))
      ).cart!;
      const priced = await api(h, jar, 'checkout', 'update', {
        version: withAddress.version,
        shippingMethod: { methodCode: 'express', amount: 0 },
      });
      expect([priced.status, priced.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      h.cart.settings.guestPrices = false;
      const hidden = await ok(api(h, jar, 'checkout', 'shippingMethods', {}));
      expect(hidden.methods!.map((m) => [m.methodCode, m.amount, m.amountInclTax])).toEqual([
        ['standard', null, null],
        ['express', null, null],
        ['pickup', null, null],
      ]);
    });

    test('a method that does not serve the country, or does not exist, answers 400 and is not stored', async () => {
      const { jar, cart } = await guestCart();
      const noAddress = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingMethod: { methodCode: 'standard' },
      });
      expect([noAddress.status, noAddress.body.code]).toEqual([409, 'SHIPPING_ADDRESS_REQUIRED']);
      const gb = (
        await ok(
          api(h, jar, 'checkout', 'update', {
            version: cart.version,
            shippingAddress: shippingAddress({ country: 'GB', postalCode: 'SW1A 1AA' }),
          }),
        )
      ).cart!;
      for (const methodCode of ['express', 'pickup', 'teleport']) {
        const refused = await api(h, jar, 'checkout', 'update', {
          version: gb.version,
          shippingMethod: { methodCode },
        });
        expect([refused.status, refused.body.code], methodCode).toEqual([400, 'SHIPPING_METHOD_UNAVAILABLE']);
      }
      const now = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
      expect([now.version, now.shippingMethod]).toEqual([gb.version, null]);
    });

    test('the chosen method is priced into the totals and disappears when the shipping country changes', async () => {
      const { jar, cart } = await guestCart();
      let now = (
        await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: shippingAddress() }))
      ).cart!;
      now = (
        await ok(api(h, jar, 'checkout', 'update', { version: now.version, shippingMethod: { methodCode: 'express' } }))
      ).cart!;
      expect(now.shippingMethod).toEqual({ methodCode: 'express' });
      const withExpress = now.totals!;
      now = (
        await ok(
          api(h, jar, 'checkout', 'update', {
            version: now.version,
            // France: no express there, and (the shop's own VAT for an EU consumer) the goods' VAT stays.
            shippingAddress: shippingAddress({ country: 'FR', postalCode: '75001' }),
          }),
        )
      ).cart!;
      expect(now.shippingMethod).toBeNull();
      // The step guards see the shipping step as not done any more (billing and payment redirect back).
      expect(guardCart(now)).toEqual({
        itemCount: 1,
        hasShippingAddress: true,
        hasShippingMethod: false,
        hasBillingAddress: false,
      });
      // 14.95 net express shipping is no longer charged.
      expect(Math.round((withExpress.grandTotalIncTax - now.totals!.grandTotalIncTax) * 100)).toBe(
        Math.round(14.95 * 1.19 * 100),
      );
      now = (
        await ok(
          api(h, jar, 'checkout', 'update', { version: now.version, shippingMethod: { methodCode: 'standard' } }),
        )
      ).cart!;
      expect(now.shippingMethod).toEqual({ methodCode: 'standard' });
    });
  });

  describe('payment methods', () => {
    test('lists only the configured methods; paypal is the default when offered', async () => {
      const jar = new CookieJar();
      expect(await ok(api(h, jar, 'checkout', 'paymentMethods', {}))).toEqual({
        methods: [{ id: 'invoice' }],
        defaultMethod: 'invoice',
      });
      h.state.payments = ALL_PAYMENTS;
      expect(await ok(api(h, jar, 'checkout', 'paymentMethods', {}))).toEqual({
        methods: [{ id: 'invoice' }, { id: 'stripe' }, { id: 'stripe-debit' }, { id: 'paypal' }],
        defaultMethod: 'paypal',
      });
      h.state.payments = { ...ALL_PAYMENTS, stripeSofort: true };
      expect((await ok(api(h, jar, 'checkout', 'paymentMethods', {}))).methods!.map((m) => m.id)).toContain(
        'stripe-sofort',
      );
    });
  });

  describe('checkout user', () => {
    test('a guest asks for an account with a password of 8+ characters; only its argon2 hash is stored, never returned', async () => {
      await ctx.db.execute(sql`DELETE FROM login_attempts`);
      const { jar, cart } = await guestCart();
      const short = await api(h, jar, 'checkout', 'user', {
        version: cart.version,
        newUser: true,
        userPassword: 'short7!',
      });
      expect([short.status, short.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(details(short.body)).toEqual(['userPassword']);
      const missing = await api(h, jar, 'checkout', 'user', { version: cart.version, newUser: true });
      expect(missing.status).toBe(400);
      const password = 'Geheim-Passw0rt';
      const answer = await api(h, jar, 'checkout', 'user', {
        version: cart.version,
        newUser: true,
        userPassword: password,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.cart).toMatchObject({ newUser: true, version: cart.version + 1 });
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(password);
      expect(text).not.toMatch(/argon2|PasswordHash/i);
      const [row] = await rows<{ hash: string }>(
        ctx.db,
        sql`SELECT new_user_password_hash AS hash FROM carts WHERE id = ${cart.id}`,
      );
      expect(row!.hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify((await ok(api(h, jar, 'cart', 'get', {}))).cart)).not.toMatch(/argon2/);
      // Changing one's mind drops the hash.
      await ok(api(h, jar, 'checkout', 'user', { version: cart.version + 1, newUser: false }));
      const [after] = await rows<{ hash: string | null }>(
        ctx.db,
        sql`SELECT new_user_password_hash AS hash FROM carts WHERE id = ${cart.id}`,
      );
      expect(after!.hash).toBeNull();
    });

    test('a common password or the billing email is refused beside the field, before any hashing, as is a stale cart', async () => {
      const { jar, cart } = await guestCart();
      const email = 'erika.muster@example.com';
      const withBilling = (
        await ok(
          api(h, jar, 'checkout', 'update', { version: cart.version, billingAddress: billingAddress({ email }) }),
        )
      ).cart!;
      const before = argon.hashes;
      const refusals = [
        ['Password123', 'This password is too common. Choose another one.'],
        ['ERIKA.MUSTER@example.com', 'Password must not be your e-mail address.'],
        ['erika.muster', 'Password must not be your e-mail address.'],
      ] as const;
      for (const [userPassword, message] of refusals) {
        const refused = await api(h, jar, 'checkout', 'user', {
          version: withBilling.version,
          newUser: true,
          userPassword,
        });
        expect([refused.status, refused.body.code]).toEqual([400, 'VALIDATION_FAILED']);
        expect(refused.body.details).toEqual([{ path: 'userPassword', message }]);
      }
      const stale = await api(h, jar, 'checkout', 'user', {
        version: cart.version,
        newUser: true,
        userPassword: 'Geheim-Passw0rt',
      });
      expect([stale.status, stale.body.code]).toEqual([409, 'CART_OUTDATED_ERROR']);
      expect(argon.hashes).toBe(before);
    });

    test('account wishes are rate limited per IP, before hashing: 429 with Retry-After', async () => {
      await ctx.db.execute(sql`DELETE FROM login_attempts`);
      for (let i = 0; i < 10; i++) await checkRegistration(ctx.db, 'unknown');
      const { jar, cart } = await guestCart();
      const before = argon.hashes;
      const limited = await api(h, jar, 'checkout', 'user', {
        version: cart.version,
        newUser: true,
        userPassword: 'Geheim-Passw0rt',
      });
      expect([limited.status, limited.body.code]).toEqual([429, 'TOO_MANY_ATTEMPTS']);
      expect(argon.hashes).toBe(before);
      await ctx.db.execute(sql`DELETE FROM login_attempts`);
    });

    test('signed in → 409; registration during checkout disabled → 403', async () => {
      const customer = await customerCart(C.normal.email);
      const signedIn = await api(h, customer.jar, 'checkout', 'user', {
        version: customer.cart.version,
        newUser: true,
        userPassword: 'long-enough-1',
      });
      expect([signedIn.status, signedIn.body.code]).toEqual([409, 'ALREADY_SIGNED_IN']);
      h.setFeatures({ isCheckoutRegistrationEnabled: false });
      const { jar, cart } = await guestCart();
      const disabled = await api(h, jar, 'checkout', 'user', {
        version: cart.version,
        newUser: true,
        userPassword: 'long-enough-1',
      });
      expect([disabled.status, disabled.body.code]).toEqual([403, 'REGISTRATION_DISABLED']);
      const [row] = await rows<{ newUser: boolean }>(
        ctx.db,
        sql`SELECT new_user AS "newUser" FROM carts WHERE id = ${cart.id}`,
      );
      expect(row!.newUser).toBe(false);
    });
  });
});
