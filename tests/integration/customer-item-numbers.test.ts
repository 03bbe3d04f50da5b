// A company's own item numbers as it maintains them (issue 37, item 3), through the real endpoints on
// both databases: set, change and remove a number; a number names one product of the company (also when
// two requests set it at once on PostgreSQL: one wins); a role that may not order reads but cannot
// change; another company neither sees nor removes the numbers; an import writes its good rows and
// reports each bad one with its line; the export reads back through the import. The signed-in user is
// given to the handlers as the session would give it (sessions have suites of their own).
import { beforeAll, describe, expect, test } from 'vitest';
import type { APIRoute } from 'astro';
import { forEachDatabase } from '../helpers/databases.ts';
import { callRoute, type ApiResult } from '../helpers/auth-harness.ts';
import { seedFixtures } from '../helpers/cart-harness.ts';
import { xlsx } from '../helpers/xlsx.ts';
import { customerItemsRoutes } from '#lib/server/customer-items/handlers.ts';
import { customers, products } from '#lib/server/db/schema.ts';
import type { Role } from '#lib/account/roles.ts';
import { numberRows } from '#lib/customer-items/file-rows.ts';
import { spreadsheetRows } from '#lib/server/spreadsheet-rows.ts';

process.env.LOG_LEVEL = 'warn';

forEachDatabase('customer item numbers', (ctx) => {
  let acme = '';
  let other = '';
  /** Six products: sku and item number. */
  let items: { sku: string; itemnum: string }[] = [];

  beforeAll(async () => {
    await seedFixtures(ctx.db);
    const found = await ctx.db.select({ id: customers.id, num: customers.customernum }).from(customers);
    acme = found.find((c) => c.num === '10002')!.id;
    other = found.find((c) => c.num === '10001')!.id;
    items = (await ctx.db.select({ sku: products.sku, itemnum: products.itemnum }).from(products).orderBy(products.id))
      .filter((p, i, all) => all.findIndex((q) => q.itemnum === p.itemnum) === i)
      .slice(0, 6);
  });

  /** The endpoints as a user of `customerId` with `role` calls them. */
  const as = (customerId: string, role: Role) =>
    customerItemsRoutes({
      db: async () => ctx.db,
      shopper: async () => ({ customerId, user: { id: customerId, role } }),
    });
  const post = async (route: APIRoute, path: string, body: unknown) =>
    (await callRoute(route, `/api/account/item-numbers/${path}`, { body })).result;
  const list = async (customerId: string, query = '') =>
    (await callRoute(as(customerId, 'viewer').list, `/api/account/item-numbers${query}`, { method: 'GET' })).result;
  const set = (customerId: string, item: string, number: string, role: Role = 'buyer') =>
    post(as(customerId, role).set, 'set', { item, number });
  const remove = (customerId: string, item: string, role: Role = 'buyer') =>
    post(as(customerId, role).remove, 'remove', { item });
  const importRows = (customerId: string, rows: { line: number; item: string; number: string }[]) =>
    post(as(customerId, 'buyer').import, 'import', { entries: rows });
  const expectError = (r: ApiResult, code: string, status: number) =>
    expect({ status: r.status, code: r.body.code }, JSON.stringify(r.body)).toEqual({ status, code });
  const numbersOf = async (customerId: string) =>
    Object.fromEntries(
      ((await list(customerId, '?q=T-')).body.numbers as { sku: string; number: string }[]).map((n) => [
        n.sku,
        n.number,
      ]),
    );

  test('a buyer sets a number by item number, changes it by sku, and removes it', async () => {
    const [a] = items;
    const created = await set(acme, a!.itemnum, 'T-A1');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.entry).toEqual({ sku: a!.sku, itemnum: a!.itemnum, number: 'T-A1' });
    expect((await set(acme, a!.sku.toLowerCase(), '  T-A2 ')).body.entry.number).toBe('T-A2');
    const found = await list(acme, '?q=t-a2&locale=en');
    expect(found.body.numbers).toEqual([expect.objectContaining({ sku: a!.sku, number: 'T-A2' })]);
    expect(found.body.numbers[0].name).not.toBe('');
    expect((await list(acme, `?q=${encodeURIComponent(a!.itemnum)}`)).body.total).toBe(1);
    const removed = await remove(acme, a!.itemnum);
    expect(removed.body).toEqual({ removed: { sku: a!.sku, number: 'T-A2' } });
    expectError(await remove(acme, a!.itemnum), 'CUSTOMER_ITEM_NUMBER_NOT_FOUND', 404);
  });

  test('an unknown product and an invalid number are refused with their codes', async () => {
    expectError(await set(acme, 'NO-SUCH-ITEM-9', 'T-X'), 'PRODUCT_NOT_FOUND', 404);
    expectError(await set(acme, items[1]!.sku, ''), 'VALIDATION_FAILED', 400);
    expectError(await set(acme, items[1]!.sku, 'x'.repeat(65)), 'VALIDATION_FAILED', 400);
    expectError(await set(acme, items[1]!.sku, 'T\u0000B'), 'VALIDATION_FAILED', 400);
    expect((await set(acme, items[1]!.sku, 'x'.repeat(64))).status).toBe(200);
    await remove(acme, items[1]!.sku);
  });

  test('a number the company uses for another product is taken, in any case; another company may use it', async () => {
    const [, b, c] = items;
    expect((await set(acme, b!.sku, 'T-SAME')).status).toBe(200);
    expectError(await set(acme, c!.sku, 't-same'), 'CUSTOMER_ITEM_NUMBER_TAKEN', 409);
    expect((await set(acme, b!.sku, 'T-same')).status).toBe(200);
    expect((await set(other, c!.sku, 'T-SAME')).status).toBe(200);
    await remove(acme, b!.sku);
    await remove(other, c!.sku);
  });

  test('two requests setting the same number for two products at once: exactly one wins', async () => {
    const [, , , d, e] = items;
    const answers = await Promise.all([set(acme, d!.sku, 'T-RACE'), set(acme, e!.sku, 'T-RACE')]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('CUSTOMER_ITEM_NUMBER_TAKEN');
    expect((await list(acme, '?q=T-RACE')).body.total).toBe(1);
    await remove(acme, answers[0]!.status === 200 ? d!.sku : e!.sku);
  });

  test('a viewer reads the numbers but may not change them (403); another company neither sees nor removes them (404)', async () => {
    const [a] = items;
    await set(acme, a!.sku, 'T-OWN');
    expectError(await set(acme, items[1]!.sku, 'T-V', 'viewer'), 'PERMISSION_DENIED', 403);
    expectError(await remove(acme, a!.sku, 'approver'), 'PERMISSION_DENIED', 403);
    expectError(await post(as(acme, 'viewer').import, 'import', { entries: [] }), 'PERMISSION_DENIED', 403);
    expect((await list(acme, '?q=T-OWN')).body.total).toBe(1);
    expect((await list(other, '?q=T-OWN')).body.total).toBe(0);
    expectError(await remove(other, a!.sku), 'CUSTOMER_ITEM_NUMBER_NOT_FOUND', 404);
    expect((await list(acme, '?q=T-OWN')).body.total).toBe(1);
    await remove(acme, a!.sku);
    const guest = customerItemsRoutes({
      db: async () => ctx.db,
      shopper: async () => ({ customerId: null, user: null }),
    });
    expectError(
      (await callRoute(guest.list, '/api/account/item-numbers', { method: 'GET' })).result,
      'UNAUTHENTICATED',
      401,
    );
  });

  test('an import writes every good row in one go and reports each bad one with its line and reason', async () => {
    const [a, b, c, d, e, f] = items;
    await set(acme, f!.sku, 'T-KEPT');
    const r = await importRows(acme, [
      { line: 2, item: a!.itemnum, number: 'T-I1' },
      { line: 3, item: 'NO-SUCH-ITEM-9', number: 'T-I2' },
      { line: 4, item: b!.sku, number: '' },
      { line: 5, item: c!.sku, number: 'T-KEPT' },
      { line: 6, item: d!.sku, number: 'T-I1' },
      { line: 7, item: a!.sku, number: 'T-I3' },
      { line: 8, item: e!.sku, number: 'T-I5' },
      { line: 9, item: '', number: 'T-I6' },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.written).toBe(2);
    expect(r.body.refused.map((row: { line: number; reason: string }) => [row.line, row.reason])).toEqual([
      [3, 'unknown-product'],
      [4, 'invalid-number'],
      [5, 'number-taken'],
      [6, 'number-taken'],
      [7, 'product-twice'],
      [9, 'invalid-item'],
    ]);
    expect(await numbersOf(acme)).toEqual({ [a!.sku]: 'T-I1', [e!.sku]: 'T-I5', [f!.sku]: 'T-KEPT' });
    // The same file again changes nothing; a file may swap two numbers.
    const swap = await importRows(acme, [
      { line: 1, item: a!.sku, number: 'T-I5' },
      { line: 2, item: e!.sku, number: 'T-I1' },
      { line: 3, item: f!.sku, number: 'T-KEPT' },
    ]);
    expect([swap.body.written, swap.body.unchanged, swap.body.refused]).toEqual([2, 1, []]);
    expect(await numbersOf(acme)).toEqual({ [a!.sku]: 'T-I5', [e!.sku]: 'T-I1', [f!.sku]: 'T-KEPT' });
    for (const p of [a, e, f]) await remove(acme, p!.sku);
  });

  test('the export (CSV, semicolons, UTF-8 with its mark, a heading) reads back through the import', async () => {
    const [a, b, c] = items;
    await set(acme, a!.sku, 'T-E;1');
    await set(acme, b!.sku, 'T-E "2"');
    await set(acme, c!.sku, 'T-Ä3');
    const csv = await callRoute(as(acme, 'viewer').export, '/api/account/item-numbers/export?locale=fr', {
      method: 'GET',
    });
    expect(csv.result.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.result.headers.get('cache-control')).toBe('private, no-store');
    const text = csv.result.body as string;
    expect(text.split('\r\n')[0]).toBe('Référence;Votre référence;Désignation');
    const bytes = new TextEncoder().encode(`\uFEFF${text}`);
    const read = numberRows(await spreadsheetRows(bytes));
    const back = await importRows(other, read.entries);
    expect(back.body.refused).toEqual([]);
    const exported = (await list(acme, '?q=T-')).body.numbers;
    const imported = (await list(other, '?q=T-')).body.numbers;
    expect(imported).toEqual(exported);
    expect(exported.map((n: { number: string }) => n.number).sort()).toEqual(['T-E "2"', 'T-E;1', 'T-Ä3']);
    for (const p of [a, b, c]) {
      await remove(acme, p!.sku);
      await remove(other, p!.sku);
    }
  });

  test('an XLSX with a heading in any order of its columns is read by the heading', async () => {
    const [a] = items;
    const file = xlsx([
      [
        [{ inline: 'Bezeichnung' }, { inline: 'Ihre Nummer' }, { inline: 'Artikelnummer' }],
        [{ inline: 'Something' }, { inline: 'T-X1' }, { inline: a!.itemnum }],
      ],
    ]);
    const read = numberRows(await spreadsheetRows(new Uint8Array(file)));
    expect(read.entries).toEqual([{ line: 2, item: a!.itemnum, number: 'T-X1' }]);
    expect((await importRows(acme, read.entries)).body.written).toBe(1);
    expect((await list(acme, '?q=T-X1')).body.numbers[0].sku).toBe(a!.sku);
    await remove(acme, a!.sku);
  });
});

describe('numberRows', () => {
  test('without a heading the first filled cell is the shop’s item number and the next the company’s', () => {
    expect(
      numberRows([
        { line: 1, cells: ['10003-01', 'M-1'] },
        { line: 2, cells: ['', ''] },
        { line: 3, cells: ['', '10008-01', ' M-2 '] },
      ]).entries,
    ).toEqual([
      { line: 1, item: '10003-01', number: 'M-1' },
      { line: 3, item: '10008-01', number: 'M-2' },
    ]);
  });

  test.each([
    ['Item number', 'Your number'],
    ['Référence', 'Votre référence'],
    ['Referencia', 'Su referencia'],
    ['Codice articolo', 'Vostro codice'],
    ['Kundenmaterialnummer', 'Artikelnummer'],
  ])('a heading %s / %s names the columns', (first, second) => {
    const { entries } = numberRows([
      { line: 1, cells: [first, second] },
      { line: 2, cells: ['A', 'B'] },
    ]);
    expect(entries).toHaveLength(1);
    const own = /Kunden/.test(first);
    expect(entries[0]).toEqual({ line: 2, item: own ? 'B' : 'A', number: own ? 'A' : 'B' });
  });

  test('rows beyond the most an import takes are counted, not read', () => {
    const read = numberRows(
      Array.from({ length: 5 }, (_, i) => ({ line: i + 1, cells: [`1000${i}`, `M${i}`] })),
      3,
    );
    expect([read.entries.length, read.dropped]).toEqual([3, 2]);
  });
});
