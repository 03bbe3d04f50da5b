// A buyer's requisition lists (issue 37, item 2) through the real endpoints on both databases: create,
// rename, share and delete; another company's list and a colleague's private list are 404 on every
// operation; a list shared to view ('read') cannot be changed by a colleague (a coded error) but goes
// into their cart; one shared to change ('edit') can be changed; the whole list or chosen lines go into
// the cart through the cart's own rules, each refused line reported with the cart's reason; an import
// writes its good rows and reports each bad one with its line; the export reads back through the
// import; the limits are refused with their codes. The signed-in user comes from the test jar's cookie
// as the session would give it (sessions have suites of their own).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import type { APIRoute } from 'astro';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  CUSTOMER_COOKIE,
  CookieJar,
  DEMO_FIXTURES,
  customerJar,
  newCompanyUser,
  seedFixtures,
  testCartDeps,
  testShopper,
} from '../helpers/cart-harness.ts';
import { requisitionListsRoutes } from '#lib/server/requisition-lists/handlers.ts';
import { cartRoutes } from '#lib/server/cart/handlers.ts';
import { spreadsheetRows } from '#lib/server/spreadsheet-rows.ts';
import { listFileRows } from '#lib/requisition-lists/file-rows.ts';
import { MAX_LIST_LINES, MAX_LISTS_PER_USER } from '#lib/requisition-lists/rules.ts';

process.env.LOG_LEVEL = 'warn';

const P = DEMO_FIXTURES.products;
const C = DEMO_FIXTURES.customers;

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer's own shape
  body: any;
  text: string;
}

forEachDatabase('requisition lists', (ctx) => {
  beforeAll(async () => {
    await seedFixtures(ctx.db);
    // More products than a list may hold lines, for its limit.
    await ctx.db.execute(sql`
      INSERT INTO products (sku, itemnum, order_unit, min_quantity, quantity_step)
      SELECT 'RL-' || n, 'RL-' || lpad(n::text, 4, '0'), 'C62', 1, 1 FROM generate_series(1, ${MAX_LIST_LINES + 1}) AS n`);
    // A product sold in twos, at least two.
    await ctx.db.execute(sql`UPDATE products SET min_quantity = 2, quantity_step = 2 WHERE sku = ${P.markedInStock}`);
  });

  const cartDeps = testCartDeps(() => ctx.db, { guestPrices: true, now: undefined });
  const routes = requisitionListsRoutes({
    db: async () => ctx.db,
    shopper: (cookies) => testShopper(ctx.db, cookies),
    cart: cartDeps,
  });
  const cart = cartRoutes(cartDeps);

  /** Calls an endpoint as the jar's browser: JSON for a POST, the query for a GET. */
  async function call(route: APIRoute, jar: CookieJar, path: string, body?: unknown): Promise<Answer> {
    const url = new URL(`http://localhost${path}`);
    const request =
      body === undefined
        ? new Request(url, { method: 'GET' })
        : new Request(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
    const response = await route({ request, url, cookies: jar.forRequest(), clientAddress: '127.0.0.1' } as never);
    // Kept as sent, the byte order mark included.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a CSV */
    }
    return { status: response.status, body: parsed, text };
  }
  const expectError = (r: Answer, code: string, status: number) =>
    expect({ status: r.status, code: r.body?.code }, r.text).toEqual({ status, code });

  const create = async (jar: CookieJar, name: string) => {
    const r = await call(routes.create, jar, '/api/account/lists/create', { name });
    expect(r.status, r.text).toBe(201);
    return r.body.list.id as string;
  };
  const get = (jar: CookieJar, id: string) => call(routes.get, jar, `/api/account/lists/get?id=${id}&locale=en`);
  const lists = async (jar: CookieJar) =>
    (await call(routes.list, jar, '/api/account/lists')).body.lists as { id: string; name: string }[];
  const addLine = (jar: CookieJar, id: string, item: string, quantity: number, note?: string) =>
    call(routes.addLine, jar, '/api/account/lists/add-line', { id, item, quantity, ...(note ? { note } : {}) });
  const share = (jar: CookieJar, id: string, sharing: string) =>
    call(routes.share, jar, '/api/account/lists/share', { id, sharing });
  const addToCart = (jar: CookieJar, id: string, lines?: number[]) =>
    call(routes.addToCart, jar, '/api/account/lists/add-to-cart', { id, ...(lines ? { lines } : {}) });
  const importRows = (jar: CookieJar, id: string, entries: unknown[]) =>
    call(routes.import, jar, '/api/account/lists/import', { id, entries });
  const cartItems = async (jar: CookieJar) => {
    const r = await call(cart.get, jar, '/api/cart/get', {});
    return ((r.body.cart?.cartItems ?? []) as { sku: string; quantity: number }[]).map((l) => [l.sku, l.quantity]);
  };
  const userJar = async (email: string) => {
    const jar = new CookieJar();
    const found = (await ctx.db.execute(sql`SELECT id FROM customer_users WHERE email = ${email}`)) as unknown as {
      rows: { id: string }[];
    };
    jar.values.set(CUSTOMER_COOKIE, found.rows[0]!.id);
    return jar;
  };
  /** Empties the user's carts, so a test sees only what it adds. */
  const clearCart = (jar: CookieJar) =>
    ctx.db.execute(sql`DELETE FROM cart_items WHERE cart_id IN
      (SELECT id FROM carts WHERE user_id = ${jar.values.get(CUSTOMER_COOKIE)!})`);

  describe('owner', () => {
    test('creates, renames, shares and deletes a list; lines are added by item number, sku or own number', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const id = await create(owner, '  Werkstatt  ');
      expect((await lists(owner)).find((l) => l.id === id)?.name).toBe('Werkstatt');
      const byItem = await addLine(owner, id, P.available, 2, 'Regal 3');
      expect(byItem.status, byItem.text).toBe(200);
      expect(byItem.body.line).toMatchObject({ sku: P.available, quantity: 2, note: 'Regal 3' });
      // The company's own number names the same product: the quantity is added, the note kept.
      const own = Object.entries(DEMO_FIXTURES.acmeItemNumbers).find(([sku]) => sku === P.available)![1];
      expect((await addLine(owner, id, own, 3)).body.line).toMatchObject({
        sku: P.available,
        quantity: 5,
        note: 'Regal 3',
      });
      expectError(await addLine(owner, id, 'NO-SUCH-ITEM', 1), 'PRODUCT_NOT_FOUND', 404);
      const renamed = await call(routes.rename, owner, '/api/account/lists/rename', { id, name: 'Werkstatt Süd' });
      expect(renamed.body.list).toMatchObject({ id, name: 'Werkstatt Süd', sharing: 'private', owner: { you: true } });
      expect((await share(owner, id, 'edit')).body.list.sharing).toBe('edit');
      const got = await get(owner, id);
      expect(got.body.lines).toHaveLength(1);
      expect(got.body.list).toMatchObject({ editable: true, lines: 1 });
      const deleted = await call(routes.delete, owner, '/api/account/lists/delete', { id });
      expect(deleted.body.deleted).toEqual({ id, name: 'Werkstatt Süd' });
      expectError(await get(owner, id), 'REQUISITION_LIST_NOT_FOUND', 404);
    });

    test('a line is changed and removed; a line of another list is not found', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const id = await create(owner, 'Lines');
      const other = await create(owner, 'Other');
      const line = (await addLine(owner, id, P.available, 1)).body.line.id as number;
      const changed = await call(routes.updateLine, owner, '/api/account/lists/update-line', {
        id,
        line,
        quantity: 7,
        note: 'Kiste',
      });
      expect(changed.body.line).toMatchObject({ id: line, quantity: 7, note: 'Kiste' });
      expectError(
        await call(routes.updateLine, owner, '/api/account/lists/update-line', {
          id: other,
          line,
          quantity: 1,
          note: '',
        }),
        'REQUISITION_LINE_NOT_FOUND',
        404,
      );
      const removed = await call(routes.removeLine, owner, '/api/account/lists/remove-line', { id, line });
      expect(removed.body.removed).toEqual({ line, sku: P.available });
      expect((await get(owner, id)).body.lines).toEqual([]);
    });
  });

  describe('who reaches a list', () => {
    test("another company's list and a colleague's private list are 404 on every operation", async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const colleague = await userJar(DEMO_FIXTURES.acmeUsers.foreman2.email);
      const stranger = await customerJar(ctx.db, C.normal.email);
      const id = await create(owner, 'Private');
      await addLine(owner, id, P.available, 1);
      for (const jar of [colleague, stranger]) {
        expect((await lists(jar)).map((l) => l.id)).not.toContain(id);
        expectError(await get(jar, id), 'REQUISITION_LIST_NOT_FOUND', 404);
        expectError(await addLine(jar, id, P.available, 1), 'REQUISITION_LIST_NOT_FOUND', 404);
        expectError(await addToCart(jar, id), 'REQUISITION_LIST_NOT_FOUND', 404);
        expectError(await share(jar, id, 'edit'), 'REQUISITION_LIST_NOT_FOUND', 404);
        expectError(
          await call(routes.delete, jar, '/api/account/lists/delete', { id }),
          'REQUISITION_LIST_NOT_FOUND',
          404,
        );
        expectError(await importRows(jar, id, []), 'REQUISITION_LIST_NOT_FOUND', 404);
        expect((await call(routes.export, jar, `/api/account/lists/export?id=${id}`)).status).toBe(404);
      }
      // Shared, the colleague sees it; another company still does not, and a made-up id is the same 404.
      await share(owner, id, 'read');
      expect((await lists(colleague)).map((l) => l.id)).toContain(id);
      expectError(await get(stranger, id), 'REQUISITION_LIST_NOT_FOUND', 404);
      expectError(await get(owner, 'not-a-list'), 'REQUISITION_LIST_NOT_FOUND', 404);
      expectError(await get(owner, '5eed0000-0000-4000-8000-00000000dead'), 'REQUISITION_LIST_NOT_FOUND', 404);
      const guest = await call(routes.list, new CookieJar(), '/api/account/lists');
      expectError(guest, 'UNAUTHENTICATED', 401);
    });

    test("a colleague cannot change a list shared to view (coded error) but adds it to the cart; the demo's shared list too", async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const colleague = await userJar(DEMO_FIXTURES.acmeUsers.foreman2.email);
      const id = await create(owner, 'Read only');
      await addLine(owner, id, P.available, 3, 'Für Greta');
      await share(owner, id, 'read');
      const seen = await get(colleague, id);
      expect(seen.body.list).toMatchObject({ editable: false, owner: { you: false }, sharing: 'read' });
      expectError(await addLine(colleague, id, P.specialPrice, 1), 'REQUISITION_LIST_READ_ONLY', 403);
      const line = seen.body.lines[0].id as number;
      expectError(
        await call(routes.updateLine, colleague, '/api/account/lists/update-line', { id, line, quantity: 9, note: '' }),
        'REQUISITION_LIST_READ_ONLY',
        403,
      );
      expectError(
        await call(routes.removeLine, colleague, '/api/account/lists/remove-line', { id, line }),
        'REQUISITION_LIST_READ_ONLY',
        403,
      );
      expectError(await importRows(colleague, id, []), 'REQUISITION_LIST_READ_ONLY', 403);
      expectError(
        await call(routes.rename, colleague, '/api/account/lists/rename', { id, name: 'Mine now' }),
        'REQUISITION_LIST_OWNER_ONLY',
        403,
      );
      await clearCart(colleague);
      const added = await addToCart(colleague, id);
      expect(added.status, added.text).toBe(200);
      expect(added.body.added).toEqual([{ line, sku: P.available, quantity: 3 }]);
      expect(await cartItems(colleague)).toEqual([[P.available, 3]]);
      // The owner's cart is untouched: carts belong to users.
      expect((await cartItems(owner)).find(([sku]) => sku === P.available)?.[1] ?? 0).not.toBe(3);

      const demo = DEMO_FIXTURES.acmeSharedList;
      const shared = await get(colleague, demo.id);
      expect(shared.body.list).toMatchObject({ name: demo.name, sharing: 'read', editable: false });
      expect(shared.body.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual(
        demo.lines.map((l) => [l.sku, l.quantity]),
      );
      expectError(await get(await customerJar(ctx.db, C.normal.email), demo.id), 'REQUISITION_LIST_NOT_FOUND', 404);
    });

    test('a colleague changes the lines of a list shared to change, but neither renames nor deletes it', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const colleague = await userJar(DEMO_FIXTURES.acmeUsers.foreman1.email);
      const id = await create(owner, 'Editable');
      await share(owner, id, 'edit');
      const added = await addLine(colleague, id, P.specialPrice, 2, 'von Frank');
      expect(added.status, added.text).toBe(200);
      const line = added.body.line.id as number;
      expect(
        (
          await call(routes.updateLine, colleague, '/api/account/lists/update-line', {
            id,
            line,
            quantity: 4,
            note: '',
          })
        ).body.line.quantity,
      ).toBe(4);
      expect((await get(owner, id)).body.lines.map((l: { sku: string }) => l.sku)).toEqual([P.specialPrice]);
      expect((await call(routes.removeLine, colleague, '/api/account/lists/remove-line', { id, line })).status).toBe(
        200,
      );
      expectError(
        await call(routes.delete, colleague, '/api/account/lists/delete', { id }),
        'REQUISITION_LIST_OWNER_ONLY',
        403,
      );
      expectError(await share(colleague, id, 'private'), 'REQUISITION_LIST_OWNER_ONLY', 403);
    });

    test('a role that may not order reads lists but neither changes them nor adds them to the cart (403)', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const { jar: viewer } = await newCompanyUser(ctx.db, C.acme.email, 'viewer');
      const id = await create(owner, 'For the viewer');
      await addLine(owner, id, P.available, 1);
      await share(owner, id, 'edit');
      expect((await get(viewer, id)).body.list.editable).toBe(false);
      expectError(await addToCart(viewer, id), 'PERMISSION_DENIED', 403);
      expectError(await addLine(viewer, id, P.available, 1), 'PERMISSION_DENIED', 403);
      expectError(
        await call(routes.create, viewer, '/api/account/lists/create', { name: 'Nope' }),
        'PERMISSION_DENIED',
        403,
      );
    });
  });

  describe('into the cart', () => {
    test('the whole list goes through the cart rules; each refused line is reported with its line and reason', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      await clearCart(owner);
      const id = await create(owner, 'Mixed');
      const lineOf: Record<string, number> = {};
      for (const [sku, quantity] of [
        [P.available, 2],
        [P.notAvailable, 1],
        [P.markedInStock, 3],
        [P.variantParent, 1],
        [P.specialPrice, 1],
      ] as const)
        lineOf[sku] = (await addLine(owner, id, sku, quantity)).body.line.id;
      const r = await addToCart(owner, id);
      expect(r.status, r.text).toBe(200);
      expect(r.body.added).toEqual([
        { line: lineOf[P.available], sku: P.available, quantity: 2 },
        { line: lineOf[P.specialPrice], sku: P.specialPrice, quantity: 1 },
      ]);
      expect(r.body.refused).toEqual([
        { line: lineOf[P.notAvailable], sku: P.notAvailable, code: 'PRODUCT_NOT_AVAILABLE' },
        { line: lineOf[P.markedInStock], sku: P.markedInStock, code: 'QUANTITY_RULE' },
        { line: lineOf[P.variantParent], sku: P.variantParent, code: 'PRODUCT_NOT_PURCHASABLE' },
      ]);
      // The server's price from the customer's own price list: a list line carries none.
      const item = r.body.cart.cartItems.find((l: { sku: string }) => l.sku === P.available);
      expect(item.price.special ?? item.price.regular).toBe(DEMO_FIXTURES.prices.available.acmeEUR / 100);
      expect((await cartItems(owner)).sort()).toEqual([
        [P.available, 2],
        [P.specialPrice, 1],
      ]);

      // Chosen lines only; again adds to what the cart holds.
      const chosen = await addToCart(owner, id, [lineOf[P.available]!]);
      expect(chosen.body.added).toEqual([{ line: lineOf[P.available], sku: P.available, quantity: 2 }]);
      expect(chosen.body.refused).toEqual([]);
      expect((await cartItems(owner)).find(([sku]) => sku === P.available)).toEqual([P.available, 4]);
      expectError(await addToCart(owner, id, [999_999_999]), 'REQUISITION_LINE_NOT_FOUND', 404);
      expectError(await addToCart(owner, id, []), 'VALIDATION_FAILED', 400);
      expectError(await addToCart(owner, await create(owner, 'Empty')), 'REQUISITION_LIST_EMPTY', 422);
    });

    test('the cart is saved as a new private list, each product once', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      await clearCart(owner);
      expectError(
        await call(routes.saveCart, owner, '/api/account/lists/save-cart', { name: 'From cart' }),
        'CART_EMPTY',
        409,
      );
      await call(cart.add, owner, '/api/cart/add', { sku: P.available, quantity: 2 });
      await call(cart.add, owner, '/api/cart/add', { sku: P.available, quantity: 1, accessories: [P.accessories[0]] });
      await call(cart.add, owner, '/api/cart/add', { sku: P.specialPrice, quantity: 1 });
      const saved = await call(routes.saveCart, owner, '/api/account/lists/save-cart', { name: 'From cart' });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.body.list).toMatchObject({ name: 'From cart', sharing: 'private', lines: 2 });
      const lines = (await get(owner, saved.body.list.id)).body.lines.map((l: { sku: string; quantity: number }) => [
        l.sku,
        l.quantity,
      ]);
      expect(lines.sort()).toEqual([
        [P.available, 3],
        [P.specialPrice, 1],
      ]);
    });
  });

  describe('files', () => {
    test('an import writes every good row in one go and reports each bad one with its line and reason', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const id = await create(owner, 'Imported');
      await addLine(owner, id, P.specialPrice, 9000);
      const own = DEMO_FIXTURES.acmeItemNumbers[P.available as keyof typeof DEMO_FIXTURES.acmeItemNumbers];
      const r = await importRows(owner, id, [
        { line: 2, item: P.available, quantity: '2', note: 'erste' },
        { line: 3, item: 'NO-SUCH-ITEM', quantity: '1', note: '' },
        { line: 4, item: own, quantity: '3', note: '' },
        { line: 5, item: P.free, quantity: 'zwei', note: '' },
        { line: 6, item: P.free, quantity: '0', note: '' },
        { line: 7, item: '', quantity: '1', note: '' },
        { line: 8, item: P.limited, quantity: '', note: 'x'.repeat(501) },
        { line: 9, item: P.specialPrice, quantity: '1000', note: '' },
        { line: 10, item: P.limited, quantity: '', note: '' },
      ]);
      expect(r.status, r.text).toBe(200);
      expect(r.body.written).toBe(3);
      expect(r.body.refused.map((x: { line: number; reason: string }) => [x.line, x.reason])).toEqual([
        [3, 'unknown-product'],
        [5, 'invalid-quantity'],
        [6, 'invalid-quantity'],
        [7, 'invalid-item'],
        [8, 'invalid-note'],
        [9, 'invalid-quantity'],
      ]);
      const lines = (await get(owner, id)).body.lines.map((l: { sku: string; quantity: number; note: string }) => [
        l.sku,
        l.quantity,
        l.note,
      ]);
      expect(lines).toEqual([
        [P.specialPrice, 9000, ''],
        [P.available, 5, 'erste'],
        [P.limited, 1, ''],
      ]);
    });

    test('the export reads back through the import, its cells guarded against formulas', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      const id = await create(owner, 'Round trip');
      await addLine(owner, id, P.available, 2, '=HYPERLINK("http://evil.example")');
      await addLine(owner, id, P.specialPrice, 1, '-5 %; \'quoted\' "twice"');
      await addLine(owner, id, P.free, 3, 'Zeile eins\nZeile zwei');
      await addLine(owner, id, P.limited, 4, "'=already");
      const exported = await call(routes.export, owner, `/api/account/lists/export?id=${id}&locale=de`);
      expect(exported.status).toBe(200);
      expect(exported.text.startsWith('\uFEFFArtikelnummer;Menge;Notiz;Bezeichnung\r\n')).toBe(true);
      expect(exported.text).toContain(`;"'=HYPERLINK(""http://evil.example"")";`);
      expect(exported.text).not.toMatch(/;[=+\-@]/);
      const file = listFileRows(await spreadsheetRows(new TextEncoder().encode(exported.text)));
      const copy = await create(owner, 'Copy');
      const r = await importRows(owner, copy, file.entries);
      expect(r.body).toEqual({ written: 4, refused: [] });
      const shape = async (list: string) =>
        (await get(owner, list)).body.lines.map((l: { sku: string; quantity: number; note: string }) => [
          l.sku,
          l.quantity,
          l.note,
        ]);
      expect(await shape(copy)).toEqual(await shape(id));
      expect((await shape(copy))[3]).toEqual([P.limited, 4, "'=already"]);
    });
  });

  describe('limits', () => {
    test('names, notes and quantities are bounded; a list holds 1,000 lines; a user keeps 100 lists', async () => {
      const owner = await customerJar(ctx.db, C.acme.email);
      expectError(
        await call(routes.create, owner, '/api/account/lists/create', { name: 'x'.repeat(101) }),
        'VALIDATION_FAILED',
        400,
      );
      expectError(
        await call(routes.create, owner, '/api/account/lists/create', { name: '  ' }),
        'VALIDATION_FAILED',
        400,
      );
      const id = await create(owner, 'x'.repeat(100));
      expectError(await addLine(owner, id, P.available, 1, 'x'.repeat(501)), 'VALIDATION_FAILED', 400);
      expectError(await addLine(owner, id, P.available, 10_000), 'VALIDATION_FAILED', 400);
      expect((await addLine(owner, id, P.available, 9999)).status).toBe(200);
      expectError(await addLine(owner, id, P.available, 1), 'INVALID_QUANTITY', 400);

      const full = await create(owner, 'Full');
      const rows = Array.from({ length: MAX_LIST_LINES }, (_, i) => ({
        line: i + 1,
        item: `RL-${i + 1}`,
        quantity: '1',
        note: '',
      }));
      expect((await importRows(owner, full, rows)).body).toEqual({ written: MAX_LIST_LINES, refused: [] });
      expectError(await addLine(owner, full, `RL-${MAX_LIST_LINES + 1}`, 1), 'REQUISITION_LIST_FULL', 409);
      expect(
        (await importRows(owner, full, [{ line: 1, item: `RL-${MAX_LIST_LINES + 1}`, quantity: '1', note: '' }])).body
          .refused,
      ).toEqual([{ line: 1, item: `RL-${MAX_LIST_LINES + 1}`, quantity: '1', reason: 'list-full' }]);
      // A product the full list has still takes more.
      expect((await addLine(owner, full, 'RL-1', 1)).body.line.quantity).toBe(2);

      const { jar: busy } = await newCompanyUser(ctx.db, C.acme.email, 'buyer');
      await ctx.db.execute(sql`INSERT INTO requisition_lists (customer_id, owner_id, name)
        SELECT customer_id, id, 'List ' || n FROM customer_users, generate_series(1, ${MAX_LISTS_PER_USER - 1}) AS n
        WHERE id = ${busy.values.get(CUSTOMER_COOKIE)!}`);
      await create(busy, 'The hundredth');
      await call(cart.add, busy, '/api/cart/add', { sku: P.available, quantity: 1 });
      expectError(
        await call(routes.create, busy, '/api/account/lists/create', { name: 'One more' }),
        'REQUISITION_LIST_LIMIT',
        409,
      );
      expectError(
        await call(routes.saveCart, busy, '/api/account/lists/save-cart', { name: 'One more' }),
        'REQUISITION_LIST_LIMIT',
        409,
      );
    }, 60_000);
  });
});
