// A generated BMEcat 2005 catalogue for the import benchmark: a two-level group tree and N products,
// each with texts in five languages, ten features, order details (pack unit, minimum, step) and three
// price tiers; every product shows one picture beside the file (the same bytes: stored once). Written
// as a stream, so any N fits in memory.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import sharp from 'sharp';

const LANGS = [
  ['deu', 'Schlagbohrmaschine', 'Leistungsstarke Maschine für Beton und Stein.'],
  ['eng', 'Impact drill', 'A powerful machine for concrete and stone.'],
  ['fra', 'Perceuse à percussion', 'Une machine puissante pour le béton et la pierre.'],
  ['spa', 'Taladro percutor', 'Una máquina potente para hormigón y piedra.'],
  ['ita', 'Trapano a percussione', 'Una macchina potente per calcestruzzo e pietra.'],
] as const;
const TOP = 10;
const SUB = 10;

const features = (i: number) =>
  [
    ['Leistung', String(500 + (i % 10) * 50), 'W'],
    ['Gewicht', (1 + (i % 7) / 10).toFixed(1), 'kg'],
    ['Spannung', '230', 'V'],
    ['Drehzahl', String(1000 + (i % 5) * 500), '1/min'],
    ['Bohrdurchmesser Beton', String(10 + (i % 4) * 2), 'mm'],
    ['Farbe', ['blau', 'grün', 'rot'][i % 3]!, undefined],
    ['Antrieb', i % 2 ? 'Akku' : 'Netz', undefined],
    ['Koffer', i % 3 ? 'ja' : 'nein', undefined],
    ['Material', ['Stahl', 'Kunststoff'][i % 2]!, undefined],
    ['Serie', `S${i % 20}`, undefined],
  ] as const;

function product(i: number): string {
  const sku = `BM-${String(i).padStart(6, '0')}`;
  const texts = LANGS.map(
    ([lang, name, long]) =>
      `<DESCRIPTION_SHORT lang="${lang}">${name} ${sku}</DESCRIPTION_SHORT><DESCRIPTION_LONG lang="${lang}">${long}</DESCRIPTION_LONG>`,
  ).join('');
  const feats = features(i)
    .map(
      ([name, value, unit]) =>
        `<FEATURE><FNAME>${name}</FNAME><FVALUE>${value}</FVALUE>${unit ? `<FUNIT>${unit}</FUNIT>` : ''}</FEATURE>`,
    )
    .join('');
  const base = 5000 + (i % 1000) * 7;
  const tiers = [
    [1, base],
    [10, Math.round(base * 0.95)],
    [50, Math.round(base * 0.9)],
  ]
    .map(
      ([bound, cents]) =>
        `<PRODUCT_PRICE price_type="net_list"><PRICE_AMOUNT>${(cents! / 100).toFixed(2)}</PRICE_AMOUNT><PRICE_CURRENCY>EUR</PRICE_CURRENCY><TAX>0.19</TAX><LOWER_BOUND>${bound}</LOWER_BOUND></PRODUCT_PRICE>`,
    )
    .join('');
  const gtin = `400${String(i).padStart(10, '0')}`;
  return `<PRODUCT mode="new"><SUPPLIER_PID>${sku}</SUPPLIER_PID><PRODUCT_DETAILS>${texts}<INTERNATIONAL_PID type="gtin">${gtin}</INTERNATIONAL_PID><MANUFACTURER_NAME>Bench GmbH</MANUFACTURER_NAME><MANUFACTURER_PID>M${i}</MANUFACTURER_PID><DELIVERY_TIME>3</DELIVERY_TIME><KEYWORD lang="deu">Bohrer</KEYWORD></PRODUCT_DETAILS><PRODUCT_FEATURES><REFERENCE_FEATURE_SYSTEM_NAME>ETIM-8.0</REFERENCE_FEATURE_SYSTEM_NAME><REFERENCE_FEATURE_GROUP_ID>EC000000</REFERENCE_FEATURE_GROUP_ID>${feats}</PRODUCT_FEATURES><PRODUCT_ORDER_DETAILS><ORDER_UNIT>C62</ORDER_UNIT><CONTENT_UNIT>C62</CONTENT_UNIT><NO_CU_PER_OU>1</NO_CU_PER_OU><QUANTITY_MIN>1</QUANTITY_MIN><QUANTITY_INTERVAL>1</QUANTITY_INTERVAL></PRODUCT_ORDER_DETAILS><PRODUCT_PRICE_DETAILS>${tiers}</PRODUCT_PRICE_DETAILS><MIME_INFO><MIME><MIME_TYPE>image/jpeg</MIME_TYPE><MIME_SOURCE>images/drill.jpg</MIME_SOURCE><MIME_PURPOSE>normal</MIME_PURPOSE></MIME></MIME_INFO></PRODUCT>\n`;
}

function groups(): string {
  const rows = [
    '<CATALOG_STRUCTURE type="root"><GROUP_ID>ROOT</GROUP_ID><GROUP_NAME>Katalog</GROUP_NAME><PARENT_ID>0</PARENT_ID></CATALOG_STRUCTURE>',
  ];
  for (let t = 1; t <= TOP; t++) {
    rows.push(
      `<CATALOG_STRUCTURE type="node"><GROUP_ID>G${t}</GROUP_ID><GROUP_NAME lang="deu">Bereich ${t}</GROUP_NAME><GROUP_NAME lang="eng">Range ${t}</GROUP_NAME><PARENT_ID>ROOT</PARENT_ID><GROUP_ORDER>${t}</GROUP_ORDER></CATALOG_STRUCTURE>`,
    );
    for (let s = 1; s <= SUB; s++)
      rows.push(
        `<CATALOG_STRUCTURE type="leaf"><GROUP_ID>G${t}-${s}</GROUP_ID><GROUP_NAME lang="deu">Gruppe ${t}.${s}</GROUP_NAME><GROUP_NAME lang="eng">Group ${t}.${s}</GROUP_NAME><PARENT_ID>G${t}</PARENT_ID><GROUP_ORDER>${s}</GROUP_ORDER></CATALOG_STRUCTURE>`,
      );
  }
  return rows.join('\n');
}

/** Writes the catalogue (and its picture) to `path`. */
export async function writeBmecat(path: string, products: number): Promise<void> {
  await mkdir(join(dirname(path), 'images'), { recursive: true });
  await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
    .jpeg()
    .toFile(join(dirname(path), 'images', 'drill.jpg'));
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<BMECAT version="2005" xmlns="http://www.bmecat.org/bmecat/2005"><HEADER><CATALOG><LANGUAGE default="true">deu</LANGUAGE><LANGUAGE>eng</LANGUAGE><LANGUAGE>fra</LANGUAGE><LANGUAGE>spa</LANGUAGE><LANGUAGE>ita</LANGUAGE><CATALOG_ID>BENCH</CATALOG_ID><CATALOG_VERSION>1.0</CATALOG_VERSION><CURRENCY>EUR</CURRENCY></CATALOG><SUPPLIER><SUPPLIER_NAME>Bench GmbH</SUPPLIER_NAME></SUPPLIER></HEADER><T_NEW_CATALOG><CATALOG_GROUP_SYSTEM><GROUP_SYSTEM_ID>1</GROUP_SYSTEM_ID>${groups()}</CATALOG_GROUP_SYSTEM>\n`,
  );
  for (let i = 1; i <= products; i++) await write(product(i));
  for (let i = 1; i <= products; i++)
    await write(
      `<PRODUCT_TO_CATALOGGROUP_MAP><PROD_ID>BM-${String(i).padStart(6, '0')}</PROD_ID><CATALOG_GROUP_ID>G${(i % TOP) + 1}-${((i >> 4) % SUB) + 1}</CATALOG_GROUP_ID></PRODUCT_TO_CATALOGGROUP_MAP>\n`,
    );
  await write('</T_NEW_CATALOG></BMECAT>\n');
  out.end();
  await once(out, 'finish');
}
