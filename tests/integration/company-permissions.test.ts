// The permission matrix of company accounts, on both databases: every account and order operation, for
// every role (admin, buyer, approver, viewer; src/lib/account/roles.ts), on data of the user's own
// company and of another company. A role without the permission gets 403 PERMISSION_DENIED naming it;
// what a role may not see (a colleague's order without "see all orders", a colleague's cart: carts are
// per user) and anything of another company is the 404 of a made-up id; a guest is 401.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { rows } from '../helpers/raw-rows.ts';
import {
  CUSTOMER_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  callHandler,
  customerJar,
  newCompanyUser,
  testCartDeps,
} from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, readyCart, type ApiAnswer } from '../helpers/order-harness.ts';
import { addressesRoutes } from '#lib/server/addresses/handlers.ts';
import { companyUsersRoutes } from '#lib/server/company-users/handlers.ts';
import { backgroundSettled } from '#lib/server/mail/background.ts';
import { useTemporaryDataDir } from '../helpers/accounts.ts';
import { ROLES, type Role } from '#lib/account/roles.ts';
import { authenticate } from '#lib/server/auth/login.ts';

// Invitation mails land in a private outbox, not in the working copy's .data/.
useTemporaryDataDir();

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

type Outcome = 200 | 201 | 401 | 403 | 404 | 409;
type Asker = Role | 'other company' | 'guest';
const ASKERS: readonly Asker[] = [...ROLES, 'other company', 'guest'];

forEachDatabase('company permissions', (ctx) => {
  const h = orderSuite(ctx);
  const addresses = addressesRoutes({
    db: async () => ctx.db,
    shopper: testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }).shopper,
    features: async () => h.state.features,
  });
  const users = companyUsersRoutes({
    db: async () => ctx.db,
    shopper: testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }).shopper,
  });
  const jars = {} as Record<Asker, CookieJar>;
  /** Users the Users page's operations act on: a viewer and an invited user of acme, and a user of another company. */
  const targets = { own: '', invited: '', other: '' };
  /** Orders of the acme company: one its admin placed, one a buyer placed; and one of another company. */
  const orders = { admin: '', buyer: '', other: '' };
  let ownAddress = '';
  let otherAddress = '';

  /** A user of the acme company with this role, signed in (the harness's cookie names the user). */
  async function userJar(role: Role): Promise<CookieJar> {
    if (role === 'admin') return customerJar(ctx.db, C.acme.email);
    return (await newCompanyUser(ctx.db, C.acme.email, role)).jar;
  }

  async function place(jar: CookieJar): Promise<string> {
    const cart = await readyCart(h, jar, { sku: P.available, quantity: 1 });
    const created = await api(h, jar, 'orders', 'create', orderRequest(cart));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.order!.id;
  }

  async function firstAddress(jar: CookieJar): Promise<string> {
    const [row] = await rows<{ id: string }>(
      ctx.db,
      sql`SELECT id FROM addresses WHERE customer_id = (SELECT customer_id FROM customer_users WHERE id = ${jar.values.get(CUSTOMER_COOKIE)}) LIMIT 1`,
    );
    return row!.id;
  }

  beforeAll(async () => {
    for (const role of ROLES) jars[role] = await userJar(role);
    jars['other company'] = await customerJar(ctx.db, C.normal.email);
    jars.guest = new CookieJar();
    orders.admin = await place(jars.admin);
    orders.buyer = await place(jars.buyer);
    orders.other = await place(jars['other company']);
    targets.own = jars.viewer.values.get(CUSTOMER_COOKIE)!;
    targets.other = jars['other company'].values.get(CUSTOMER_COOKIE)!;
    const [invited] = await rows<{ id: string }>(
      ctx.db,
      sql`INSERT INTO customer_users (customer_id, email, name, role, status)
          SELECT customer_id, ${`invited-${randomUUID().slice(0, 8)}@acme.example`}, 'Invited', 'buyer', 'invited'
          FROM customer_users WHERE id = ${jars.admin.values.get(CUSTOMER_COOKIE)} RETURNING id`,
    );
    targets.invited = invited!.id;
    ownAddress = await firstAddress(jars.admin);
    otherAddress = await firstAddress(jars['other company']);
  });

  const addressCall = async (
    op: 'list' | 'save' | 'delete' | 'setDefault',
    jar: CookieJar,
    body: unknown,
  ): Promise<ApiAnswer> => {
    if (op !== 'list') return callHandler<ApiAnswer['body']>(addresses[op], jar, `/api/account/addresses/${op}`, body);
    // GET reads the query: no body.
    const url = new URL('http://localhost/api/account/addresses');
    const response = await (addresses.list as APIRoute)({
      request: new Request(url),
      url,
      cookies: jar.forRequest(),
    } as never);
    return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
  };

  /**
   * The admin's cart as it is now, with a line: every asker aims at it; only the admin reaches it, whatever
   * their role, colleagues and everybody else get the 404 of a cart that is not theirs.
   */
  async function adminCart(): Promise<{ cartId: string; version: number; lineId: string }> {
    let cart = (await api(h, jars.admin, 'cart', 'get', {})).body.cart;
    if (!cart?.cartItems.length)
      cart = (await ok(api(h, jars.admin, 'cart', 'add', { sku: P.available, quantity: 1 }))).cart!;
    return { cartId: cart.id, version: cart.version, lineId: cart.cartItems[0]!.id };
  }

  const usersCall = async (op: Exclude<keyof typeof users, 'list'>, jar: CookieJar, body: unknown) => {
    const answer = await callHandler<ApiAnswer['body']>(users[op], jar, `/api/account/company-users/${op}`, body);
    await backgroundSettled();
    return answer;
  };
  const listUsers = async (jar: CookieJar): Promise<ApiAnswer> => {
    const url = new URL('http://localhost/api/account/company-users');
    const response = await (users.list as APIRoute)({
      request: new Request(url),
      url,
      cookies: jar.forRequest(),
    } as never);
    return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
  };
  const invitation = () => ({
    name: 'New Colleague',
    email: `new-${randomUUID().slice(0, 8)}@example.com`,
    role: 'buyer',
    locale: 'de',
  });

  const address = {
    firstName: 'Erika',
    lastName: 'Mustermann',
    street: 'Hauptstraße 5',
    city: 'Stuttgart',
    postalCode: '70173',
    country: 'DE',
  };

  /** Each operation with what every asker gets: own-company data first, then another company's. */
  const MATRIX: { name: string; run: (jar: CookieJar) => Promise<ApiAnswer>; expect: Record<Asker, Outcome> }[] = [
    {
      name: 'place an order (the checkout)',
      run: async (jar) => {
        const cart = await readyCart(h, jar, { sku: P.available, quantity: 1 });
        return api(h, jar, 'orders', 'create', orderRequest(cart));
      },
      expect: { admin: 200, buyer: 200, approver: 403, viewer: 403, 'other company': 200, guest: 200 },
    },
    {
      name: "read the admin's order",
      run: (jar) => api(h, jar, 'orders', 'get', { id: orders.admin }),
      expect: { admin: 200, buyer: 404, approver: 200, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "read the buyer's order",
      run: (jar) => api(h, jar, 'orders', 'get', { id: orders.buyer }),
      expect: { admin: 200, buyer: 200, approver: 200, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "read another company's order",
      run: (jar) => api(h, jar, 'orders', 'get', { id: orders.other }),
      expect: { admin: 404, buyer: 404, approver: 404, viewer: 404, 'other company': 200, guest: 404 },
    },
    {
      name: "comment on the buyer's order",
      run: (jar) => api(h, jar, 'orders', 'comment', { orderId: orders.buyer, feedback: 'Quick delivery.' }),
      expect: { admin: 200, buyer: 200, approver: 403, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "choose the payment method of the buyer's order",
      run: (jar) => api(h, jar, 'orders', 'paymentMethod', { orderId: orders.buyer, paymentMethod: 'invoice' }),
      expect: { admin: 200, buyer: 200, approver: 403, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "order the buyer's order again",
      run: (jar) => api(h, jar, 'orders', 'reorder', { id: orders.buyer }),
      expect: { admin: 200, buyer: 200, approver: 403, viewer: 404, 'other company': 404, guest: 401 },
    },
    {
      name: "order another company's order again",
      run: (jar) => api(h, jar, 'orders', 'reorder', { id: orders.other }),
      expect: { admin: 404, buyer: 404, approver: 404, viewer: 404, 'other company': 200, guest: 401 },
    },
    {
      name: "read the admin's cart",
      run: async (jar) => api(h, jar, 'cart', 'get', { cartId: (await adminCart()).cartId }),
      expect: { admin: 200, buyer: 404, approver: 404, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "add to the admin's cart",
      run: async (jar) =>
        api(h, jar, 'cart', 'add', { cartId: (await adminCart()).cartId, sku: P.available, quantity: 1 }),
      expect: { admin: 200, buyer: 404, approver: 404, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "change a line of the admin's cart",
      run: async (jar) => api(h, jar, 'cart', 'quantity', { ...(await adminCart()), quantity: 2 }),
      expect: { admin: 200, buyer: 404, approver: 404, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "remove a line of the admin's cart",
      run: async (jar) => {
        const { cartId, version, lineId } = await adminCart();
        return api(h, jar, 'cart', 'remove', { cartId, version, lineId });
      },
      expect: { admin: 200, buyer: 404, approver: 404, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: "delete the admin's cart",
      run: async (jar) => {
        const { cartId, version } = await adminCart();
        return api(h, jar, 'cart', 'delete', { cartId, version });
      },
      // After the admin's own delete, adminCart() opens the next cart the others aim at.
      expect: { admin: 200, buyer: 404, approver: 404, viewer: 404, 'other company': 404, guest: 404 },
    },
    {
      name: 'list the address book',
      run: (jar) => addressCall('list', jar, {}),
      expect: { admin: 200, buyer: 200, approver: 200, viewer: 200, 'other company': 200, guest: 401 },
    },
    {
      name: 'save an address',
      run: (jar) => addressCall('save', jar, { address }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 200, guest: 401 },
    },
    {
      name: 'make an own address the default',
      run: (jar) => addressCall('setDefault', jar, { id: ownAddress, kind: 'shipping' }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "delete another company's address",
      run: (jar) => addressCall('delete', jar, { id: otherAddress }),
      expect: { admin: 404, buyer: 403, approver: 403, viewer: 403, 'other company': 200, guest: 401 },
    },
    {
      name: 'list the company users',
      run: (jar) => listUsers(jar),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 200, guest: 401 },
    },
    {
      name: 'invite a user',
      run: (jar) => usersCall('invite', jar, invitation()),
      expect: { admin: 201, buyer: 403, approver: 403, viewer: 403, 'other company': 201, guest: 401 },
    },
    {
      name: 'send an invitation again',
      run: (jar) => usersCall('resend', jar, { id: targets.invited }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "change a colleague's role",
      run: (jar) => usersCall('changeRole', jar, { id: targets.own, role: 'viewer' }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: 'enable a colleague',
      run: (jar) => usersCall('setStatus', jar, { id: targets.own, action: 'enable' }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "change the role of another company's user",
      run: (jar) => usersCall('changeRole', jar, { id: targets.other, role: 'admin' }),
      expect: { admin: 404, buyer: 403, approver: 403, viewer: 403, 'other company': 200, guest: 401 },
    },
    {
      name: "disable another company's user",
      run: (jar) => usersCall('setStatus', jar, { id: targets.other, action: 'disable' }),
      // Its own (only) admin may not disable itself: LAST_ADMIN, not a permission question.
      expect: { admin: 404, buyer: 403, approver: 403, viewer: 403, 'other company': 409, guest: 401 },
    },
    {
      name: "approve the buyer's order waiting for approval",
      run: async (jar) => api(h, jar, 'orders', 'decide', { orderId: await waiting(), decision: 'approved' }),
      expect: { admin: 200, buyer: 403, approver: 200, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "reject the buyer's order waiting for approval",
      run: async (jar) =>
        api(h, jar, 'orders', 'decide', { orderId: await waiting(), decision: 'rejected', comment: 'Not now.' }),
      expect: { admin: 200, buyer: 403, approver: 200, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "set the buyer's order limit and monthly budget",
      run: (jar) =>
        api(h, jar, 'orders', 'budgets', {
          userId: jars.buyer.values.get(CUSTOMER_COOKIE),
          orderLimit: '',
          monthlyBudget: '',
        }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 404, guest: 401 },
    },
    {
      name: "set the company's monthly budget",
      run: (jar) => api(h, jar, 'orders', 'budgets', { monthlyBudget: '' }),
      expect: { admin: 200, buyer: 403, approver: 403, viewer: 403, 'other company': 200, guest: 401 },
    },
  ];

  /** A new order of the acme buyer that waits for approval (its limit is 0 while it is placed). */
  async function waiting(): Promise<string> {
    const buyer = jars.buyer.values.get(CUSTOMER_COOKIE);
    await ctx.db.execute(sql`UPDATE customer_users SET order_limit_cents = 0 WHERE id = ${buyer}`);
    try {
      return await place(jars.buyer);
    } finally {
      await ctx.db.execute(sql`UPDATE customer_users SET order_limit_cents = NULL WHERE id = ${buyer}`);
    }
  }

  describe.each(MATRIX)('$name', ({ run, expect: outcomes }) => {
    test.each(ASKERS.map((asker) => [asker, outcomes[asker]] as const))('%s: %i', async (asker, outcome) => {
      const answer = await run(jars[asker]);
      expect(answer.status, JSON.stringify(answer.body)).toBe(outcome);
      if (outcome === 403) expect(answer.body.code).toBe('PERMISSION_DENIED');
    });
  });

  test('the order history: all of the company for roles that see all orders, else the own; never another company', async () => {
    const seen = async (asker: Asker) => {
      const answer = await api(h, jars[asker], 'orders', 'list', { limit: 50, offset: 0 });
      expect(answer.status).toBe(200);
      return new Set((answer.body as { orders: { id: string }[] }).orders.map((o) => o.id));
    };
    for (const role of ['admin', 'approver'] as const) {
      const ids = await seen(role);
      expect([ids.has(orders.admin), ids.has(orders.buyer), ids.has(orders.other)], role).toEqual([true, true, false]);
    }
    const buyer = await seen('buyer');
    expect([buyer.has(orders.admin), buyer.has(orders.buyer), buyer.has(orders.other)]).toEqual([false, true, false]);
    expect((await seen('viewer')).size).toBe(0);
    expect((await api(h, jars.guest, 'orders', 'list', { limit: 10, offset: 0 })).status).toBe(401);
  });

  test('the demo seed makes acme a company: its admin, two buyers and an approver sign in with the demo password', async () => {
    const users = [{ ...C.acme, role: 'admin' }, ...Object.values(DEMO_FIXTURES.acmeUsers)];
    for (const [i, user] of users.entries()) {
      const account = await authenticate(
        ctx.db,
        { username: user.email, password: user.password },
        `192.0.2.${40 + i}`,
      );
      expect([account.customer.customernum, account.user.role], user.email).toEqual([C.acme.customernum, user.role]);
    }
  });

  test('an order records the user who placed it', async () => {
    const [row] = await rows<{ userId: string }>(
      ctx.db,
      sql`SELECT user_id AS "userId" FROM orders WHERE id = ${orders.buyer}`,
    );
    expect(row!.userId).toBe(jars.buyer.values.get(CUSTOMER_COOKIE));
  });
});
