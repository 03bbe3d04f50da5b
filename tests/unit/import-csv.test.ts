import { describe, expect, it } from 'vitest';
import { importRecordSchema, type ParsedItem } from '#lib/import/record-contract.ts';
import { parseCsv } from '#lib/server/import/csv.ts';
import { CSV_COLUMNS, PRODUCT_COLUMNS } from '#lib/server/import/csv-columns.ts';
import { chunked, collect, importFixture } from '#tests/helpers/import-input.ts';

const parse = (bytes: Uint8Array, chunkSize?: number, file = 'test.csv') =>
  collect(parseCsv(chunked(bytes, chunkSize), { file }));
const parseFixture = (name: string, chunkSize?: number) => parse(importFixture(name), chunkSize, name);
const text = (csv: string) => new TextEncoder().encode(csv);

const records = (items: ParsedItem[]) => items.flatMap((item) => ('record' in item ? [item.record] : []));
const faults = (items: ParsedItem[]) => items.flatMap((item) => ('fault' in item ? [item] : []));
const lines = (items: ParsedItem[]) => items.map((item) => item.at.line);
const eur = (cents: number, minQuantity = 1) => ({ list: 'base', currency: 'EUR', cents, minQuantity });

/** Each record passes the importer's schema and gives no field as undefined (an empty cell leaves it out). */
function expectValidRecords(items: ParsedItem[]) {
  for (const record of records(items)) {
    expect(record).toStrictEqual(JSON.parse(JSON.stringify(record)));
    const result = importRecordSchema.safeParse(record);
    expect(result.error?.issues, JSON.stringify(record)).toBeUndefined();
  }
}

describe('parseCsv', () => {
  it('reads a special price and its last day beside the price, in a product file and a price file', async () => {
    const products = await parse(
      text(
        'sku;name_de;price;special_price;special_price_until\nSP-1;Angebot;24,99;19,99;31.3.2027\nSP-2;Dauer;9,99;8,99;\n',
      ),
    );
    expect(faults(products)).toEqual([]);
    expect(records(products).map((record) => record.prices)).toEqual([
      [{ ...eur(2499), specialCents: 1999, specialUntil: '2027-03-31' }],
      [{ ...eur(999), specialCents: 899 }],
    ]);
    expectValidRecords(products);
    const prices = await parse(text('sku,price,special_price,special_price_until\nSP-1,24.99,19.99,2027-03-31\n'));
    expect(records(prices)).toEqual([
      { kind: 'prices', sku: 'SP-1', prices: [{ ...eur(2499), specialCents: 1999, specialUntil: '2027-03-31' }] },
    ]);
  });

  it('refuses a last day that is no date', async () => {
    const items = await parse(
      text('sku;name_de;price;special_price;special_price_until\nSP-1;Angebot;24,99;19,99;Ende März\n'),
    );
    expect(faults(items)).toMatchObject([{ fault: { field: 'special_price_until' } }]);
  });

  it('reads what German Excel saves: windows-1252, semicolons, CRLF, decimal commas, a quoted cell over two lines', async () => {
    const items = await parseFixture('products-excel-de.csv');
    expect(faults(items)).toEqual([]);
    expect(lines(items)).toEqual([2, 4, 5, 6, 7, 8]);
    expect(records(items)).toEqual([
      {
        kind: 'product',
        sku: 'BM-2000',
        texts: {
          de: {
            name: 'Bohrmaschine 2000 W',
            description: 'Kräftige Schlagbohrmaschine; mit Koffer.\nFür Beton & Stein.',
            keywords: ['bohren', 'Schlagbohrmaschine'],
          },
          en: { name: 'Drill 2000 W' },
        },
        categories: ['werkzeug', 'bohren'],
        features: [
          { name: 'Leistung', value: '2000', unit: 'W' },
          { name: 'Gewicht', value: '5.4', unit: 'kg' },
          { name: 'Farbe', value: 'Grün' },
        ],
        gtin: '4006012345678',
        manufacturerName: 'Hüttl GmbH',
        orderUnit: 'C62',
        minQuantity: 1,
        taxPercent: 19,
        prices: [eur(123450), eur(115000, 10), eur(109990, 50)],
        stock: 12,
        images: [{ source: 'bilder/bm-2000.jpg' }, { source: 'https://cdn.example.com/bm-2000-2.jpg' }],
        references: [
          { type: 'accessory', sku: 'BOHRER-SET', quantity: 1 },
          { type: 'accessory', sku: 'DL-5', quantity: 2 },
          { type: 'included', sku: 'KOFFER', quantity: 1 },
        ],
      },
      {
        kind: 'product',
        sku: 'BM-2000-B',
        parentSku: 'BM-2000',
        texts: { de: { name: 'Bohrmaschine 2000 W, blau' } },
        categories: ['werkzeug', 'bohren'],
        features: [
          { name: 'Leistung', value: '2000', unit: 'W' },
          { name: 'Gewicht', value: '5.4', unit: 'kg' },
          { name: 'Farbe', value: 'Blau' },
        ],
        manufacturerName: 'Hüttl GmbH',
        orderUnit: 'C62',
        taxPercent: 19,
        prices: [eur(124900)],
        stock: 3,
        images: [{ source: 'bilder/bm-2000-blau.jpg' }],
      },
      {
        kind: 'product',
        sku: 'BOHRER-SET',
        texts: { de: { name: 'Bohrer-Set 10-teilig Ø 3–10 mm', keywords: ['Bohrer'] }, en: { name: 'Drill bit set' } },
        categories: ['zubehoer'],
        features: [{ name: 'Gewicht', value: '0.8', unit: 'kg' }],
        gtin: '4006012345685',
        orderUnit: 'PK',
        minQuantity: 1,
        taxPercent: 19,
        prices: [eur(2490)],
      },
      {
        kind: 'product',
        sku: 'DL-5',
        texts: { de: { name: 'Dübel 5 mm (100 Stück)' }, en: { name: 'Wall plugs 5 mm' } },
        categories: ['befestigung'],
        orderUnit: 'PK',
        minQuantity: 5,
        taxPercent: 19,
        prices: [eur(450), eur(420, 5), eur(395, 20)],
        stock: 1500,
      },
      {
        kind: 'product',
        sku: 'KOFFER',
        texts: { de: { name: 'Transportkoffer „Profi“' }, en: { name: 'Carrying case' } },
        categories: ['zubehoer'],
        features: [{ name: 'Farbe', value: 'Schwarz' }],
        orderUnit: 'C62',
        taxPercent: 19,
        prices: [eur(1999)],
        stock: 0,
      },
      {
        kind: 'product',
        sku: 'SCHLEIFER',
        texts: {
          de: { name: 'Schleifer 300 W, 5 € Rabatt', keywords: ['schleifen', 'Größe S'] },
          en: { name: 'Sander 300 W' },
        },
        categories: ['werkzeug'],
        features: [
          { name: 'Leistung', value: '300', unit: 'W' },
          { name: 'Gewicht', value: '1.25', unit: 'kg' },
        ],
        orderUnit: 'C62',
        taxPercent: 7,
        prices: [eur(8900)],
        stock: 7,
        images: [{ source: 'bilder/schleifer.jpg' }],
      },
    ]);
    expectValidRecords(items);
  });

  it('reads UTF-8 with a byte order mark, commas and decimal dots; header names in any case; deletions', async () => {
    const items = await parseFixture('products-utf8-bom.csv');
    expect(faults(items)).toEqual([]);
    expect(lines(items)).toEqual([2, 4, 5]);
    expect(records(items)).toEqual([
      {
        kind: 'product',
        sku: 'CAFE-1',
        texts: {
          en: { name: 'Espresso machine', description: 'Brews 2 cups, "barista" style.\nDescaler included.' },
          fr: { name: 'Machine à café' },
        },
        features: [
          { name: 'Power', value: '1450.5', unit: 'W' },
          { name: 'Colour', value: 'Red' },
          { name: 'Colour', value: 'Crème' },
        ],
        prices: [eur(123450), eur(119990, 10), eur(115000, 50)],
        documents: [{ source: 'docs/cafe-1.pdf' }],
      },
      {
        kind: 'product',
        sku: 'CAFE-2',
        texts: { en: { name: 'Milk jug 0.5 l' }, fr: { name: 'Pot à lait' } },
        prices: [eur(1250)],
      },
      { kind: 'delete', sku: 'OLD-7' },
    ]);
    expectValidRecords(items);
  });

  it('reads a category file', async () => {
    const items = await parseFixture('categories.csv');
    expect(lines(items)).toEqual([2, 3, 4, 5]);
    expect(records(items)).toEqual([
      {
        kind: 'category',
        id: 'werkzeug',
        position: 1,
        names: { de: 'Werkzeug', en: 'Tools' },
        descriptions: { de: 'Alles für die Werkstatt.' },
      },
      { kind: 'category', id: 'bohren', parentId: 'werkzeug', position: 2, names: { de: 'Bohren', en: 'Drilling' } },
      { kind: 'category', id: 'zubehoer', parentId: 'werkzeug', names: { de: 'Zubehör', en: 'Accessories' } },
      { kind: 'category', id: 'befestigung', position: 3, names: { de: 'Befestigung' } },
    ]);
    expectValidRecords(items);
  });

  it('reads a stock file', async () => {
    const items = await parseFixture('stock.csv');
    expect(items).toEqual([
      { at: { file: 'stock.csv', line: 2 }, record: { kind: 'stock', sku: 'BM-2000', stock: 12 } },
      { at: { file: 'stock.csv', line: 3 }, record: { kind: 'stock', sku: 'DL-5', stock: 1500 } },
      { at: { file: 'stock.csv', line: 4 }, record: { kind: 'stock', sku: 'KOFFER', stock: 0 } },
    ]);
    expectValidRecords(items);
  });

  it("reads a price file: a sku's consecutive rows (its tiers and lists) are one record", async () => {
    const items = await parseFixture('prices.csv');
    expect(items).toEqual([
      {
        at: { file: 'prices.csv', line: 2 },
        record: {
          kind: 'prices',
          sku: 'BM-2000',
          prices: [eur(123450), eur(115000, 10), { list: 'HAENDLER', currency: 'EUR', cents: 110000, minQuantity: 1 }],
        },
      },
      {
        at: { file: 'prices.csv', line: 5 },
        record: { kind: 'prices', sku: 'DL-5', prices: [eur(450), eur(395, 20)] },
      },
      {
        at: { file: 'prices.csv', line: 7 },
        record: {
          kind: 'prices',
          sku: 'KOFFER',
          prices: [{ list: 'base', currency: 'CHF', cents: 2150, minQuantity: 1 }],
        },
      },
    ]);
    expectValidRecords(items);
  });

  it('yields the same fed one byte at a time, across windows-1252, multi-byte characters, quotes and CRLF', async () => {
    for (const name of ['products-excel-de.csv', 'products-utf8-bom.csv', 'prices.csv', 'products-3-bad.csv']) {
      expect(await parseFixture(name, 1), name).toEqual(await parseFixture(name));
    }
  });

  it('turns each unreadable row into a fault with its sku, column and line, and reads the other rows', async () => {
    const items = await parseFixture('products-3-bad.csv');
    expect(records(items).map((record) => record.sku)).toEqual([
      'P-01',
      'P-02',
      'P-04',
      'P-05',
      'P-07',
      'P-08',
      'P-10',
    ]);
    expect(faults(items)).toEqual([
      {
        at: { file: 'products-3-bad.csv', line: 4 },
        fault: { id: 'P-03', field: 'price', reason: '"12,5x" is not a number (write it like 1.234,50)' },
      },
      {
        at: { file: 'products-3-bad.csv', line: 7 },
        fault: { id: 'P-06', field: 'gtin', reason: expect.stringContaining('scientific notation') },
      },
      {
        at: { file: 'products-3-bad.csv', line: 10 },
        fault: { id: 'P-09', reason: expect.stringContaining('4 cells where the header has 5') },
      },
    ]);
    expectValidRecords(items);
  });

  it('names the columns a file needs when its header fits no kind, and reads no further', async () => {
    const items = await parse(text('Artikelnummer;Bezeichnung;Preis\r\nA-1;Hammer;9,90\r\n'));
    expect(items).toEqual([{ at: { file: 'test.csv', line: 1 }, fault: { reason: expect.any(String) } }]);
    const { reason } = faults(items)[0]!.fault;
    for (const needed of ['sku', 'name_de', 'category_id', 'price', 'stock', 'Artikelnummer']) {
      expect(reason).toContain(needed);
    }
    expect(faults(await parse(text('')))).toEqual([
      { at: { file: 'test.csv', line: 1 }, fault: { reason: 'The file is empty: it has no header row.' } },
    ]);
  });

  it('tells a stock file from a price file by its columns, and reports columns it does not read', async () => {
    const items = await parse(text('SKU;Stock;Lager\nA-1;5;Halle 2\n'));
    expect(items).toEqual([
      {
        at: { file: 'test.csv', line: 1 },
        fault: { field: 'Lager', reason: 'These columns are not columns of a stock file and are not read: Lager.' },
      },
      { at: { file: 'test.csv', line: 2 }, record: { kind: 'stock', sku: 'A-1', stock: 5 } },
    ]);
  });

  it('leaves out a sku of a price file whose rows are not all readable', async () => {
    const items = await parse(text('sku;min_quantity;price\nA;;1,00\nA;10;0,9O\nB;;2,00\n'));
    expect(lines(items)).toEqual([3, 4]);
    expect(faults(items)[0]!.fault).toMatchObject({ id: 'A', field: 'price' });
    expect(records(items)).toEqual([{ kind: 'prices', sku: 'B', prices: [eur(200)] }]);
  });

  it('rounds money to cents from its digits and refuses more than four decimals', async () => {
    const csv = 'sku,name_en,price\nA,a,1.005\nB,b,0.0049\nC,c,"1,000.1250"\nD,d,1.23456\n';
    const items = await parse(text(csv));
    expect(records(items).map((record) => (record.prices as { cents: number }[])[0]!.cents)).toEqual([101, 0, 100013]);
    expect(faults(items)).toEqual([
      {
        at: { file: 'test.csv', line: 5 },
        fault: { id: 'D', field: 'price', reason: '"1.23456" has more than 4 decimal places' },
      },
    ]);
  });

  it('reads tab-separated files and leaves values it can read but the schema refuses to the schema', async () => {
    const items = await parse(text('sku\tname_de\tmin_quantity\tdelete\nA\t\t2.5\t\nB\tb\t\tnein\n'));
    expect(records(items)).toEqual([
      { kind: 'product', sku: 'A', minQuantity: 2.5 },
      { kind: 'product', sku: 'B', texts: { de: { name: 'b' } } },
    ]);
    expect(importRecordSchema.safeParse(records(items)[0]).success).toBe(false);
  });

  it('keeps the rows before a quote that is never closed and reports where it opens', async () => {
    const items = await parse(text('sku;name_de\r\nA;"eins\r\nzwei"\r\nB;"drei\r\nC;vier\r\n'));
    expect(records(items)).toEqual([{ kind: 'product', sku: 'A', texts: { de: { name: 'eins\nzwei' } } }]);
    expect(faults(items)).toEqual([
      { at: { file: 'test.csv', line: 4 }, fault: { reason: expect.stringContaining('never closed') } },
    ]);
  });

  it('decides the encoding on the first 64 KB even when a character straddles its end', async () => {
    // 15 ASCII bytes, then two-byte characters: the one at byte 65535 is cut by the 64 KB mark.
    const items = await parse(text(`sku;name_de\nab;${'ä'.repeat(40_000)}\n`), 4096);
    expect(records(items)).toEqual([{ kind: 'product', sku: 'ab', texts: { de: { name: 'ä'.repeat(40_000) } } }]);
  });

  it('streams a 50,000-row file', async () => {
    async function* generated(): AsyncGenerator<Uint8Array> {
      yield text('sku;name_de;price;stock\r\n');
      for (let block = 0; block < 500; block++) {
        let rows = '';
        for (let i = block * 100; i < (block + 1) * 100; i++) rows += `P-${i};Artikel ${i};${i},99;${i % 50}\r\n`;
        yield text(rows);
      }
    }
    let count = 0;
    let last: ParsedItem | undefined;
    for await (const item of parseCsv(generated(), { file: 'big.csv' })) {
      if ('fault' in item) throw new Error(item.fault.reason);
      count++;
      last = item;
    }
    expect(count).toBe(50_000);
    expect(last?.at.line).toBe(50_001);
  });

  it('documents every column with an example, and reads each kind with all its documented columns', async () => {
    expect(PRODUCT_COLUMNS.map(({ column }) => column)).toEqual(
      expect.arrayContaining(['sku', 'name_<locale>', 'tier_prices', 'feature:<Name> [<unit>]']),
    );
    for (const [kind, columns] of Object.entries(CSV_COLUMNS)) {
      for (const column of columns) expect(column.description && column.example, column.column).toBeTruthy();
      const header = columns.map(({ column }) =>
        column.replace('<locale>', 'de').replace('<Name> [<unit>]', 'Farbe').replace('<field>', 'street'),
      );
      const items = await parse(text(`${header.join(';')}\nA;${';'.repeat(header.length - 2)}\n`));
      expect(faults(items), kind).toEqual([]);
      expect(records(items)[0]?.kind, kind).toBe({ price: 'prices' }[kind] ?? kind);
    }
  });
});
