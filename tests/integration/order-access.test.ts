// Who reaches an order (src/lib/server/orders/access.ts), on PGlite and PostgreSQL: every operation on
// an order and the order pages' loaders, for every kind of asker. A registered customer's order is its
// signed-in owner's only; a guest order answers whoever holds its secret; everybody else gets the very
// answer a made-up id gets, with nothing of the order in it. Plus the mailed link that turns the
// secret into a cookie, and retries of order creation, which give access back to the placing browser only.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Order } from '#lib/checkout/contract.ts';
import { rows } from '../helpers/raw-rows.ts';
import { orderConfirmationMail } from '#lib/server/mail/order-mail.ts';
import { accountOrder } from '#lib/server/orders/account-pages.ts';
import { grantAccess, mailAccessToken, orderActor } from '#lib/server/orders/access.ts';
import { resolveOrderPage } from '#lib/server/orders/order-page.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CART_COOKIE,
  CUSTOMER_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  customerJar,
  testShopper,
} from '../helpers/cart-harness.ts';
import {
  ALL_PAYMENTS,
  api,
  fakeGateways,
  ok,
  orderRequest,
  orderSuite,
  readyCart,
  type ApiAnswer,
} from '../helpers/order-harness.ts';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-server.ts';
import { startFakePayPal, type FakePayPal } from '../fakes/paypal-server.ts';

/** The access cookie as browsers hold it; renaming it would lock every guest out of their orders. */
const ACCESS_COOKIE = 'vsf-order-access';
const C = DEMO_FIXTURES.customers;

interface Placed {
  order: Order;
  /** The browser that placed it. */
  placer: CookieJar;
  /** The guest order's secret as the placing browser got it; null for a customer's order. */
  secret: string | null;
  /** A Stripe payment attempt of the order, for complete payment. */
  reference: string;
}

const secretIn = (jar: CookieJar, orderId: string): string | null =>
  orderActor(jar.forRequest(), null).secrets.get(orderId) ?? null;

/** A browser that holds these `id.secret` cookie entries (and is signed in as `customerId`, if given). */
function browserWith(entries: [string, string][], customerId?: string): CookieJar {
  const jar = new CookieJar();
  if (entries.length > 0) jar.values.set(ACCESS_COOKIE, entries.map(([id, s]) => `${id}.${s}`).join('~'));
  if (customerId) jar.values.set(CUSTOMER_COOKIE, customerId);
  return jar;
}

const aSecret = () => randomBytes(32).toString('base64url');

forEachDatabase('order access', (ctx) => {
  const h = orderSuite(ctx);
  let stripe: FakeStripe;
  let paypal: FakePayPal;

  beforeAll(async () => {
    [stripe, paypal] = await Promise.all([startFakeStripe({ autoDeliver: false }), startFakePayPal()]);
    h.state.gateways = fakeGateways(stripe, paypal);
  });
  afterAll(async () => {
    await Promise.all([stripe?.stop(), paypal?.stop()]);
  });
  beforeEach(() => {
    h.state.payments = ALL_PAYMENTS;
  });

  /** An invoice order with a Stripe attempt on record (started, then switched back to invoice). */
  async function place(jar: CookieJar): Promise<Placed> {
    const cart = await readyCart(h, jar);
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;
    const started = await ok(
      api(h, jar, 'orders', 'createPayment', { orderId: order.id, paymentMethodCode: 'stripe' }),
    );
    await ok(api(h, jar, 'orders', 'paymentMethod', { orderId: order.id, paymentMethod: 'invoice' }));
    return {
      order,
      placer: jar,
      secret: secretIn(jar, order.id),
      reference: started.payment!.clientSecret!.split('_secret_')[0]!,
    };
  }

  type Operation = (jar: CookieJar, placed: Placed) => Promise<ApiAnswer>;
  const OPERATIONS: Record<string, Operation> = {
    'get order': (jar, p) => api(h, jar, 'orders', 'get', { id: p.order.id }),
    'post comment': (jar, p) => api(h, jar, 'orders', 'comment', { orderId: p.order.id, feedback: 'Quick and easy.' }),
    'post payment method': (jar, p) =>
      api(h, jar, 'orders', 'paymentMethod', { orderId: p.order.id, paymentMethod: 'invoice' }),
    'create payment': (jar, p) =>
      api(h, jar, 'orders', 'createPayment', { orderId: p.order.id, paymentMethodCode: 'invoice', flow: 'pay' }),
    'complete payment': (jar, p) =>
      api(h, jar, 'orders', 'completePayment', { orderId: p.order.id, provider: 'stripe', reference: p.reference }),
    // Last: a confirmed order still answers the others, and the mail goes out once, to the allowed asker.
    'confirm order': (jar, p) => api(h, jar, 'orders', 'confirm', { id: p.order.id }),
  };

  /** What a made-up id gets, per operation: the answer every refused asker must get too. */
  async function madeUpAnswer(op: Operation): Promise<ApiAnswer['body']> {
    const ghost: Placed = {
      order: { id: randomUUID() } as Order,
      placer: new CookieJar(),
      secret: null,
      reference: 'pi_none',
    };
    const { status, body } = await op(new CookieJar(), ghost);
    expect(status).toBe(404);
    return body;
  }

  /** Asserts a refusal identical to the made-up id's, without a trace of the order in it. */
  function expectRefused(answer: ApiAnswer, madeUp: ApiAnswer['body'], placed: Placed, who: string) {
    expect([answer.status, answer.body], who).toEqual([404, madeUp]);
    expect(madeUp).toEqual({ code: 'ORDER_NOT_FOUND', message: 'There is no such order.', status: 404 });
    const text = JSON.stringify(answer.body);
    for (const trace of [placed.order.email, placed.order.transactionnum, 'Mustermann', 'Hauptstraße'])
      expect(text, who).not.toContain(trace);
  }

  const pageLoad = async (jar: CookieJar, placed: Placed, path = `/checkout/thank-you/${placed.order.id}`) =>
    resolveOrderPage(ctx.db, placed.order.id, {
      cookies: jar.forRequest(),
      url: new URL(`http://localhost${path}`),
      shopper: await testShopper(ctx.db, jar.forRequest()),
    });
  /** The scope of a customer's primary user, an admin: every order of the company. */
  const companyScope = (customerId: string) => ({ customerId, userId: null });

  /** Runs every operation and the page loaders for each asker: the allowed ones reach the order, the others get the 404. */
  async function assertMatrix(placed: Placed, askers: Record<string, { jar: CookieJar; allowed: boolean }>) {
    for (const [name, op] of Object.entries(OPERATIONS)) {
      const madeUp = await madeUpAnswer(op);
      // The refused first: none of them may change what the allowed asker then sees.
      const ordered = Object.entries(askers).sort(([, a], [, b]) => Number(a.allowed) - Number(b.allowed));
      for (const [who, { jar, allowed }] of ordered) {
        const answer = await op(jar, placed);
        if (allowed) {
          expect(answer.status, `${name} by ${who}: ${JSON.stringify(answer.body)}`).toBe(200);
          expect(answer.body.order?.id).toBe(placed.order.id);
        } else expectRefused(answer, madeUp, placed, `${name} by ${who}`);
      }
    }
    for (const [who, { jar, allowed }] of Object.entries(askers)) {
      for (const path of [
        `/checkout/thank-you/${placed.order.id}`,
        `/en/pay/${placed.order.id}`,
        `/order-payment/${placed.order.id}/failed`,
      ]) {
        const page = await pageLoad(jar, placed, path);
        expect(page.kind, `${path} for ${who}`).toBe(allowed ? 'order' : 'not-found');
      }
    }
  }

  describe('the matrix', () => {
    test("a customer's order: its signed-in owner only; no secret makes anybody else its owner", async () => {
      const owner = await customerJar(ctx.db, C.normal.email);
      const placed = await place(owner);
      expect(placed.secret).toBeNull();
      const [row] = await rows<{ hash: string | null }>(
        ctx.db,
        sql`SELECT access_secret_hash AS hash FROM orders WHERE id = ${placed.order.id}`,
      );
      expect(row!.hash).toBeNull();
      const guest = await place(new CookieJar());
      await assertMatrix(placed, {
        owner: { jar: owner, allowed: true },
        'another signed-in customer': { jar: await customerJar(ctx.db, C.acme.email), allowed: false },
        'a guest with the id only': { jar: new CookieJar(), allowed: false },
        'a guest with a made-up secret': { jar: browserWith([[placed.order.id, aSecret()]]), allowed: false },
        "a guest with another order's secret": {
          jar: browserWith([
            [guest.order.id, guest.secret!],
            [placed.order.id, guest.secret!],
          ]),
          allowed: false,
        },
      });
      expect(h.state.mails.filter((m) => m.order.id === placed.order.id).map((m) => m.access)).toEqual([null]);

      // The account page: the owner's, nobody else's (and never a guest order, whatever secret is held).
      expect((await accountOrder(ctx.db, placed.order.id, companyScope(owner.values.get(CUSTOMER_COOKIE)!)))?.id).toBe(
        placed.order.id,
      );
      const acme = companyScope((await customerJar(ctx.db, C.acme.email)).values.get(CUSTOMER_COOKIE)!);
      expect(await accountOrder(ctx.db, placed.order.id, acme)).toBeNull();
      expect(await accountOrder(ctx.db, guest.order.id, acme)).toBeNull();
      expect(await accountOrder(ctx.db, randomUUID(), acme)).toBeNull();
    });

    test("a guest order: whoever holds its secret; the id, a wrong secret or another order's secret are a made-up id", async () => {
      const placed = await place(new CookieJar());
      expect(placed.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const options = placed.placer.lastSet.get(ACCESS_COOKIE)!;
      expect(options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/', secure: false });
      // Only the secret's hash is stored.
      const [row] = await rows<{ hash: string }>(
        ctx.db,
        sql`SELECT access_secret_hash AS hash FROM orders WHERE id = ${placed.order.id}`,
      );
      expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.hash).not.toContain(placed.secret);
      const other = await place(new CookieJar());
      const acme = (await customerJar(ctx.db, C.acme.email)).values.get(CUSTOMER_COOKIE)!;
      await assertMatrix(placed, {
        'the placing browser': { jar: placed.placer, allowed: true },
        'a guest with the secret (another device)': {
          jar: browserWith([[placed.order.id, placed.secret!]]),
          allowed: true,
        },
        'a signed-in customer with the secret': {
          jar: browserWith([[placed.order.id, placed.secret!]], acme),
          allowed: true,
        },
        'a guest with the id only': { jar: new CookieJar(), allowed: false },
        'a guest with a wrong secret': { jar: browserWith([[placed.order.id, aSecret()]]), allowed: false },
        "a guest with another order's secret": {
          jar: browserWith([
            [other.order.id, other.secret!],
            [placed.order.id, other.secret!],
          ]),
          allowed: false,
        },
        'a signed-in customer without it': { jar: await customerJar(ctx.db, C.acme.email), allowed: false },
      });
      // The confirmation went out once, with the order's mail token for its link: not the cookie's
      // secret, which only the browser that placed the order ever saw.
      const sent = h.state.mails.filter((m) => m.order.id === placed.order.id).map((m) => m.access);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(sent[0]).not.toBe(placed.secret);
    });

    test('a guest order from before secrets existed is reachable by nobody', async () => {
      const placed = await place(new CookieJar());
      await ctx.db.execute(sql`UPDATE orders SET access_secret_hash = NULL WHERE id = ${placed.order.id}`);
      await assertMatrix(placed, {
        'the placing browser': { jar: placed.placer, allowed: false },
        'a signed-in customer with its old secret': {
          jar: browserWith(
            [[placed.order.id, placed.secret!]],
            (await customerJar(ctx.db, C.normal.email)).values.get(CUSTOMER_COOKIE)!,
          ),
          allowed: false,
        },
      });
    });
  });

  describe('the mailed link', () => {
    test('the link carries the mail token; opening it sets the cookie and redirects to the address without it', async () => {
      const placed = await place(new CookieJar());
      await ok(api(h, placed.placer, 'orders', 'confirm', { id: placed.order.id }));
      const mail = h.state.mails.find((m) => m.order.id === placed.order.id)!;
      const link = new URL(
        (await orderConfirmationMail(mail.order, 'en', 'Shop', null, mail.access)).html
          .match(/href="([^"]*\/order\/[^"]*)"/)![1]!
          .replaceAll('&amp;', '&'),
      );
      expect(link.pathname).toBe(`/en/order/${placed.order.id}`);
      const token = link.searchParams.get('access')!;
      expect(token).toBe(mail.access);

      // Another device opens it: redirected to the clean address (other parameters kept), the cookie set.
      const device = new CookieJar();
      const opened = await pageLoad(
        device,
        placed,
        `${link.pathname}?utm_source=mail&access=${encodeURIComponent(token)}`,
      );
      expect(opened).toEqual({ kind: 'redirect', to: `/en/order/${placed.order.id}?utm_source=mail` });
      expect(device.lastSet.get(ACCESS_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
      expect((await pageLoad(device, placed)).kind).toBe('order');
      expect((await ok(api(h, device, 'orders', 'get', { id: placed.order.id }))).order!.email).toBe(
        placed.order.email,
      );
    });

    test('a webhook confirming a guest order still mails a link that opens it on another device', async () => {
      const placed = await place(new CookieJar());
      // No browser is involved in the confirmation: the token is derived from what the database holds.
      await ctx.db.execute(sql`UPDATE orders SET status = 'confirmed', confirmed = true WHERE id = ${placed.order.id}`);
      const [row] = await rows<{ id: string; customerId: null; userId: null; accessSecretHash: string }>(
        ctx.db,
        sql`SELECT id, customer_id AS "customerId", user_id AS "userId", access_secret_hash AS "accessSecretHash" FROM orders WHERE id = ${placed.order.id}`,
      );
      const token = mailAccessToken(row!)!;
      const device = new CookieJar();
      await pageLoad(device, placed, `/pay/${placed.order.id}?access=${encodeURIComponent(token)}`);
      expect((await ok(api(h, device, 'orders', 'get', { id: placed.order.id }))).order!.id).toBe(placed.order.id);
    });

    test('a wrong secret redirects the same way and sets nothing; the page is then the 404', async () => {
      const placed = await place(new CookieJar());
      for (const secret of [aSecret(), 'short', placed.secret!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
        const device = new CookieJar();
        const opened = await pageLoad(device, placed, `/pay/${placed.order.id}?access=${encodeURIComponent(secret)}`);
        expect(opened).toEqual({ kind: 'redirect', to: `/pay/${placed.order.id}` });
        expect(device.values.has(ACCESS_COOKIE)).toBe(false);
        expect((await pageLoad(device, placed, `/pay/${placed.order.id}`)).kind).toBe('not-found');
      }
    });

    test("a customer's order links to the account page, without a secret", async () => {
      const owner = await customerJar(ctx.db, C.normal.email);
      const placed = await place(owner);
      const mail = await orderConfirmationMail(placed.order, 'de', 'Shop', null, null);
      expect(mail.html).toContain(`/my-account/order-history/${placed.order.id}"`);
      expect(mail.html).not.toContain('access=');
      // A secret made up for it is no key either.
      const device = new CookieJar();
      expect((await pageLoad(device, placed, `/checkout/thank-you/${placed.order.id}?access=${aSecret()}`)).kind).toBe(
        'redirect',
      );
      expect(device.values.has(ACCESS_COOKIE)).toBe(false);
    });

    test('the cookie is Secure on https and keeps the 10 newest orders of a browser', () => {
      const jar = new CookieJar();
      const cookies = jar.forRequest();
      const ids = Array.from({ length: 12 }, () => randomUUID());
      for (const id of ids) grantAccess(cookies, new URL('https://shop.example/checkout'), id, aSecret());
      expect(jar.lastSet.get(ACCESS_COOKIE)).toMatchObject({ secure: true, httpOnly: true });
      const held = orderActor(cookies, null).secrets;
      expect([...held.keys()]).toEqual(ids.slice(2).reverse());
      expect(jar.values.get(ACCESS_COOKIE)!.length).toBeLessThan(1000);
    });
  });

  describe('retries of order creation', () => {
    test('a guest whose answer got lost gets the order with its mail token; both answers of a double click open it', async () => {
      const jar = new CookieJar();
      const cart = await readyCart(h, jar);
      const request = orderRequest(cart);
      const before = new CookieJar();
      for (const [name, value] of jar.values) before.values.set(name, value);
      const first = await ok(api(h, jar, 'orders', 'create', request));
      const lostSecret = secretIn(jar, first.order!.id)!;

      // The browser never saw that answer: it still has its cart cookie and no secret.
      expect(before.values.get(CART_COOKIE)).toBe(cart.id);
      const retried = await ok(api(h, before, 'orders', 'create', request));
      expect([retried.created, retried.order!.id]).toEqual([false, first.order!.id]);
      const token = secretIn(before, first.order!.id)!;
      expect(token).not.toBe(lostSecret);
      expect(before.values.has(CART_COOKIE)).toBe(false);
      expect((await api(h, before, 'orders', 'get', { id: first.order!.id })).status).toBe(200);
      // Whichever of the two answers a browser applied last, it keeps access: the token is derived, not
      // a replacement, so the first answer's secret was not revoked by the retry.
      expect(
        (await api(h, browserWith([[first.order!.id, lostSecret]]), 'orders', 'get', { id: first.order!.id })).status,
      ).toBe(200);
      const again = new CookieJar();
      for (const [name, value] of jar.values) again.values.set(name, value);
      again.values.set(CART_COOKIE, cart.id);
      await ok(api(h, again, 'orders', 'create', request));
      expect(secretIn(again, first.order!.id)).toBe(lostSecret);
    });

    test('a browser that got the answer keeps its secret on a retry (a double click)', async () => {
      const jar = new CookieJar();
      const request = orderRequest(await readyCart(h, jar));
      const first = await ok(api(h, jar, 'orders', 'create', request));
      const secret = secretIn(jar, first.order!.id);
      expect((await ok(api(h, jar, 'orders', 'create', request))).created).toBe(false);
      expect(secretIn(jar, first.order!.id)).toBe(secret);
      expect((await api(h, jar, 'orders', 'get', { id: first.order!.id })).status).toBe(200);
    });

    test('somebody else with the key and the cart id learns nothing and gets no secret', async () => {
      for (const placer of [new CookieJar(), await customerJar(ctx.db, C.normal.email)]) {
        const request = orderRequest(await readyCart(h, placer));
        const first = await ok(api(h, placer, 'orders', 'create', request));
        for (const stranger of [new CookieJar(), await customerJar(ctx.db, C.acme.email)]) {
          const answer = await api(h, stranger, 'orders', 'create', request);
          expect([answer.status, answer.body.code]).toEqual([404, 'CART_NOT_FOUND']);
          expect(JSON.stringify(answer.body)).not.toContain(first.order!.email);
          expect(stranger.values.has(ACCESS_COOKIE)).toBe(false);
        }
        // The placing browser still reaches it with what it holds.
        expect((await api(h, placer, 'orders', 'get', { id: first.order!.id })).status).toBe(200);
      }
    });
  });
});
