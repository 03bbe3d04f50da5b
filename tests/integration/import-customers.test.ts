// The customer import end to end on both databases: a German spreadsheet's customer CSV creates the
// accounts with their addresses, price list and settings; the same file again changes nothing; one
// changed field updates the account alone, a changed address replaces the addresses and never the
// password; bad rows (unknown price list, an e-mail address of another customer, a bad e-mail or
// country) are reported with line, customer number, field and reason while the rest applies (with
// --strict nothing does); --invite mails new customers only, after the import, and the link sets a
// password the customer then signs in with.
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import { parseMail } from '../helpers/parse-mail.ts';
import { addresses, customers, priceLists, publishEvents } from '#lib/server/db/schema.ts';
import type { Db } from '#lib/server/db/client.ts';
import { closeDatabase } from '#lib/server/db/index.ts';
import { runImport, type ImportSource } from '#lib/server/import/index.ts';
import { setPasswordWithToken } from '#lib/server/auth/account.ts';
import { authenticate } from '#lib/server/auth/login.ts';

const fixtures = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const FIXTURE = readFileSync(join(fixtures, 'customers.csv'), 'utf8');
const HEADER = 'customer_number;email;first_name;last_name;price_list;street;postal_code;city;country';
const PASSWORD = 'Werkbank-Schraubstock-7391';

const fixture = (): ImportSource => ({
  name: 'customers.csv',
  open: () => createReadStream(join(fixtures, 'customers.csv')),
});
/** A file made in the test, as the importer reads any upload. */
const file = (name: string, body: string): ImportSource => ({
  name,
  open: async function* () {
    yield new TextEncoder().encode(body);
  },
});
const run = (db: Db, source: ImportSource, options: { check?: boolean; strict?: boolean; invite?: boolean } = {}) =>
  runImport(db, [source], { actor: { kind: 'cli' }, ...options });

let dataDir: string;
beforeAll(() => {
  // Without SMTP_URL the shop writes each mail to DATA_DIR/outbox.
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-import-customers-'));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
});
afterAll(async () => {
  // The mails read the shop's name through the process database (none here: the built-in name).
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The mails written since the last call, and the outbox emptied. */
function takeMails() {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  const names = readdirSync(outbox, { withFileTypes: true }).flatMap((e) => (e.isFile() ? [e.name] : []));
  const mails = names.sort().map((name) => parseMail(readFileSync(join(outbox, name), 'utf8')));
  for (const name of names) rmSync(join(outbox, name));
  return mails;
}

async function customer(db: Db, customernum: string) {
  const [row] = await db.select().from(customers).where(eq(customers.customernum, customernum));
  return row;
}
const addressesOf = (db: Db, customerId: string) =>
  db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(asc(addresses.street));
const customerCount = async (db: Db) => (await db.select({ n: count() }).from(customers))[0]!.n;

forEachDatabase('customer import', (ctx) => {
  let dealers: number;
  beforeAll(async () => {
    const [list] = await ctx.db.insert(priceLists).values({ code: 'HAENDLER', name: 'Händler' }).returning();
    dealers = list!.id;
    takeMails();
  });

  test('a German spreadsheet CSV creates the customers with addresses, price list, tax exemption and caps', async () => {
    const publishedBefore = (await ctx.db.select({ n: count() }).from(publishEvents))[0]!.n;
    const result = await run(ctx.db, fixture());
    expect(result.report).toEqual([]);
    expect(result.counts).toMatchObject({ read: 3, created: 3, refused: 0 });
    expect(result).toMatchObject({ status: 'done', changed: true, published: null, invited: 0 });
    expect((await ctx.db.select({ n: count() }).from(publishEvents))[0]!.n).toBe(publishedBefore);

    const hueber = await customer(ctx.db, 'K-10001');
    expect(hueber).toMatchObject({
      email: 'einkauf@hueber-haustechnik.de',
      firstName: 'Anna',
      company: 'Hueber Haustechnik GmbH',
      locale: 'de',
      currency: 'EUR',
      priceListId: dealers,
      excludeTax: false,
      maxOrderTotalCents: 2_500_000,
      maxOpenOrders: 10,
      passwordHash: null,
    });
    expect(await addressesOf(ctx.db, hueber!.id)).toMatchObject([
      { street: 'Lagerweg 5', city: 'Garching', isShipping: true, isDefaultShipping: true, isBilling: false },
      { street: 'Lindenstraße 12', vatId: 'DE811128135', isBilling: true, isDefaultBilling: true, isShipping: false },
    ]);
    const martin = await customer(ctx.db, 'K-10002');
    expect(martin).toMatchObject({ excludeTax: true, locale: 'fr', priceListId: null, company: 'Martin; Fils SARL' });
    expect(await addressesOf(ctx.db, martin!.id)).toMatchObject([
      { country: 'FR', isBilling: true, isShipping: true, isDefaultBilling: true, isDefaultShipping: true },
    ]);
    expect(await customer(ctx.db, 'K-10003')).toMatchObject({ currency: 'GBP', locale: 'en' });
    expect(takeMails()).toEqual([]);
  });

  test('the same file again changes nothing', async () => {
    const result = await run(ctx.db, fixture());
    expect(result.counts).toMatchObject({ read: 3, created: 0, updated: 0, unchanged: 3, refused: 0 });
    expect(result.changed).toBe(false);
  });

  test('one changed field updates that customer alone and leaves its addresses as they are', async () => {
    const smith = (await customer(ctx.db, 'K-10003'))!;
    const before = await addressesOf(ctx.db, smith.id);
    const result = await run(ctx.db, file('customers.csv', FIXTURE.replace(';en;GBP;', ';en;EUR;')));
    expect(result.counts).toMatchObject({ updated: 1, unchanged: 2, refused: 0 });
    expect(await customer(ctx.db, 'K-10003')).toMatchObject({ currency: 'EUR' });
    expect(await addressesOf(ctx.db, smith.id)).toEqual(before);
  });

  test('a changed address replaces the addresses, and the password stays the customer’s', async () => {
    const hueber = (await customer(ctx.db, 'K-10001'))!;
    await ctx.db.update(customers).set({ passwordHash: 'hash-set-by-the-customer' }).where(eq(customers.id, hueber.id));
    const moved = FIXTURE.replace(';en;GBP;', ';en;EUR;').replace('Lagerweg 5;85748', 'Lagerweg 7;85748');
    const result = await run(ctx.db, file('customers.csv', moved));
    expect(result.counts).toMatchObject({ updated: 1, unchanged: 2 });
    const after = await addressesOf(ctx.db, hueber.id);
    expect(after.map((a) => a.street)).toEqual(['Lagerweg 7', 'Lindenstraße 12']);
    expect(await customer(ctx.db, 'K-10001')).toMatchObject({
      passwordHash: 'hash-set-by-the-customer',
      priceListId: dealers,
    });
    expect((await run(ctx.db, file('customers.csv', moved))).counts).toMatchObject({ unchanged: 3 });
  });

  test('bad rows are reported with line, customer number, field and reason; the other rows apply', async () => {
    const rows = [
      HEADER,
      'K-20001;neu1@example.com;Nina;Neu;GIBTSNICHT;Am Markt 1;10115;Berlin;DE',
      'K-20002;EINKAUF@hueber-haustechnik.de;Otto;Doppelt;;Am Markt 2;10115;Berlin;DE',
      'K-20003;keine-adresse;Paul;Falsch;;Am Markt 3;10115;Berlin;DE',
      'K-20004;neu4@example.com;Rita;Fern;;Am Markt 4;10115;Berlin;XY',
      'K-20005;neu5@example.com;Sven;Gut;HAENDLER;Am Markt 5;10115;Berlin;DE',
    ].join('\r\n');
    const result = await run(ctx.db, file('bad.csv', rows));
    expect(result.counts).toMatchObject({ read: 5, created: 1, refused: 4 });
    // Rows the record schema refuses are reported as they are read, the others as they are applied.
    expect([...result.report].sort((a, b) => a.line - b.line)).toEqual([
      { file: 'bad.csv', line: 2, id: 'K-20001', field: 'priceList', reason: expect.stringContaining('GIBTSNICHT') },
      { file: 'bad.csv', line: 3, id: 'K-20002', field: 'email', reason: expect.stringContaining('K-10001') },
      { file: 'bad.csv', line: 4, id: 'K-20003', field: 'email', reason: expect.stringContaining('e-mail address') },
      { file: 'bad.csv', line: 5, id: 'K-20004', field: 'addresses.0.country', reason: expect.any(String) },
    ]);
    expect(await customer(ctx.db, 'K-20005')).toMatchObject({ priceListId: dealers });
    for (const id of ['K-20001', 'K-20002', 'K-20003', 'K-20004']) expect(await customer(ctx.db, id)).toBeUndefined();

    const before = await customerCount(ctx.db);
    const strict = await run(ctx.db, file('bad.csv', rows.replace('K-20005', 'K-20006').replace('neu5', 'neu6')), {
      strict: true,
      invite: true,
    });
    expect(strict.counts.refused).toBe(4);
    expect(strict).toMatchObject({ changed: false, invited: 0 });
    expect(await customerCount(ctx.db)).toBe(before);
    expect(takeMails()).toEqual([]);
  });

  test('--invite mails each new customer once, after the import; existing customers and re-imports get none', async () => {
    const lines = [
      JSON.stringify({
        kind: 'customer',
        customernum: 'K-30001',
        email: 'Lea@Example.com',
        firstName: 'Lea',
        lastName: 'Lang',
        locale: 'en',
      }),
      JSON.stringify({
        kind: 'customer',
        customernum: 'K-30002',
        email: 'max@example.com',
        firstName: 'Max',
        lastName: 'Kurz',
      }),
    ];
    const existing = FIXTURE.split(/\r\n/).slice(0, 2).join('\r\n').replace('Lagerweg 5', 'Lagerweg 7');
    const checked = await run(ctx.db, file('new.jsonl', lines.join('\n')), { check: true, invite: true });
    expect(checked).toMatchObject({ changed: false, invited: 0 });
    expect(await customer(ctx.db, 'K-30001')).toBeUndefined();
    expect(takeMails()).toEqual([]);

    const result = await runImport(ctx.db, [file('existing.csv', existing), file('new.jsonl', lines.join('\n'))], {
      actor: { kind: 'cli' },
      invite: true,
    });
    expect(result.counts).toMatchObject({ created: 2, unchanged: 1, refused: 0 });
    expect(result.invited).toBe(2);
    const mails = takeMails();
    expect(mails.map((m) => m.to).sort()).toEqual(['lea@example.com', 'max@example.com']);
    const lea = mails.find((m) => m.to === 'lea@example.com')!;
    expect(lea.subject).toMatch(/password/i);
    expect(lea.text).toMatch(/\/en\/create-password\?token=/);

    const again = await run(ctx.db, file('new.jsonl', lines.join('\n')), { invite: true });
    expect(again).toMatchObject({ invited: 0, changed: false });
    expect(takeMails()).toEqual([]);

    // The link sets the first password, still six days later (an invitation waits in a mailbox; a
    // reset link lasts an hour); the customer signs in with its number or its e-mail address.
    expect(lea.text).toContain('valid for 7 days');
    const token = /create-password\?token=([^\s]+)/.exec(lea.text)![1]!;
    const sixDaysOn = new Date(Date.now() + 6 * 24 * 3600 * 1000);
    const id = await setPasswordWithToken(ctx.db, decodeURIComponent(token), 'create', PASSWORD, sixDaysOn);
    const signedIn = await authenticate(ctx.db, { username: 'K-30001', password: PASSWORD }, '127.0.0.1');
    expect(signedIn.user.id).toBe(id);
    expect((await authenticate(ctx.db, { username: 'lea@example.com', password: PASSWORD }, '127.0.0.1')).user.id).toBe(
      id,
    );
    // A later import keeps the password it set.
    await run(ctx.db, file('new.jsonl', lines.join('\n')), { invite: true });
    expect((await authenticate(ctx.db, { username: 'K-30001', password: PASSWORD }, '127.0.0.1')).user.id).toBe(id);
  });
});
