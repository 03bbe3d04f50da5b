// The columns of the five kinds of CSV (four of the catalogue, and customers: csv-customers.ts) and how a file's header tells which kind it is. The
// lists below are the documentation the README and the editor workspace show, and also the columns the
// parser knows: a column named in none of them is reported, because a misspelt "prise" would otherwise
// drop every price without a word.
//
// Header names are matched without regard to case, surrounding blanks, and "-" or blanks for "_"
// ("Name DE" is name_de); a feature column keeps its name as written, since that is the feature's name.
import { LOCALES } from '#lib/i18n/locales.ts';

type CsvKind = 'product' | 'category' | 'price' | 'stock' | 'customer';

export interface ColumnDescription {
  /** The header; <locale> stands for de, en, fr, es or it, one column each. */
  column: string;
  description: string;
  /** A cell as German Excel writes it (semicolons between cells, a decimal comma). */
  example: string;
}

const LIST = 'separated by |';
const AMOUNT = 'a decimal comma where cells are separated by semicolons (1.234,50), a dot otherwise (1234.50)';

/** The special price beside a price from quantity 1, in a product file and a price file alike. */
const SPECIAL_COLUMNS: readonly ColumnDescription[] = [
  {
    column: 'special_price',
    description: 'Special (offer) price of one order unit, charged instead while it runs; as price.',
    example: '999,00',
  },
  {
    column: 'special_price_until',
    description: 'Last day of the special price (31.03.2027 or 2027-03-31, UTC); empty: until further notice.',
    example: '31.03.2027',
  },
];

/** @internal Exported for its tests. */
export const PRODUCT_COLUMNS: readonly ColumnDescription[] = [
  { column: 'sku', description: 'Item number; products are matched on it. Required.', example: 'BM-2000' },
  { column: 'parent_sku', description: 'For a variant: the sku of its parent product.', example: 'BM' },
  { column: 'name_<locale>', description: 'Name; at least one language.', example: 'Bohrmaschine 2000 W' },
  { column: 'description_<locale>', description: 'Description; line breaks are kept.', example: 'Mit Koffer.' },
  { column: 'keywords_<locale>', description: `Search words, ${LIST}.`, example: 'bohren|Schlagbohrer' },
  {
    column: 'categories',
    description: `Category ids, ${LIST}; the first is the main category. Empty keeps the current ones.`,
    example: 'werkzeug|bohren',
  },
  {
    column: 'gtin',
    description: 'GTIN (EAN) of 8, 12, 13 or 14 digits. Format the column as text, or Excel writes 4,00601E+12.',
    example: '4006012345678',
  },
  { column: 'manufacturer', description: "Manufacturer's name.", example: 'Bosch' },
  { column: 'manufacturer_pid', description: "Manufacturer's item number.", example: '0 601 1A2 000' },
  {
    column: 'order_unit',
    description: 'Unit sold, as UN/ECE code: C62 piece (when empty), PK pack, CT carton, MTR metre.',
    example: 'PK',
  },
  { column: 'content_unit', description: 'Unit inside an order unit (UN/ECE code).', example: 'C62' },
  { column: 'units_per_order_unit', description: 'Content units in one order unit.', example: '100' },
  { column: 'min_quantity', description: 'Smallest quantity to order (1 when empty).', example: '5' },
  { column: 'quantity_step', description: 'Order in steps of (1 when empty).', example: '5' },
  { column: 'delivery_days', description: 'Working days until dispatch.', example: '2' },
  { column: 'tax_percent', description: 'VAT rate in percent.', example: '19' },
  { column: 'currency', description: 'ISO code of price and tier_prices (EUR when empty).', example: 'EUR' },
  { column: 'price', description: `Net list price of one order unit, with ${AMOUNT}.`, example: '1.234,50' },
  ...SPECIAL_COLUMNS,
  {
    column: 'tier_prices',
    description: `Quantity prices quantity:price, ${LIST}: 9,50 from 10 pieces on, 8,90 from 50.`,
    example: '10:9,50|50:8,90',
  },
  { column: 'stock', description: 'Pieces in stock. Empty keeps the current stock.', example: '120' },
  {
    column: 'images',
    description: `Image files beside the CSV (paths) or https addresses, ${LIST}; the first is the main image.`,
    example: 'bilder/bm-2000.jpg|https://cdn.example.com/bm-2000-2.jpg',
  },
  { column: 'documents', description: `Data sheets and manuals, like images, ${LIST}.`, example: 'pdf/bm-2000.pdf' },
  { column: 'accessories', description: `Skus offered with it, ${LIST}; sku*3 for three.`, example: 'BOHRER-SET' },
  { column: 'included', description: `Skus in its box, ${LIST}; sku*3 for three.`, example: 'KOFFER|AKKU*2' },
  { column: 'spare_parts', description: `Skus of its spare parts, ${LIST}.`, example: 'KOHLE-12' },
  { column: 'similar', description: `Skus of similar products, ${LIST}.`, example: 'BM-1500' },
  {
    column: 'feature:<Name> [<unit>]',
    description:
      `A technical feature, one column each, the unit in brackets if it has one; several values ${LIST}, ` +
      'an empty cell for none.',
    example: 'feature:Leistung [W] → 2000',
  },
  {
    column: 'delete',
    description: 'A product to remove: 1, yes, ja or x; its other columns are then not read.',
    example: 'x',
  },
];

const CATEGORY_COLUMNS: readonly ColumnDescription[] = [
  { column: 'category_id', description: 'Category id; categories are matched on it. Required.', example: 'bohren' },
  { column: 'parent_id', description: 'Id of the parent category; empty for a top category.', example: 'werkzeug' },
  { column: 'position', description: 'Order among its siblings (0 when empty).', example: '3' },
  { column: 'name_<locale>', description: 'Name; at least one language.', example: 'Bohren' },
  { column: 'description_<locale>', description: 'Description.', example: 'Alles zum Bohren.' },
];

const PRICE_COLUMNS: readonly ColumnDescription[] = [
  { column: 'sku', description: 'Item number of a known product.', example: 'BM-2000' },
  { column: 'price', description: `Net price of one order unit, with ${AMOUNT}.`, example: '1.234,50' },
  { column: 'currency', description: 'ISO code (EUR when empty).', example: 'EUR' },
  { column: 'list', description: 'Price list: base (when empty) or a customer price list code.', example: 'HAENDLER' },
  {
    column: 'min_quantity',
    description: "From this quantity on (1 when empty). Consecutive rows of one sku are that sku's prices.",
    example: '10',
  },
  ...SPECIAL_COLUMNS,
];

const STOCK_COLUMNS: readonly ColumnDescription[] = [
  { column: 'sku', description: 'Item number of a known product.', example: 'BM-2000' },
  { column: 'stock', description: 'Pieces in stock.', example: '120' },
];

/** A customer file's address columns; shipping_ before each names the shipping address's (csv-customers.ts). */
export const ADDRESS_COLUMNS = [
  'street',
  'apartment',
  'postal_code',
  'city',
  'region',
  'country',
  'vat_id',
  'tax_id',
] as const;
export const SHIPPING_PREFIX = 'shipping_';

const CUSTOMER_COLUMNS: readonly ColumnDescription[] = [
  {
    column: 'customer_number',
    description: 'Customer number; customers are matched on it, and it signs in like the e-mail. Required.',
    example: 'K-10042',
  },
  { column: 'email', description: 'E-mail address, unique among customers. Required.', example: 'einkauf@hueber.de' },
  { column: 'first_name', description: 'First name of the contact. Required.', example: 'Anna' },
  { column: 'last_name', description: 'Last name of the contact. Required.', example: 'Hueber' },
  { column: 'company', description: 'Company name, also on its addresses.', example: 'Hueber Haustechnik GmbH' },
  { column: 'phone', description: 'Phone number, also on its billing address.', example: '+49 89 123456' },
  { column: 'locale', description: 'Language of its mails: de (when empty), en, fr, es or it.', example: 'de' },
  { column: 'currency', description: 'EUR (when empty), GBP or USD.', example: 'EUR' },
  {
    column: 'price_list',
    description: 'Code of a price list the shop has (from a price import); empty: the public prices.',
    example: 'HAENDLER',
  },
  { column: 'exclude_tax', description: 'Prices without VAT: 1, yes, ja or x.', example: 'x' },
  {
    column: 'max_order_total',
    description: 'Largest order total, with a decimal comma or dot as prices; empty: the shop default, 0: none.',
    example: '25.000,00',
  },
  { column: 'max_open_orders', description: 'Most open unpaid orders; empty: the shop default.', example: '10' },
  {
    column: 'credit_limit',
    description: 'Most it may owe on unpaid invoice orders, in its currency, written as prices; empty: no limit.',
    example: '50.000,00',
  },
  { column: 'street', description: 'Billing address: street and number.', example: 'Lindenstraße 12' },
  { column: 'apartment', description: 'Billing address: building, floor or c/o.', example: 'Halle 3' },
  { column: 'postal_code', description: 'Billing address: postal code.', example: '80331' },
  { column: 'city', description: 'Billing address: city.', example: 'München' },
  { column: 'region', description: 'Billing address: region or state.', example: 'Bayern' },
  { column: 'country', description: 'Billing address: ISO country code.', example: 'DE' },
  { column: 'vat_id', description: 'VAT id of the billing address.', example: 'DE123456789' },
  { column: 'tax_id', description: 'Tax number of the billing address.', example: '143/123/45678' },
  {
    column: 'shipping_<field>',
    description:
      'A separate shipping address: shipping_street, shipping_apartment, shipping_postal_code, shipping_city, ' +
      'shipping_region, shipping_country, and shipping_first_name, shipping_last_name, shipping_company, ' +
      'shipping_phone (the customer’s when empty). Without it the billing address is the shipping address too.',
    example: 'shipping_street → Lagerweg 5',
  },
];

/** The header names a customer file reads, shipping_<field> spelt out. */
const CUSTOMER_COLUMN_NAMES: readonly string[] = [
  ...CUSTOMER_COLUMNS.filter(({ column }) => !column.includes('<')).map(({ column }) => column),
  ...['first_name', 'last_name', 'company', 'phone', ...ADDRESS_COLUMNS].map((f) => SHIPPING_PREFIX + f),
];

/** Every kind's columns, for the README and the workspace. */
export const CSV_COLUMNS: Readonly<Record<CsvKind, readonly ColumnDescription[]>> = {
  product: PRODUCT_COLUMNS,
  category: CATEGORY_COLUMNS,
  price: PRICE_COLUMNS,
  stock: STOCK_COLUMNS,
  customer: CUSTOMER_COLUMNS,
};

/** The header names each kind reads, <locale> spelt out (a customer file's shipping_<field> too). */
const KNOWN = Object.fromEntries(
  Object.entries(CSV_COLUMNS).map(([kind, columns]) => [
    kind,
    new Set(
      kind === 'customer'
        ? CUSTOMER_COLUMN_NAMES
        : columns.flatMap(({ column }) =>
            column.includes('<locale>') ? LOCALES.map((locale) => column.replace('<locale>', locale)) : [column],
          ),
    ),
  ]),
) as Record<CsvKind, Set<string>>;

/** The column that identifies a row's record in the report. */
export const ID_COLUMN: Readonly<Record<CsvKind, string>> = {
  product: 'sku',
  category: 'category_id',
  price: 'sku',
  stock: 'sku',
  customer: 'customer_number',
};

const FEATURE = /^feature\s*:\s*(.*?)\s*(?:\[\s*([^\]]*?)\s*\])?$/i;

interface FeatureColumn {
  key: string;
  name: string;
  unit?: string;
}

export interface CsvHeader {
  kind: CsvKind;
  /** Cells per row. */
  width: number;
  /** Each read column's index and its header as the file writes it, by its matched name. */
  columns: ReadonlyMap<string, { index: number; label: string }>;
  features: readonly FeatureColumn[];
  /** Headers of columns the kind does not read. */
  unknown: readonly string[];
}

const matchName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function kindOf(names: ReadonlySet<string>): CsvKind | undefined {
  const named = LOCALES.some((locale) => names.has(`name_${locale}`));
  // A customer number is in no catalogue file, so it decides before the sku does.
  if (names.has('customer_number')) return 'customer';
  if (names.has('sku') && named) return 'product';
  if (names.has('category_id') && named) return 'category';
  if (names.has('sku') && names.has('price') && !named) return 'price';
  if (names.has('sku') && names.has('stock') && !named) return 'stock';
  return undefined;
}

/** The file's kind and columns from its header cells, or why it is none of the kinds. */
export function readHeader(cells: readonly string[]): CsvHeader | { problem: string } {
  const names = new Set<string>();
  for (const cell of cells) {
    const name = matchName(cell);
    if (name === '') continue;
    if (names.has(name)) return { problem: `The column "${cell.trim()}" appears twice in the header.` };
    names.add(name);
  }
  const kind = kindOf(names);
  if (!kind) {
    return {
      problem:
        'The header does not name the columns of a catalogue file. A product file needs sku and a name ' +
        '(name_de, name_en, name_fr, name_es or name_it); a category file category_id and a name; a price ' +
        `file sku and price; a stock file sku and stock; a customer file customer_number. This file has: ${cells.map((cell) => cell.trim()).join(', ')}.`,
    };
  }
  const columns = new Map<string, { index: number; label: string }>();
  const features: FeatureColumn[] = [];
  const unknown: string[] = [];
  cells.forEach((cell, index) => {
    const label = cell.trim();
    const name = matchName(cell);
    const feature = kind === 'product' ? FEATURE.exec(label) : null;
    if (feature?.[1]) {
      features.push({ key: name, name: feature[1], ...(feature[2] ? { unit: feature[2] } : {}) });
    } else if (!KNOWN[kind].has(name)) {
      if (label !== '') unknown.push(label);
      return;
    }
    columns.set(name, { index, label });
  });
  return { kind, width: cells.length, columns, features, unknown };
}
