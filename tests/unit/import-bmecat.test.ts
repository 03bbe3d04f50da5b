import { createReadStream, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { importRecordSchema, type ParsedItem } from '#lib/import/record-contract.ts';
import { parseBmecat } from '#lib/server/import/bmecat.ts';
import { ENTITIES_REFUSED } from '#lib/server/import/bmecat-reader.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/import/${name}`, import.meta.url));
const TODAY = new Date('2026-11-27');

async function collect(input: AsyncIterable<Uint8Array>, file: string): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  for await (const item of parseBmecat(input, { file, today: TODAY })) items.push(item);
  return items;
}

const parseFixture = (name: string) => collect(createReadStream(fixture(name)), name);

async function* oneBytePerChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += 1) yield bytes.subarray(i, i + 1);
}

async function* chunks(...parts: (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : part;
}

const records = (items: ParsedItem[]) => items.flatMap((item) => ('record' in item ? [item.record] : []));
const faults = (items: ParsedItem[]) => items.flatMap((item) => ('fault' in item ? [item] : []));
const recordOf = (items: ParsedItem[], sku: string) => records(items).find((record) => record.sku === sku);

/** A BMEcat 2005 file around the given T_NEW_CATALOG content. */
const bmecat = (content: string, declaration = '<?xml version="1.0" encoding="UTF-8"?>') =>
  `${declaration}
<BMECAT version="2005">
  <HEADER><CATALOG><LANGUAGE>deu</LANGUAGE><CATALOG_ID>T</CATALOG_ID><CATALOG_VERSION>1</CATALOG_VERSION></CATALOG></HEADER>
  <T_NEW_CATALOG>
${content}
  </T_NEW_CATALOG>
</BMECAT>
`;

describe('parseBmecat: a BMEcat 2005 new catalogue', () => {
  test('yields the groups, then the products, then one placement per product, in file order', async () => {
    const items = await parseFixture('bmecat-2005-new.xml');
    expect(faults(items)).toEqual([]);
    expect(items.map((item) => ['record' in item && item.record.kind, item.at.line])).toEqual([
      ['category', 37],
      ['category', 47],
      ['category', 54],
      ['category', 63],
      ['category', 70],
      ['product', 78],
      ['product', 228],
      ['product', 290],
      ['product', 357],
      ['placement', 411],
      ['placement', 415],
      ['placement', 419],
      ['placement', 423],
    ]);
    for (const record of records(items)) expect(importRecordSchema.safeParse(record).error).toBeUndefined();
  });

  test('maps the group tree: the root group is no category, its children are top level', async () => {
    const categories = records(await parseFixture('bmecat-2005-new.xml')).filter((r) => r.kind === 'category');
    expect(categories).toEqual([
      {
        kind: 'category',
        id: 'EW',
        parentId: null,
        position: 1,
        names: {
          de: 'Elektrowerkzeuge',
          en: 'Power tools',
          fr: 'Outillage électroportatif',
          es: 'Herramientas eléctricas',
          it: 'Elettroutensili',
        },
        descriptions: {},
      },
      {
        kind: 'category',
        id: 'BF',
        parentId: null,
        position: 2,
        names: { de: 'Befestigungstechnik', en: 'Fixings' },
        descriptions: {},
      },
      {
        kind: 'category',
        id: 'EW-BM',
        parentId: 'EW',
        position: 1,
        names: { de: 'Bohrmaschinen', en: 'Drills' },
        descriptions: { de: 'Schlag- und Bohrmaschinen mit Netzkabel', en: 'Corded impact drills and drills' },
      },
      {
        kind: 'category',
        id: 'EW-ZB',
        parentId: 'EW',
        position: 2,
        names: { de: 'Bohrer und Zubehör', en: 'Drill bits and accessories' },
        descriptions: {},
      },
      {
        kind: 'category',
        id: 'BF-SR',
        parentId: 'BF',
        position: 1,
        names: { de: 'Holzschrauben', en: 'Wood screws' },
        descriptions: {},
      },
    ]);
  });

  test('maps every product element: texts in five languages, ETIM features, tiers, media, references', async () => {
    const items = await parseFixture('bmecat-2005-new.xml');
    const suitableFor = { name: 'Geeignet für', labels: { de: 'Geeignet für', en: 'Suitable for' } };
    expect(recordOf(items, 'SB-750')).toEqual({
      kind: 'product',
      sku: 'SB-750',
      texts: {
        de: {
          name: 'Schlagbohrmaschine SB 750',
          description:
            '<p>Kräftige 750 W für Beton, Mauerwerk und Stahl.</p><ul><li>Zahnkranzbohrfutter 13 mm</li><li>Rechts-/Linkslauf</li></ul>',
          keywords: ['Bohrmaschine', 'Schlagbohrer'],
        },
        en: {
          name: 'Impact drill SB 750',
          description: '<p>A strong 750 W for concrete, masonry and steel.</p>',
          keywords: ['hammer drill'],
        },
        fr: {
          name: 'Perceuse à percussion SB 750',
          description: "750 W pour le béton, la maçonnerie et l'acier.",
          keywords: [],
        },
        es: { name: 'Taladro percutor SB 750', keywords: [] },
        it: { name: 'Trapano a percussione SB 750', keywords: [] },
      },
      features: [
        {
          name: 'Leistungsaufnahme',
          labels: { de: 'Leistungsaufnahme', en: 'Power input' },
          value: '750',
          valueLabels: {},
          unit: 'W',
        },
        {
          name: 'Bohrdurchmesser Beton',
          labels: { de: 'Bohrdurchmesser Beton', en: 'Drilling diameter concrete' },
          value: '16',
          valueLabels: {},
          unit: 'mm',
        },
        { ...suitableFor, value: 'Beton', valueLabels: { de: 'Beton', en: 'Concrete' } },
        { ...suitableFor, value: 'Holz', valueLabels: { de: 'Holz', en: 'Wood' } },
        { ...suitableFor, value: 'Metall', valueLabels: { de: 'Metall', en: 'Metal' } },
      ],
      classification: { system: 'ETIM', version: '7.0', classId: 'EC000262' },
      gtin: '4012345000016',
      manufacturerName: 'Brandt Power Tools',
      manufacturerPid: 'BPT-SB750-2',
      orderUnit: 'C62',
      contentUnit: 'C62',
      unitsPerOrderUnit: 1,
      minQuantity: 1,
      quantityStep: 1,
      deliveryDays: 2,
      taxPercent: 19,
      // The 2027 price is not valid yet; gros_list is not a list the shop keeps.
      prices: [
        { list: 'base', currency: 'EUR', cents: 8990, minQuantity: 1 },
        { list: 'base', currency: 'EUR', cents: 8450, minQuantity: 10 },
        { list: 'base', currency: 'EUR', cents: 7900, minQuantity: 50 },
        { list: 'net_customer', currency: 'EUR', cents: 8200, minQuantity: 1 },
        { list: 'nrp', currency: 'EUR', cents: 12900, minQuantity: 1 },
      ],
      // The thumbnail repeats the main image's source; the manufacturer's logo is no product image.
      images: [
        {
          source: 'images/drill-750.jpg',
          alt: { de: 'Schlagbohrmaschine SB 750 von vorn', en: 'Impact drill SB 750, front view' },
        },
        { source: 'images/drill-750-side.jpg', alt: { de: 'Seitenansicht' } },
      ],
      documents: [
        { source: 'docs/drill-750.pdf', title: { de: 'Technisches Datenblatt', en: 'Technical data sheet' } },
      ],
      // followup is not a reference the shop shows.
      references: [
        { type: 'accessory', sku: 'BS-HSS-8', quantity: 1 },
        { type: 'included', sku: 'ZH-43', quantity: 1 },
      ],
    });
  });

  test('maps a pack of 100 pieces sold in steps of two packs, with tiers from 2 and 20 packs', async () => {
    expect(recordOf(await parseFixture('bmecat-2005-new.xml'), 'SP-4X40')).toEqual({
      kind: 'product',
      sku: 'SP-4X40',
      texts: {
        de: {
          name: 'Spanplattenschraube 4 x 40 mm, Senkkopf, verzinkt',
          keywords: ['Holzschraube', 'Senkkopfschraube'],
        },
        en: { name: 'Chipboard screw 4 x 40 mm, countersunk, zinc plated', keywords: [] },
      },
      features: [
        {
          name: 'Nenndurchmesser',
          labels: { de: 'Nenndurchmesser', en: 'Nominal diameter' },
          value: '4',
          valueLabels: {},
          unit: 'mm',
        },
        { name: 'Länge', labels: { de: 'Länge', en: 'Length' }, value: '40', valueLabels: {}, unit: 'mm' },
        {
          name: 'Oberfläche',
          labels: { de: 'Oberfläche', en: 'Surface' },
          value: 'verzinkt',
          valueLabels: { de: 'verzinkt', en: 'zinc plated' },
        },
      ],
      classification: { system: 'ETIM', version: '7.0', classId: 'EC000843' },
      gtin: '4012345000030',
      manufacturerName: 'Schraubenwerk Ostalb',
      manufacturerPid: 'SPS-4040-VZ',
      orderUnit: 'PK',
      contentUnit: 'C62',
      unitsPerOrderUnit: 100,
      minQuantity: 2,
      quantityStep: 2,
      deliveryDays: 3,
      taxPercent: 19,
      prices: [
        { list: 'base', currency: 'EUR', cents: 495, minQuantity: 2 },
        { list: 'base', currency: 'EUR', cents: 445, minQuantity: 20 },
      ],
      images: [{ source: 'images/chipboard-screw-4x40.jpg', alt: {} }],
      documents: [],
      references: [],
    });
  });

  test('a customer price is the list price when there is no net_list; its currency is the catalogue one', async () => {
    const set = recordOf(await parseFixture('bmecat-2005-new.xml'), 'BS-HSS-8');
    expect(set?.prices).toEqual([{ list: 'base', currency: 'EUR', cents: 1845, minQuantity: 1 }]);
    expect(set?.documents).toEqual([{ source: 'docs/hss-set-8-sdb.pdf', title: { de: 'Sicherheitsdatenblatt' } }]);
    // One feature entry per value of a multi-value feature.
    expect((set?.features as { value: string }[]).map((feature) => feature.value)).toEqual([
      'HSS-G',
      '3',
      '4',
      '5',
      '6',
      '8',
      '10',
    ]);
  });

  test('divides by PRICE_QUANTITY exactly: 59.95 for 10 pieces is 600 cents, not 599', async () => {
    const handle = recordOf(await parseFixture('bmecat-2005-new.xml'), 'ZH-43');
    expect(handle?.prices).toEqual([{ list: 'base', currency: 'EUR', cents: 600, minQuantity: 1 }]);
    // Texts without lang are in the catalogue's language; part of a day is the next day.
    expect(handle?.texts).toEqual({
      de: {
        name: 'Zusatzhandgriff für Spannhals 43 mm',
        description: 'Mit Tiefenanschlag, für Bohrmaschinen mit 43-mm-Spannhals.',
        keywords: ['Seitengriff'],
      },
    });
    expect(handle?.deliveryDays).toBe(2);
  });

  test('keeps HTML written as elements in a description, as text for the importer to sanitize', async () => {
    const xml = bmecat(`<PRODUCT><SUPPLIER_PID>H-1</SUPPLIER_PID><PRODUCT_DETAILS>
<DESCRIPTION_SHORT>Hammer</DESCRIPTION_SHORT>
<DESCRIPTION_LONG>Für <b class="hint">Beton</b> &amp; Stein<br/>bis 16 mm</DESCRIPTION_LONG></PRODUCT_DETAILS></PRODUCT>`);
    const [item] = await collect(chunks(xml), 'html.xml');
    expect(item && 'record' in item && item.record.texts).toEqual({
      de: { name: 'Hammer', description: 'Für <b class="hint">Beton</b> & Stein<br />bis 16 mm', keywords: [] },
    });
  });

  test('places each product in its groups, in map order', async () => {
    const placements = records(await parseFixture('bmecat-2005-new.xml')).filter((r) => r.kind === 'placement');
    expect(placements).toEqual([
      { kind: 'placement', sku: 'SB-750', categories: ['EW-BM'] },
      { kind: 'placement', sku: 'BS-HSS-8', categories: ['EW-ZB', 'EW-BM'] },
      { kind: 'placement', sku: 'SP-4X40', categories: ['BF-SR'] },
      { kind: 'placement', sku: 'ZH-43', categories: ['EW-ZB'] },
    ]);
  });
});

describe('parseBmecat: updates', () => {
  test('T_UPDATE_PRODUCTS gives the updated product and the deletion; no placement for a deleted product', async () => {
    const items = await parseFixture('bmecat-2005-update.xml');
    const at = (line: number) => ({ file: 'bmecat-2005-update.xml', line });
    expect(items).toEqual([
      {
        at: at(17),
        record: {
          kind: 'product',
          sku: 'SB-750',
          texts: {
            de: { name: 'Schlagbohrmaschine SB 750, mit Koffer', keywords: [] },
            en: { name: 'Impact drill SB 750, with case', keywords: [] },
          },
          features: [],
          gtin: '4012345000016',
          manufacturerName: 'Brandt Power Tools',
          orderUnit: 'C62',
          deliveryDays: 5,
          taxPercent: 19,
          prices: [{ list: 'base', currency: 'EUR', cents: 9240, minQuantity: 1 }],
          images: [],
          documents: [],
          references: [],
        },
      },
      { at: at(37), record: { kind: 'delete', sku: 'SP-4X40' } },
      // The entry with mode="delete" takes SB-750 out of EW-ZB: it is not among its groups.
      { at: at(40), record: { kind: 'placement', sku: 'SB-750', categories: ['EW-BM'] } },
    ]);
    for (const record of records(items)) expect(importRecordSchema.safeParse(record).error).toBeUndefined();
  });

  test('T_UPDATE_PRICES gives prices only, those valid today, without the tax rate', async () => {
    const items = await parseFixture('bmecat-2005-prices.xml');
    const at = (line: number) => ({ file: 'bmecat-2005-prices.xml', line });
    expect(items).toEqual([
      {
        at: at(16),
        record: {
          kind: 'prices',
          sku: 'SB-750',
          prices: [
            { list: 'base', currency: 'EUR', cents: 8790, minQuantity: 1 },
            { list: 'base', currency: 'EUR', cents: 8290, minQuantity: 10 },
          ],
        },
      },
      // BS-HSS-8's only price is for TERRITORY CH: not a German shop's, so there is nothing to update.
    ]);
    for (const record of records(items)) expect(importRecordSchema.safeParse(record).error).toBeUndefined();
    const swiss: ParsedItem[] = [];
    const file = createReadStream(fixture('bmecat-2005-prices.xml'));
    for await (const item of parseBmecat(file, { file: 'p.xml', today: TODAY, country: 'CH' })) swiss.push(item);
    expect(recordOf(swiss, 'BS-HSS-8')?.prices).toEqual([
      { list: 'base', currency: 'CHF', cents: 1795, minQuantity: 1 },
    ]);
  });
});

describe('parseBmecat: prices for territories', () => {
  const product = bmecat(`
    <PRODUCT mode="new">
      <SUPPLIER_PID>T-1</SUPPLIER_PID>
      <PRODUCT_DETAILS><DESCRIPTION_SHORT>Territorial</DESCRIPTION_SHORT></PRODUCT_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>11.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>10.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TERRITORY>AT</TERRITORY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>9.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TERRITORY>DE-BY</TERRITORY><TERRITORY>CH</TERRITORY></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
    </PRODUCT>`);
  const pricesFor = async (country: string) => {
    const items: ParsedItem[] = [];
    for await (const item of parseBmecat(chunks(product), { file: 't.xml', today: TODAY, country })) items.push(item);
    return recordOf(items, 'T-1')?.prices;
  };

  test("the shop's country's price beats the one for everywhere; other territories' prices are left out", async () => {
    expect(await pricesFor('DE')).toEqual([{ list: 'base', currency: 'EUR', cents: 900, minQuantity: 1 }]);
    expect(await pricesFor('at')).toEqual([{ list: 'base', currency: 'EUR', cents: 1000, minQuantity: 1 }]);
    expect(await pricesFor('FR')).toEqual([{ list: 'base', currency: 'EUR', cents: 1100, minQuantity: 1 }]);
  });
});

describe('parseBmecat: dated offers', () => {
  const withOffer = (offerEnd: string) =>
    bmecat(`
    <PRODUCT mode="new">
      <SUPPLIER_PID>O-1</SUPPLIER_PID>
      <PRODUCT_DETAILS><DESCRIPTION_SHORT>On offer</DESCRIPTION_SHORT></PRODUCT_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>20.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>18.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><LOWER_BOUND>10</LOWER_BOUND></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
      <PRODUCT_PRICE_DETAILS>
        <DATETIME type="valid_start_date"><DATE>2020-01-01</DATE></DATETIME>
        <DATETIME type="valid_end_date"><DATE>${offerEnd}</DATE></DATETIME>
        <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>15.00</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY></PRODUCT_PRICE>
      </PRODUCT_PRICE_DETAILS>
    </PRODUCT>`);
  const pricesOf = async (file: string) => recordOf(await collect(chunks(file), 'o.xml'), 'O-1')?.prices;

  test('a dated price below the standing one is its special price, until the last day of its details', async () => {
    expect(await pricesOf(withOffer('2026-12-31'))).toEqual([
      { list: 'base', currency: 'EUR', cents: 2000, minQuantity: 1, specialCents: 1500, specialUntil: '2026-12-31' },
      { list: 'base', currency: 'EUR', cents: 1800, minQuantity: 10 },
    ]);
  });

  test('an offer that has ended is left out', async () => {
    expect(await pricesOf(withOffer('2020-01-31'))).toEqual([
      { list: 'base', currency: 'EUR', cents: 2000, minQuantity: 1 },
      { list: 'base', currency: 'EUR', cents: 1800, minQuantity: 10 },
    ]);
  });
});

describe('parseBmecat: BMEcat 1.2', () => {
  test('maps ARTICLE elements as 2005 maps PRODUCT: the same article gives the same record', async () => {
    const [old, current] = await Promise.all([parseFixture('bmecat-1.2.xml'), parseFixture('bmecat-2005-new.xml')]);
    expect(faults(old)).toEqual([]);
    expect(recordOf(old, 'ZH-43')).toEqual(recordOf(current, 'ZH-43'));
    expect(old.map((item) => ['record' in item && item.record.kind, item.at.line])).toEqual([
      ['category', 25],
      ['category', 31],
      ['product', 39],
      ['product', 93],
      ['placement', 137],
      ['placement', 141],
    ]);
    expect(recordOf(old, 'BH-SDS-10')).toMatchObject({
      gtin: '4012345000054',
      manufacturerPid: 'SDS-10160',
      minQuantity: 5,
      quantityStep: 5,
      prices: [
        { list: 'base', currency: 'EUR', cents: 320, minQuantity: 1 },
        { list: 'nrp', currency: 'EUR', cents: 549, minQuantity: 1 },
      ],
      references: [{ type: 'accessory', sku: 'ZH-43', quantity: 1 }],
    });
    expect(records(old).filter((r) => r.kind === 'placement')).toEqual([
      { kind: 'placement', sku: 'ZH-43', categories: ['EW-ZB'] },
      { kind: 'placement', sku: 'BH-SDS-10', categories: ['EW-ZB'] },
    ]);
    for (const record of records(old)) expect(importRecordSchema.safeParse(record).error).toBeUndefined();
  });

  test('reads a file without a version attribute by its element names', async () => {
    const xml = readFileSync(fixture('bmecat-1.2.xml'), 'utf8').replace('<BMECAT version="1.2"', '<BMECAT');
    const items = await collect(chunks(xml), 'no-version.xml');
    expect(records(items).map((record) => record.sku ?? record.id)).toEqual([
      'EW',
      'EW-ZB',
      'ZH-43',
      'BH-SDS-10',
      'ZH-43',
      'BH-SDS-10',
    ]);
  });
});

describe('parseBmecat: encodings and chunks', () => {
  const latin1Names = {
    category: 'Meßwerkzeuge für Außenmaße',
    product: 'Maßband 5 m, Gehäuse aus schlagfestem Kunststoff',
  };

  test('reads ISO-8859-1: umlauts and ß are single bytes in the file', async () => {
    const bytes = readFileSync(fixture('bmecat-latin1.xml'));
    expect(bytes.includes(0xdf)).toBe(true); // ß as one byte: the fixture really is Latin-1
    const items = await parseFixture('bmecat-latin1.xml');
    expect(records(items)).toEqual([
      {
        kind: 'category',
        id: 'MW',
        parentId: null,
        position: 0,
        names: { de: latin1Names.category },
        descriptions: {},
      },
      {
        kind: 'product',
        sku: 'MB-5',
        texts: {
          de: {
            name: latin1Names.product,
            description: 'Stahlband mit Rückholsperre; Öse für Außen- und Innenmaße, Genauigkeit ± 1 mm, Winkel 90°.',
            keywords: ['Rollbandmaß'],
          },
        },
        features: [
          { name: 'Bandlänge', labels: { de: 'Bandlänge' }, value: '5', valueLabels: {}, unit: 'm' },
          { name: 'Gehäusefarbe', labels: { de: 'Gehäusefarbe' }, value: 'Grün', valueLabels: {} },
        ],
        prices: [],
        images: [],
        documents: [],
        references: [],
      },
    ]);
  });

  test('gives the same items fed one byte per chunk, UTF-8 and Latin-1 alike', async () => {
    for (const name of ['bmecat-2005-new.xml', 'bmecat-latin1.xml']) {
      const whole = await parseFixture(name);
      const bytewise = await collect(oneBytePerChunk(readFileSync(fixture(name))), name);
      expect(bytewise).toEqual(whole);
    }
  });

  test('joins a UTF-8 character split across chunks and skips a byte order mark', async () => {
    const bytes = new TextEncoder().encode(
      bmecat(
        '<PRODUCT><SUPPLIER_PID>K-1</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Kühler</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>',
      ),
    );
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of ü
    const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
    const items = await collect(chunks(bom, bytes.subarray(0, split), bytes.subarray(split)), 'split.xml');
    expect(records(items)).toEqual([
      expect.objectContaining({ sku: 'K-1', texts: { de: { name: 'Kühler', keywords: [] } } }),
    ]);
  });

  test('refuses bytes that are not UTF-8 when the file declares no other encoding', async () => {
    const bytes = Buffer.from(
      bmecat('<PRODUCT><SUPPLIER_PID>K-1</SUPPLIER_PID></PRODUCT>').replace('K-1', 'Kühler'),
      'latin1',
    );
    const items = await collect(chunks(bytes), 'not-utf8.xml');
    expect(records(items)).toEqual([]);
    expect(faults(items)).toEqual([
      {
        at: { file: 'not-utf8.xml', line: expect.any(Number) },
        fault: { reason: expect.stringContaining('not valid utf-8') },
      },
    ]);
  });

  test('refuses an encoding it cannot decode', async () => {
    const items = await collect(chunks(bmecat('', '<?xml version="1.0" encoding="x-klingon"?>')), 'klingon.xml');
    expect(items).toEqual([
      {
        at: { file: 'klingon.xml', line: 1 },
        fault: { reason: expect.stringContaining('"x-klingon" is not supported') },
      },
    ]);
  });
});

describe('parseBmecat: unsafe and broken files', () => {
  test.each(['bmecat-entities.xml', 'bmecat-xxe.xml'])('refuses the entity declarations of %s', async (name) => {
    const items = await parseFixture(name);
    expect(items).toHaveLength(1);
    expect(items[0]).toEqual({ at: { file: name, line: expect.any(Number) }, fault: { reason: ENTITIES_REFUSED } });
  });

  test('an entity that is not declared is an XML error', async () => {
    const items = await collect(
      chunks(bmecat('<PRODUCT><SUPPLIER_PID>&xxe;</SUPPLIER_PID></PRODUCT>')),
      'undefined.xml',
    );
    expect(items).toEqual([
      { at: { file: 'undefined.xml', line: 5 }, fault: { reason: expect.stringContaining('undefined entity') } },
    ]);
  });

  test('malformed XML: the product before the error, then one fault at its line, then nothing', async () => {
    const items = await parseFixture('bmecat-malformed.xml');
    expect(items).toEqual([
      {
        at: { file: 'bmecat-malformed.xml', line: 12 },
        record: {
          kind: 'product',
          sku: 'WM-5',
          texts: { de: { name: 'Wasserwaage 60 cm', keywords: [] } },
          features: [],
          prices: [],
          images: [],
          documents: [],
          references: [],
        },
      },
      {
        at: { file: 'bmecat-malformed.xml', line: 21 },
        fault: { reason: 'The file is not well-formed XML (column 74): unexpected close tag.' },
      },
    ]);
  });

  test('a file that is not BMEcat gives one fault', async () => {
    const items = await collect(chunks('<?xml version="1.0"?>\n<ORDER><ITEM/></ORDER>'), 'order.xml');
    expect(items).toEqual([
      {
        at: { file: 'order.xml', line: 2 },
        fault: { reason: 'This is not a BMEcat file: its root element is ORDER, not BMECAT.' },
      },
    ]);
  });

  test('of 8 products, 2 cannot be read and 1 lacks a name, which the importer refuses', async () => {
    const items = await parseFixture('bmecat-3-bad.xml');
    expect(items).toHaveLength(8);
    expect(faults(items)).toEqual([
      {
        at: { file: 'bmecat-3-bad.xml', line: 62 },
        fault: {
          id: 'SK-13',
          field: 'PRICE_AMOUNT',
          reason: '"12,50" is not a number; BMEcat writes numbers with a dot, e.g. 12.50.',
        },
      },
      {
        at: { file: 'bmecat-3-bad.xml', line: 92 },
        fault: { id: 'KB-300', field: 'QUANTITY_MIN', reason: '"2.5" is not a whole number.' },
      },
    ]);
    const checked = records(items).map((record) => [record.sku, importRecordSchema.safeParse(record)] as const);
    expect(checked.filter(([, result]) => result.success).map(([sku]) => sku)).toEqual([
      'SD-SL-3',
      'ZG-180',
      'RS-12',
      'TM-8',
      'FL-250',
    ]);
    // The importer's check names what is missing: the name of the only language given.
    const refused = checked.filter(([, result]) => !result.success);
    expect(refused.map(([sku, result]) => [sku, result.error?.issues.map((issue) => issue.path.join('.'))])).toEqual([
      ['HM-500', ['texts.de.name']],
    ]);
  });

  test('skips a product too large to hold, with a fault naming it, and reads on', async () => {
    const huge = 'x'.repeat(4_100_000);
    const xml = bmecat(`<PRODUCT><SUPPLIER_PID>BIG-1</SUPPLIER_PID><PRODUCT_DETAILS>
<DESCRIPTION_SHORT>Riesig</DESCRIPTION_SHORT><DESCRIPTION_LONG>${huge}</DESCRIPTION_LONG></PRODUCT_DETAILS></PRODUCT>
<PRODUCT><SUPPLIER_PID>OK-1</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Klein</DESCRIPTION_SHORT></PRODUCT_DETAILS></PRODUCT>`);
    const items = await collect(chunks(xml), 'huge.xml');
    expect(faults(items)).toEqual([
      {
        at: { file: 'huge.xml', line: 5 },
        fault: {
          id: 'BIG-1',
          reason: 'This PRODUCT holds more than 20,000 elements or 4,000,000 characters; it was skipped.',
        },
      },
    ]);
    expect(records(items).map((record) => record.sku)).toEqual(['OK-1']);
  });

  test('refuses a BMEcat version it does not know', async () => {
    const xml = bmecat('').replace('version="2005"', 'version="3.0"');
    expect(await collect(chunks(xml), 'v3.xml')).toEqual([
      {
        at: { file: 'v3.xml', line: 2 },
        fault: { reason: 'BMEcat version 3.0 is not supported; this reads 2005 and 1.2.' },
      },
    ]);
  });

  test('a date that cannot be read is a fault of its product', async () => {
    const xml = bmecat(`<PRODUCT><SUPPLIER_PID>D-1</SUPPLIER_PID>
      <PRODUCT_PRICE_DETAILS><DATETIME type="valid_start_date"><DATE>31.12.2026</DATE></DATETIME>
      <PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>1.00</PRICE_AMOUNT></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>`);
    expect(await collect(chunks(xml), 'date.xml')).toEqual([
      {
        at: { file: 'date.xml', line: 6 },
        fault: {
          id: 'D-1',
          field: 'DATE',
          reason: '"31.12.2026" is not a date; BMEcat writes dates as YYYY-MM-DD, e.g. 2026-12-31.',
        },
      },
    ]);
  });
});

describe('parseBmecat: streaming', () => {
  const PRODUCTS = 20_000;
  const PER_CHUNK = 100;

  /** A catalogue written on the fly, 100 products a chunk; `state.chunks` counts the product chunks read. */
  async function* generated(state: { chunks: number }): AsyncGenerator<Uint8Array> {
    const encoder = new TextEncoder();
    yield encoder.encode(bmecat('').slice(0, bmecat('').indexOf('</T_NEW_CATALOG>')));
    for (let start = 0; start < PRODUCTS; start += PER_CHUNK) {
      let text = '';
      for (let i = start; i < start + PER_CHUNK; i += 1) {
        text += `<PRODUCT><SUPPLIER_PID>P-${i}</SUPPLIER_PID><PRODUCT_DETAILS><DESCRIPTION_SHORT>Schraube ${i}</DESCRIPTION_SHORT></PRODUCT_DETAILS>
<PRODUCT_PRICE_DETAILS><PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>${(i % 997) + 0.5}</PRICE_AMOUNT></PRODUCT_PRICE></PRODUCT_PRICE_DETAILS></PRODUCT>\n`;
      }
      state.chunks += 1;
      yield encoder.encode(text);
    }
    yield encoder.encode('</T_NEW_CATALOG></BMECAT>');
  }

  test('yields 20,000 products as they are read, never more than a chunk behind the input', async () => {
    const state = { chunks: 0 };
    let products = 0;
    let mostBehind = 0;
    for await (const item of parseBmecat(generated(state), { file: 'big.xml', today: TODAY })) {
      if (!('record' in item) || item.record.kind !== 'product') throw new Error(`unexpected ${JSON.stringify(item)}`);
      products += 1;
      // Chunks read beyond the one that holds this product: the parser is not collecting the file.
      mostBehind = Math.max(mostBehind, state.chunks - Math.ceil(products / PER_CHUNK));
    }
    expect(products).toBe(PRODUCTS);
    expect(mostBehind).toBeLessThanOrEqual(1);
  });
});
