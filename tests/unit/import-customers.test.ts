// Customer files: a CSV told from the catalogue's kinds by its customer_number column (as German Excel
// saves it: UTF-8 with a BOM, semicolons, CRLF, decimal commas), its rows in the record's shape, and the
// record contract's judgement of what a customer may be.
import { describe, expect, it } from 'vitest';
import { importRecordSchema, type ParsedItem } from '#lib/import/record-contract.ts';
import { parseCsv } from '#lib/server/import/csv.ts';
import { readHeader } from '#lib/server/import/csv-columns.ts';
import { chunked, collect, importFixture } from '#tests/helpers/import-input.ts';

const parse = (bytes: Uint8Array, chunkSize?: number, file = 'test.csv') =>
  collect(parseCsv(chunked(bytes, chunkSize), { file }));
const text = (csv: string) => new TextEncoder().encode(csv);
const records = (items: ParsedItem[]) => items.flatMap((item) => ('record' in item ? [item.record] : []));
const faults = (items: ParsedItem[]) => items.flatMap((item) => ('fault' in item ? [item] : []));

const address = {
  firstName: 'Anna',
  lastName: 'Hueber',
  street: 'Lindenstraße 12',
  postalCode: '80331',
  city: 'München',
};
const customer = (extra: Record<string, unknown> = {}) => ({
  kind: 'customer',
  customernum: 'K-1',
  email: 'anna@example.com',
  firstName: 'Anna',
  lastName: 'Hueber',
  ...extra,
});
const issues = (record: unknown) =>
  importRecordSchema.safeParse(record).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('readHeader', () => {
  it('tells a customer file by its customer_number column, before any catalogue kind', () => {
    expect(readHeader(['Customer Number', 'Email', 'First_Name', 'Last-Name'])).toMatchObject({
      kind: 'customer',
      unknown: [],
    });
    // A sku column beside it does not make it a product or stock file; the sku is reported as unread.
    expect(readHeader(['customer_number', 'sku', 'stock'])).toMatchObject({
      kind: 'customer',
      unknown: ['sku', 'stock'],
    });
    expect(readHeader(['sku', 'stock'])).toMatchObject({ kind: 'stock' });
  });

  it('reads the shipping_ columns of a separate shipping address', () => {
    const header = readHeader(['customer_number', 'shipping_street', 'shipping_country', 'shipping_vat', 'price']);
    expect(header).toMatchObject({ kind: 'customer', unknown: ['shipping_vat', 'price'] });
  });
});

describe('parseCsv with a customer file', () => {
  it('reads the German spreadsheet fixture: BOM, semicolons, a decimal comma, a quoted semicolon', async () => {
    const items = await parse(importFixture('customers.csv'), 5, 'customers.csv');
    expect(faults(items)).toEqual([]);
    expect(items.map((item) => item.at.line)).toEqual([2, 3, 4]);
    const [hueber, martin, smith] = records(items);
    expect(hueber).toMatchObject({
      kind: 'customer',
      customernum: 'K-10001',
      email: 'Einkauf@Hueber-Haustechnik.de',
      priceList: 'HAENDLER',
      maxOrderTotalCents: 2_500_000,
      maxOpenOrders: 10,
      addresses: [
        { street: 'Lindenstraße 12', city: 'München', vatId: 'DE811128135', billing: true, shipping: false },
        { street: 'Lagerweg 5', city: 'Garching', company: 'Hueber Haustechnik GmbH', shipping: true },
      ],
    });
    // Without shipping cells the billing address is the shipping address too.
    expect(martin).toMatchObject({
      company: 'Martin; Fils SARL',
      excludeTax: true,
      addresses: [
        { apartment: '2e étage', billing: true, shipping: true, defaultBilling: true, defaultShipping: true },
      ],
    });
    expect(martin).not.toHaveProperty('priceList');
    // A spreadsheet's lower-case country is the ISO code.
    expect(smith).toMatchObject({ currency: 'GBP', locale: 'en', addresses: [{ country: 'GB' }] });
    for (const record of records(items)) expect(issues(record), JSON.stringify(record)).toEqual([]);
  });

  it('leaves the addresses out of a row without address cells, so the stored ones stay', async () => {
    const items = await parse(text('customer_number,email,first_name,last_name,street,city\nK-1,a@b.de,A,B,,\n'));
    expect(records(items)).toEqual([customer({ email: 'a@b.de', firstName: 'A', lastName: 'B' })]);
  });

  it('reports an unreadable cell with the customer number and the column, and reads the other rows', async () => {
    const items = await parse(
      text(
        'customer_number;email;first_name;last_name;exclude_tax\r\nK-1;a@b.de;A;B;vielleicht\r\nK-2;c@d.de;C;D;ja\r\n',
      ),
    );
    expect(faults(items)).toEqual([
      {
        at: { file: 'test.csv', line: 2 },
        fault: { id: 'K-1', field: 'exclude_tax', reason: expect.stringContaining('"vielleicht"') },
      },
    ]);
    expect(records(items)).toEqual([
      customer({ customernum: 'K-2', email: 'c@d.de', firstName: 'C', lastName: 'D', excludeTax: true }),
    ]);
  });
});

describe('the customer record', () => {
  it('takes a customer with its addresses, and fills the defaults', () => {
    const parsed = importRecordSchema.parse(customer({ addresses: [{ ...address, country: 'DE', billing: true }] }));
    expect(parsed).toMatchObject({ locale: 'de', currency: 'EUR', excludeTax: false });
    expect(parsed).toMatchObject({ addresses: [{ billing: true, shipping: false, defaultBilling: false }] });
  });

  it('names the field of each problem in words', () => {
    expect(issues(customer({ email: 'anna(at)example.com', currency: 'CHF', priceList: 'a;b' }))).toEqual([
      ['email', expect.stringContaining('e-mail address')],
      ['currency', 'must be one of EUR, GBP, USD'],
      ['priceList', expect.stringContaining('letters, digits')],
    ]);
    expect(issues(customer({ addresses: [{ ...address, country: 'XX', billing: true }] }))).toEqual([
      ['addresses.0.country', expect.stringContaining('ISO code')],
    ]);
    // The address form's own rules: a postal code, a VAT id.
    expect(
      issues(customer({ addresses: [{ ...address, postalCode: '#', vatId: '1', country: 'DE', billing: true }] })),
    ).toEqual([
      ['addresses.0.postalCode', expect.any(String)],
      ['addresses.0.vatId', expect.any(String)],
    ]);
  });

  it('refuses an address of no use, two defaults of a kind, a password and unknown fields', () => {
    expect(issues(customer({ addresses: [{ ...address, country: 'DE' }] }))).toEqual([
      ['addresses.0', 'must be a billing or a shipping address (or both)'],
    ]);
    const both = { ...address, country: 'DE', defaultBilling: true };
    expect(issues(customer({ addresses: [both, both] }))).toEqual([
      ['addresses', 'only one address can be the default billing address'],
    ]);
    expect(issues(customer({ passwordHash: 'x' }))).toEqual([['', expect.stringContaining('passwordHash')]]);
  });
});
