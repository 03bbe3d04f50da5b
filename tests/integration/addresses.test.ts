// The address book (src/lib/server/addresses) through its endpoints, on PGlite and PostgreSQL: add,
// update, delete, defaults; the settings that lock billing addresses and defaults (refused on the
// server, not only hidden); another customer's address is the same 404 as a made-up id on every
// operation and is left untouched; strict requests; and an order keeps the address it was placed with
// after the address is deleted. Each test signs in a customer of its own, so tests cannot see each
// other's addresses.
import { randomUUID } from 'node:crypto';
import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { addressesRoutes } from '#lib/server/addresses/handlers.ts';
import { MAX_SAVED_ADDRESSES } from '#lib/addresses/rules.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import { rows } from '../helpers/raw-rows.ts';
import { forEachDatabase } from '../helpers/databases.ts';
import { CUSTOMER_COOKIE, CookieJar, DEMO_FIXTURES, callHandler, testCartDeps } from '../helpers/cart-harness.ts';
import { api, ok, orderRequest, orderSuite, shippingAddress } from '../helpers/order-harness.ts';

type Op = 'list' | 'save' | 'delete' | 'setDefault';
const PATHS: Record<Op, string> = {
  list: '/api/account/addresses',
  save: '/api/account/addresses',
  delete: '/api/account/addresses/delete',
  setDefault: '/api/account/addresses/default',
};
interface Answer {
  status: number;
  body: {
    code?: string;
    address?: SavedAddress;
    addresses?: SavedAddress[];
    details?: { path: string; message: string }[];
  };
}

forEachDatabase('address book', (ctx) => {
  const h = orderSuite(ctx);
  const routes = addressesRoutes({
    db: async () => ctx.db,
    shopper: testCartDeps(() => ctx.db, { guestPrices: true, now: undefined }).shopper,
    features: async () => h.state.features,
  });

  async function call(jar: CookieJar, op: Op, body: unknown, init: { raw?: string } = {}): Promise<Answer> {
    if (op === 'list') {
      // GET reads the query: no body.
      const url = new URL(`http://localhost${PATHS.list}`);
      const response = await (routes.list as APIRoute)({
        request: new Request(url),
        url,
        cookies: jar.forRequest(),
      } as never);
      return { status: response.status, body: (await response.json()) as Answer['body'] };
    }
    return callHandler<Answer['body']>(routes[op], jar, PATHS[op], body, init);
  }
  async function done(answer: Promise<Answer>): Promise<Answer['body']> {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  }

  /** A browser signed in as a new customer with no addresses. */
  async function newCustomer(): Promise<{ jar: CookieJar; id: string }> {
    const tag = randomUUID().slice(0, 8);
    const [row] = await rows<{ id: string }>(
      ctx.db,
      sql`
      INSERT INTO customers (email, customernum, first_name, last_name) VALUES (${`addr-${tag}@example.com`}, ${`A${tag}`}, 'Ada', 'Adresse')
      RETURNING id`,
    );
    const jar = new CookieJar();
    jar.values.set(CUSTOMER_COOKIE, row!.id);
    return { jar, id: row!.id };
  }

  const add = async (
    jar: CookieJar,
    overrides: Parameters<typeof shippingAddress>[0] = {},
    extra: Record<string, unknown> = {},
  ) => (await done(call(jar, 'save', { address: shippingAddress(overrides), ...extra }))).address!;
  const list = async (jar: CookieJar) => (await done(call(jar, 'list', {}))).addresses!;
  const defaults = (addresses: SavedAddress[]) => ({
    shipping: addresses.filter((a) => a.isDefaultShipping).map((a) => a.city),
    billing: addresses.filter((a) => a.isDefaultBilling).map((a) => a.city),
  });

  describe('CRUD', () => {
    test('add, update by id, delete: the book answers each change', async () => {
      const { jar } = await newCustomer();
      const first = await add(jar, { city: 'Stuttgart' });
      expect(first).toMatchObject({
        city: 'Stuttgart',
        isShipping: true,
        isBilling: true,
        isDefaultShipping: false,
        isDefaultBilling: false,
      });
      const second = await add(jar, { city: 'Ulm', postalCode: '89073', phone: '+49 731 123456' });
      expect((await list(jar)).map((a) => a.city)).toEqual(['Stuttgart', 'Ulm']);

      const updated = await done(
        call(jar, 'save', { address: shippingAddress({ id: first.id, city: 'Esslingen', postalCode: '73728' }) }),
      );
      expect(updated.address).toMatchObject({ id: first.id, city: 'Esslingen', postalCode: '73728' });
      expect(updated.addresses!.map((a) => a.city)).toEqual(['Esslingen', 'Ulm']);

      const afterDelete = (await done(call(jar, 'delete', { id: second.id }))).addresses!;
      expect(afterDelete.map((a) => a.id)).toEqual([first.id]);
      // Deleting again: it is gone, the same 404 as any unknown id.
      expect((await call(jar, 'delete', { id: second.id })).status).toBe(404);
    });

    test("the checkout's validation rules and messages, per field", async () => {
      const { jar } = await newCustomer();
      const bad = await call(jar, 'save', { address: shippingAddress({ postalCode: '!', firstName: '  ' }) });
      expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(bad.body.details).toEqual(
        expect.arrayContaining([
          { path: 'address.postalCode', message: 'Please enter a valid postal code' },
          { path: 'address.firstName', message: 'This field is required' },
        ]),
      );
      h.setFeatures({ company: 'required' });
      const noCompany = await call(jar, 'save', { address: shippingAddress({ company: undefined }) });
      expect([noCompany.status, noCompany.body.details]).toEqual([
        400,
        [{ path: 'address.company', message: 'This field is required' }],
      ]);
      expect(await list(jar)).toEqual([]);
    });

    test('strict requests: unknown keys, bad ids and kinds are 400; a guest is 401', async () => {
      const { jar } = await newCustomer();
      const saved = await add(jar);
      const cases: [Op, unknown][] = [
        ['save', { address: shippingAddress(), extra: 1 }],
        ['save', { address: { ...shippingAddress(), isDefaultShipping: true } }],
        ['save', { address: shippingAddress({ id: 'not-a-uuid' }) }],
        ['delete', { id: saved.id, customerId: randomUUID() }],
        ['delete', { id: 'not-a-uuid' }],
        ['setDefault', { id: saved.id, kind: 'shipping', force: true }],
        ['setDefault', { id: saved.id, kind: 'postal' }],
      ];
      for (const [op, body] of cases) {
        const answer = await call(jar, op, body);
        expect([op, answer.status, answer.body.code]).toEqual([op, 400, 'VALIDATION_FAILED']);
      }
      expect((await call(jar, 'save', {}, { raw: '{not json' })).status).toBe(400);
      const guest = new CookieJar();
      for (const op of ['list', 'save', 'delete', 'setDefault'] as const) {
        const body = {
          list: {},
          save: { address: shippingAddress() },
          delete: { id: saved.id },
          setDefault: { id: saved.id, kind: 'shipping' },
        }[op];
        expect([op, (await call(guest, op, body)).status]).toEqual([op, 401]);
      }
      expect(await list(jar)).toHaveLength(1);
    });
  });

  describe('defaults', () => {
    test('one default of each kind: a new default takes the flag from the old one', async () => {
      const { jar } = await newCustomer();
      const a = await add(jar, { city: 'Stuttgart' }, { defaultShipping: true, defaultBilling: true });
      const b = await add(jar, { city: 'Ulm', postalCode: '89073' });
      expect(defaults(await list(jar))).toEqual({ shipping: ['Stuttgart'], billing: ['Stuttgart'] });
      const after = (await done(call(jar, 'setDefault', { id: b.id, kind: 'shipping' }))).addresses!;
      expect(defaults(after)).toEqual({ shipping: ['Ulm'], billing: ['Stuttgart'] });
      // Defaults come first in the list, as the checkout shows them.
      expect(after[0]!.id).toBe(b.id);
      await done(call(jar, 'setDefault', { id: b.id, kind: 'billing' }));
      expect(defaults(await list(jar))).toEqual({ shipping: ['Ulm'], billing: ['Ulm'] });
      // defaultShipping: false on an update leaves the default where it is.
      await done(
        call(jar, 'save', {
          address: shippingAddress({ id: b.id, city: 'Neu-Ulm', postalCode: '89231' }),
          defaultShipping: false,
        }),
      );
      expect(defaults(await list(jar))).toEqual({ shipping: ['Neu-Ulm'], billing: ['Neu-Ulm'] });
      expect(a.id).not.toBe(b.id);
    });

    test('deleting the default leaves no default of that kind; the other kind is kept', async () => {
      const { jar } = await newCustomer();
      const a = await add(jar, { city: 'Stuttgart' }, { defaultShipping: true });
      await add(jar, { city: 'Ulm', postalCode: '89073' }, { defaultBilling: true });
      const after = (await done(call(jar, 'delete', { id: a.id }))).addresses!;
      expect(defaults(after)).toEqual({ shipping: [], billing: ['Ulm'] });
    });

    test('a default from the book is what the checkout preselects, and the default a checkout save makes shows in the book', async () => {
      const { jar } = await newCustomer();
      const a = await add(jar, { city: 'Stuttgart' }, { defaultShipping: true });
      const seen = (await ok(api(h, jar, 'checkout', 'addresses', {}))).addresses!;
      expect(seen.find((s) => s.isDefaultShipping)?.id).toBe(a.id);
      const cart = (await ok(api(h, jar, 'cart', 'add', { sku: DEMO_FIXTURES.products.available, quantity: 1 }))).cart!;
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          shippingAddress: shippingAddress({ city: 'Aalen', postalCode: '73430' }),
          saveAsDefault: true,
        }),
      );
      const book = await list(jar);
      expect(defaults(book)).toEqual({ shipping: ['Aalen'], billing: [] });
      expect(book.map((x) => x.city).sort()).toEqual(['Aalen', 'Stuttgart']);
    });
  });

  describe('settings refuse on the server', () => {
    test('isDefaultShippingUpdateEnabled off: no new default, and the default itself can be neither edited nor deleted', async () => {
      const { jar } = await newCustomer();
      const a = await add(jar, { city: 'Stuttgart' }, { defaultShipping: true });
      const b = await add(jar, { city: 'Ulm', postalCode: '89073' });
      h.setFeatures({ isDefaultShippingUpdateEnabled: false });
      const refusals = [
        await call(jar, 'setDefault', { id: b.id, kind: 'shipping' }),
        await call(jar, 'save', {
          address: shippingAddress({ city: 'Aalen', postalCode: '73430' }),
          defaultShipping: true,
        }),
        await call(jar, 'save', { address: shippingAddress({ id: a.id, city: 'Aalen', postalCode: '73430' }) }),
        await call(jar, 'delete', { id: a.id }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 'DEFAULT_ADDRESS_LOCKED']));
      // Everything else still works: another address is edited, billing defaults still change.
      await done(call(jar, 'save', { address: shippingAddress({ id: b.id, city: 'Neu-Ulm', postalCode: '89231' }) }));
      await done(call(jar, 'setDefault', { id: b.id, kind: 'billing' }));
      // Asking for what already is changes nothing and is not refused.
      await done(call(jar, 'setDefault', { id: a.id, kind: 'shipping' }));
      expect(defaults(await list(jar))).toEqual({ shipping: ['Stuttgart'], billing: ['Neu-Ulm'] });
      expect(await list(jar)).toHaveLength(2);
    });

    test('isDefaultBillingUpdateEnabled off: the default billing address is fixed', async () => {
      const { jar } = await newCustomer();
      const a = await add(jar, { city: 'Stuttgart' }, { defaultBilling: true });
      const b = await add(jar, { city: 'Ulm', postalCode: '89073' });
      h.setFeatures({ isDefaultBillingUpdateEnabled: false });
      const refusals = [
        await call(jar, 'setDefault', { id: b.id, kind: 'billing' }),
        await call(jar, 'save', { address: shippingAddress({ id: b.id }), defaultBilling: true }),
        await call(jar, 'save', { address: shippingAddress({ id: a.id, city: 'Aalen', postalCode: '73430' }) }),
        await call(jar, 'delete', { id: a.id }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 'DEFAULT_ADDRESS_LOCKED']));
      expect(defaults(await list(jar))).toEqual({ shipping: [], billing: ['Stuttgart'] });
    });

    test('billing management off: billing addresses are read-only, new addresses serve shipping only', async () => {
      const { jar } = await newCustomer();
      const billing = await add(jar, { city: 'München', postalCode: '80331' }, { defaultBilling: true });
      h.setFeatures({ isBillingManagmentEnabled: false });
      const shippingOnly = await add(jar, { city: 'Ulm', postalCode: '89073' });
      expect(shippingOnly).toMatchObject({ isShipping: true, isBilling: false });
      const refusals = [
        await call(jar, 'save', {
          address: shippingAddress({ id: billing.id, city: 'Augsburg', postalCode: '86150' }),
        }),
        await call(jar, 'delete', { id: billing.id }),
        await call(jar, 'setDefault', { id: shippingOnly.id, kind: 'billing' }),
        await call(jar, 'save', { address: shippingAddress(), defaultBilling: true }),
      ];
      expect(refusals.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 'BILLING_MANAGEMENT_DISABLED']));
      // Shipping addresses stay the customer's to manage.
      await done(call(jar, 'setDefault', { id: shippingOnly.id, kind: 'shipping' }));
      await done(call(jar, 'delete', { id: shippingOnly.id }));
      expect((await list(jar)).map((a) => [a.city, a.isDefaultBilling])).toEqual([['München', true]]);
    });
  });

  test("another customer's address: 404 like a made-up id on every operation, and it is left as it was", async () => {
    const owner = await newCustomer();
    const theirs = await add(owner.jar, { city: 'Stuttgart' }, { defaultShipping: true });
    const before = await list(owner.jar);
    const other = await newCustomer();
    await add(other.jar, { city: 'Ulm', postalCode: '89073' });
    const attempts: [Op, unknown][] = [
      ['save', { address: shippingAddress({ id: theirs.id, city: 'Hijacked' }) }],
      ['save', { address: shippingAddress({ id: theirs.id }), defaultShipping: true }],
      ['delete', { id: theirs.id }],
      ['setDefault', { id: theirs.id, kind: 'shipping' }],
      ['setDefault', { id: theirs.id, kind: 'billing' }],
    ];
    for (const [op, body] of attempts) {
      const refused = await call(other.jar, op, body);
      const unknownBody = JSON.parse(JSON.stringify(body).replace(theirs.id, randomUUID())) as unknown;
      const unknown = await call(other.jar, op, unknownBody);
      expect([op, refused.status, refused.body]).toEqual([op, 404, unknown.body]);
    }
    // Even with the settings that would refuse with 403, a foreign id is still only a 404.
    h.setFeatures({ isBillingManagmentEnabled: false, isDefaultShippingUpdateEnabled: false });
    for (const [op, body] of attempts) expect((await call(other.jar, op, body)).status).toBe(404);
    expect(await list(owner.jar)).toEqual(before);
    expect((await list(other.jar)).map((a) => a.city)).toEqual(['Ulm']);
  });

  test('a deleted address stays on the order placed with it; the open cart forgets only its id', async () => {
    const { jar } = await newCustomer();
    const saved = await add(
      jar,
      { city: 'Heilbronn', postalCode: '74072', street: 'Allee 9' },
      { defaultShipping: true, defaultBilling: true },
    );
    const fromSaved = {
      ...shippingAddress({ city: 'Heilbronn', postalCode: '74072', street: 'Allee 9' }),
      id: saved.id,
    };
    let cart = (await ok(api(h, jar, 'cart', 'add', { sku: DEMO_FIXTURES.products.available, quantity: 1 }))).cart!;
    cart = (await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: fromSaved }))).cart!;
    cart = (
      await ok(api(h, jar, 'checkout', 'update', { version: cart.version, shippingMethod: { methodCode: 'standard' } }))
    ).cart!;
    cart = (
      await ok(
        api(h, jar, 'checkout', 'update', {
          version: cart.version,
          billingAddress: { ...fromSaved, email: 'ada@example.com' },
        }),
      )
    ).cart!;
    const order = (await ok(api(h, jar, 'orders', 'create', orderRequest(cart)))).order!;

    // A second cart, mid-checkout with the same saved address.
    let open = (await ok(api(h, jar, 'cart', 'add', { sku: cart.cartItems[0]!.sku, quantity: 1 }))).cart!;
    open = (await ok(api(h, jar, 'checkout', 'update', { version: open.version, shippingAddress: fromSaved }))).cart!;

    await done(call(jar, 'delete', { id: saved.id }));
    expect(await countOfAddress(saved.id)).toBe(0);

    const [stored] = await rows<{
      info: { shippingAddress: Record<string, unknown>; billingAddress: Record<string, unknown> };
    }>(
      ctx.db,
      sql`
      SELECT cart_info AS info FROM orders WHERE id = ${order.id}`,
    );
    expect(stored!.info.shippingAddress).toMatchObject({ street: 'Allee 9', city: 'Heilbronn', postalCode: '74072' });
    expect(stored!.info.billingAddress).toMatchObject({ street: 'Allee 9', city: 'Heilbronn' });
    const read = (await ok(api(h, jar, 'orders', 'get', { id: order.id }))).order!;
    expect(read.cartInfo.shippingAddress).toMatchObject({ city: 'Heilbronn', street: 'Allee 9' });

    // The open cart keeps the address as typed, without the id of the row that is gone, so the
    // checkout can store it again instead of answering 404 for a saved address that no longer exists.
    const again = (await ok(api(h, jar, 'cart', 'get', {}))).cart!;
    expect(again.shippingAddress).toMatchObject({ city: 'Heilbronn', street: 'Allee 9' });
    expect((again.shippingAddress as { id?: string }).id).toBeUndefined();
    expect(again.version).toBeGreaterThan(open.version);
    await ok(api(h, jar, 'checkout', 'update', { version: again.version, shippingAddress: again.shippingAddress }));
  });

  describe('the book holds at most MAX_SAVED_ADDRESSES addresses', () => {
    /** Fills the book up to `count` addresses straight in the database (an address each, as the book saves it). */
    async function fill(customerId: string, count: number): Promise<void> {
      await ctx.db.execute(sql`
        INSERT INTO addresses (customer_id, first_name, last_name, street, city, postal_code, country, is_shipping, is_billing)
        SELECT ${customerId}, 'Ada', 'Adresse', 'Weg ' || n, 'Stuttgart', '70173', 'DE', true, true FROM generate_series(1, ${count}) AS n`);
    }
    const bookSize = async (customerId: string) =>
      Number(
        (
          await rows<{ n: number }>(
            ctx.db,
            sql`SELECT count(*)::int AS n FROM addresses WHERE customer_id = ${customerId}`,
          )
        )[0]!.n,
      );

    test('the 101st address is refused with 409 ADDRESS_BOOK_FULL; editing, deleting and then adding still work', async () => {
      expect(MAX_SAVED_ADDRESSES).toBe(100);
      const { jar, id } = await newCustomer();
      await fill(id, MAX_SAVED_ADDRESSES - 1);
      const last = await add(jar, { city: 'Ulm', postalCode: '89073' });
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);

      const refused = await call(jar, 'save', { address: shippingAddress({ city: 'Zuviel' }), defaultShipping: true });
      expect([refused.status, refused.body]).toEqual([
        409,
        {
          code: 'ADDRESS_BOOK_FULL',
          message: expect.stringContaining(String(MAX_SAVED_ADDRESSES)),
          status: 409,
        },
      ]);
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);
      expect((await list(jar)).some((a) => a.city === 'Zuviel' || a.isDefaultShipping)).toBe(false);

      // A full book is still the customer's to edit and tidy up.
      await done(
        call(jar, 'save', { address: shippingAddress({ id: last.id, city: 'Neu-Ulm' }), defaultShipping: true }),
      );
      await done(call(jar, 'delete', { id: last.id }));
      await add(jar, { city: 'Esslingen' });
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);
    });

    test('the checkout\'s "save as default" is refused at the cap too; a saved address is still chosen', async () => {
      const { jar, id } = await newCustomer();
      await fill(id, MAX_SAVED_ADDRESSES);
      const saved = (await list(jar))[0]!;
      const cart = (await ok(api(h, jar, 'cart', 'add', { sku: DEMO_FIXTURES.products.available, quantity: 1 }))).cart!;
      const refused = await api(h, jar, 'checkout', 'update', {
        version: cart.version,
        shippingAddress: shippingAddress({ city: 'Zuviel' }),
        saveAsDefault: true,
      });
      expect([refused.status, refused.body.code]).toEqual([409, 'ADDRESS_BOOK_FULL']);
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);
      const chosen = {
        ...shippingAddress({ street: saved.street, city: saved.city, postalCode: saved.postalCode }),
        id: saved.id,
      };
      await ok(
        api(h, jar, 'checkout', 'update', { version: cart.version, shippingAddress: chosen, saveAsDefault: true }),
      );
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);
    });

    test('parallel adds to a book one short of full: exactly one gets in', async () => {
      const { jar, id } = await newCustomer();
      await fill(id, MAX_SAVED_ADDRESSES - 1);
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => call(jar, 'save', { address: shippingAddress({ city: `Parallel ${i}` }) })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await bookSize(id)).toBe(MAX_SAVED_ADDRESSES);
    });
  });

  async function countOfAddress(id: string): Promise<number> {
    const [row] = await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM addresses WHERE id = ${id}`);
    return Number(row!.n);
  }
});
