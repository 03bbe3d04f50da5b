// One CSV row in the shape of the import record (src/lib/import/record-contract.ts), per kind of file. The
// records are not checked here: the importer checks every record, from whatever file, with one schema.
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import type { CsvHeader } from './csv-columns.ts';
import {
  CellFault,
  defined,
  nonEmpty,
  normalizeMeasure,
  readCents,
  readDate,
  readGtin,
  readNumber,
  readReferences,
  readTiers,
  readYes,
  splitList,
  UnreadableValue,
  type DecimalMark,
} from './csv-values.ts';

type Json = Record<string, unknown>;

/** The cells of one row, read by column name; an empty or missing cell reads as undefined. */
export class CsvRow {
  readonly #header: CsvHeader;
  readonly #cells: readonly string[];
  readonly mark: DecimalMark;

  constructor(header: CsvHeader, cells: readonly string[], mark: DecimalMark) {
    this.#header = header;
    this.#cells = cells;
    this.mark = mark;
  }

  text(name: string): string | undefined {
    const column = this.#header.columns.get(name);
    // Spreadsheets write line breaks in a cell as LF, hand-edited files as CRLF: one form for both.
    const value = column && this.#cells[column.index]?.trim().replace(/\r\n?/g, '\n');
    return value || undefined;
  }

  /** A non-empty cell read by `parse`; a value it cannot read becomes a fault naming the column. */
  read<T>(name: string, parse: (text: string, mark: DecimalMark) => T): T | undefined {
    const text = this.text(name);
    if (text === undefined) return undefined;
    try {
      return parse(text, this.mark);
    } catch (error) {
      if (error instanceof UnreadableValue) throw new CellFault(this.#header.columns.get(name)!.label, error.message);
      throw error;
    }
  }

  number(name: string): number | undefined {
    return this.read(name, readNumber);
  }

  list(name: string): string[] | undefined {
    return nonEmpty(this.read(name, splitList) ?? []);
  }
}

const perLocale = <T>(value: (locale: Locale) => T | undefined): Partial<Record<Locale, T>> | undefined =>
  nonEmpty(defined(Object.fromEntries(LOCALES.map((locale) => [locale, value(locale)]))));

const price = (currency: string, cents: number | undefined, minQuantity = 1, list = 'base') =>
  defined({ list, currency, cents, minQuantity });

/** The row's special price and its last day, for its price from quantity 1. */
const special = (row: CsvRow) =>
  defined({
    specialCents: row.read('special_price', readCents),
    specialUntil: row.read('special_price_until', readDate),
  });

const REFERENCE_COLUMNS = {
  accessories: 'accessory',
  included: 'included',
  spare_parts: 'sparepart',
  similar: 'similar',
};

function features(row: CsvRow, header: CsvHeader): Json[] {
  return header.features.flatMap(({ key, name, unit }) =>
    (row.list(key) ?? []).map((value) =>
      // A measured value is stored with a decimal dot whatever the file used; a word stays as written.
      defined({ name, value: unit ? normalizeMeasure(value, row.mark) : value, unit }),
    ),
  );
}

/** A product row, or a deletion when its delete cell says so. */
export function productRecord(row: CsvRow, header: CsvHeader): Json {
  const sku = row.text('sku');
  if (row.read('delete', readYes)) return defined({ kind: 'delete', sku });
  const currency = row.text('currency')?.toUpperCase() ?? 'EUR';
  const listPrice = row.read('price', readCents);
  const prices = [
    ...(listPrice === undefined ? [] : [{ ...price(currency, listPrice), ...special(row) }]),
    ...(row.read('tier_prices', readTiers) ?? []).map((tier) => price(currency, tier.cents, tier.minQuantity)),
  ];
  const references = Object.entries(REFERENCE_COLUMNS).flatMap(([column, type]) =>
    (row.read(column, readReferences) ?? []).map((reference) => ({ type, ...reference })),
  );
  return defined({
    kind: 'product',
    sku,
    parentSku: row.text('parent_sku'),
    texts: perLocale((locale) =>
      nonEmpty(
        defined({
          name: row.text(`name_${locale}`),
          description: row.text(`description_${locale}`),
          keywords: row.list(`keywords_${locale}`),
        }),
      ),
    ),
    categories: row.list('categories'),
    features: nonEmpty(features(row, header)),
    gtin: row.read('gtin', readGtin),
    manufacturerName: row.text('manufacturer'),
    manufacturerPid: row.text('manufacturer_pid'),
    orderUnit: row.text('order_unit'),
    contentUnit: row.text('content_unit'),
    unitsPerOrderUnit: row.number('units_per_order_unit'),
    minQuantity: row.number('min_quantity'),
    quantityStep: row.number('quantity_step'),
    deliveryDays: row.number('delivery_days'),
    taxPercent: row.number('tax_percent'),
    prices: nonEmpty(prices),
    stock: row.number('stock'),
    images: row.list('images')?.map((source) => ({ source })),
    documents: row.list('documents')?.map((source) => ({ source })),
    references: nonEmpty(references),
  });
}

export function categoryRecord(row: CsvRow): Json {
  return defined({
    kind: 'category',
    id: row.text('category_id'),
    parentId: row.text('parent_id'),
    position: row.number('position'),
    names: perLocale((locale) => row.text(`name_${locale}`)),
    descriptions: perLocale((locale) => row.text(`description_${locale}`)),
  });
}

export function stockRecord(row: CsvRow): Json {
  return defined({ kind: 'stock', sku: row.text('sku'), stock: row.number('stock') });
}

/** One row of a price file: one price of its sku (a sku's tiers are consecutive rows). */
export function priceEntry(row: CsvRow): Json {
  const currency = row.text('currency')?.toUpperCase() ?? 'EUR';
  return {
    ...price(currency, row.read('price', readCents), row.number('min_quantity'), row.text('list')),
    ...special(row),
  };
}
