// Catalogue CSV files as merchants make them, above all with Excel: "CSV (Trennzeichen-getrennt)" from
// a German Excel is windows-1252 with semicolons and decimal commas; other tools write UTF-8 (with or
// without a byte order mark) with commas and decimal dots. The file's header says which of five kinds
// it is, and the header of each kind's columns is in csv-columns.ts (shown in the README and workspace):
//   product   sku, name_<locale> (at least one) and any of parent_sku, description_<locale>,
//             keywords_<locale>, categories, gtin, manufacturer, manufacturer_pid, order_unit,
//             content_unit, units_per_order_unit, min_quantity, quantity_step, delivery_days,
//             tax_percent, currency, price, tier_prices, stock, images, documents, accessories, included,
//             spare_parts, similar, feature:<Name> [<unit>], delete
//   category  category_id, name_<locale> and parent_id, position, description_<locale>
//   price     sku, price and currency, list, min_quantity (a sku's tiers are consecutive rows)
//   stock     sku, stock
//   customer  customer_number, email, names, settings and a billing and shipping address (csv-customers.ts)
// Rows stream through csv-parse one input chunk at a time, so memory stays flat at any file size.
import { parse, type Parser } from 'csv-parse';
import type { ParsedItem, SourcePosition } from '#lib/import/record-contract.ts';
import { ID_COLUMN, readHeader, type CsvHeader } from './csv-columns.ts';
import { customerRecord } from './csv-customers.ts';
import { categoryRecord, CsvRow, priceEntry, productRecord, stockRecord } from './csv-records.ts';
import { CellFault, defined, type DecimalMark } from './csv-values.ts';
import { withHead } from './format.ts';

/** A file whose start is not UTF-8 is read as windows-1252; this much of the start decides. */
const SNIFF_BYTES = 64 * 1024;
const DELIMITERS = [';', '\t', ','] as const;
type Delimiter = (typeof DELIMITERS)[number];

export async function* parseCsv(
  input: AsyncIterable<Uint8Array>,
  { file }: { file: string },
): AsyncGenerator<ParsedItem> {
  const { head, stream } = await withHead(input, SNIFF_BYTES);
  const encoding = isUtf8(head) ? 'utf-8' : 'windows-1252';
  const delimiter = detectDelimiter(new TextDecoder(encoding).decode(head, { stream: true }));
  const parsed: string[][] = [];
  const parser = parse({
    delimiter,
    // Every line ending, also mixed in one file (rows pasted together from two tools).
    record_delimiter: ['\r\n', '\n', '\r'],
    // Column counts and stray quotes in unquoted cells are judged per row below, not fatal to the file.
    relax_column_count: true,
    relax_quotes: true,
    on_record: (cells: string[]) => {
      parsed.push(cells);
      return null;
    },
  });
  // Errors are read from each write's callback; without a listener the 'error' event would crash.
  parser.on('error', () => {});
  // csv-parse's own line count goes wrong on CRLF inside quotes: the rows' line breaks are counted here.
  let line = 1;
  let rows: RowHandler | undefined;
  try {
    for await (const text of thenEnd(decode(stream, encoding))) {
      const failure = await feed(parser, text);
      for (const cells of parsed.splice(0)) {
        const at = { file, line };
        line += 1 + lineBreaks(cells);
        if (cells.every((cell) => cell.trim() === '')) continue;
        if (rows) {
          yield* rows.row(cells, at);
          continue;
        }
        const header = readHeader(cells);
        if ('problem' in header) {
          yield { at, fault: { reason: header.problem } };
          return;
        }
        rows = rowHandler(header, delimiter);
        if (header.unknown.length > 0) {
          const reason = `These columns are not columns of a ${header.kind} file and are not read: ${header.unknown.join(', ')}.`;
          yield { at, fault: { field: header.unknown[0]!, reason } };
        }
      }
      if (failure) {
        yield { at: { file, line }, fault: { reason: unreadable(failure) } };
        return;
      }
    }
    if (rows) yield* rows.end();
    else yield { at: { file, line: 1 }, fault: { reason: 'The file is empty: it has no header row.' } };
  } finally {
    parser.destroy();
  }
}

function isUtf8(head: Uint8Array): boolean {
  try {
    // stream: a character cut off at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The delimiter the header line uses most, outside quotes (the first of DELIMITERS on a tie). */
function detectDelimiter(start: string): Delimiter {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of start) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  return DELIMITERS.reduce((best, delimiter) =>
    (counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0) ? delimiter : best,
  );
}

/** Text from bytes; the decoder carries a character split between chunks over and drops a UTF-8 BOM. */
async function* decode(stream: AsyncIterable<Uint8Array>, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function* thenEnd<T>(items: AsyncIterable<T>): AsyncGenerator<T | null> {
  yield* items;
  yield null;
}

/** Hands csv-parse a chunk (or the end, for null) and resolves when it is parsed, with its error if any. */
function feed(parser: Parser, text: string | null): Promise<Error | undefined> {
  return new Promise((resolve) => {
    const done = (error?: Error | null) => resolve(error ?? undefined);
    if (text === null) {
      parser.once('error', done).once('finish', done);
      parser.end();
    } else {
      parser.write(text, done);
    }
  });
}

const lineBreaks = (cells: readonly string[]) =>
  cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);

function unreadable(error: Error & { code?: string }): string {
  const rest = 'so the rest of the file cannot be read';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED')
    return `A cell opened with a quote (") in this row is never closed, ${rest}.`;
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return `A quoted cell in this row goes on after its closing quote (write a quote inside a cell as ""), ${rest}.`;
  }
  return `This row is not valid CSV (${error.message}), ${rest}.`;
}

interface RowTools {
  read(cells: readonly string[], at: SourcePosition): CsvRow | ParsedItem;
  fault(at: SourcePosition, cells: readonly string[], reason: string, field?: string): ParsedItem;
  idOf(cells: readonly string[]): string | undefined;
}

interface RowHandler {
  row(cells: readonly string[], at: SourcePosition): Iterable<ParsedItem>;
  /** What is still held back when the file ends. */
  end(): Iterable<ParsedItem>;
}

function rowHandler(header: CsvHeader, delimiter: Delimiter): RowHandler {
  const mark: DecimalMark = delimiter === ';' ? ',' : '.';
  const idColumn = header.columns.get(ID_COLUMN[header.kind])!;
  const idOf = (cells: readonly string[]) => cells[idColumn.index]?.trim() || undefined;
  const fault = (at: SourcePosition, cells: readonly string[], reason: string, field?: string): ParsedItem => ({
    at,
    fault: defined({ id: idOf(cells), field, reason }),
  });
  /** The row, or its fault: a row of another width has its cells under the wrong columns. */
  const read = (cells: readonly string[], at: SourcePosition) => {
    if (cells.length === header.width) return new CsvRow(header, cells, mark);
    const shown = delimiter === '\t' ? 'tab' : delimiter;
    return fault(
      at,
      cells,
      `The row has ${cells.length} cells where the header has ${header.width} ` +
        `(a ${shown} or line break inside a cell needs quotes around the cell).`,
    );
  };
  if (header.kind === 'price') return priceRows({ read, fault, idOf });
  const record = {
    product: productRecord,
    category: categoryRecord,
    stock: stockRecord,
    customer: customerRecord,
  }[header.kind];
  return {
    *row(cells, at) {
      const row = read(cells, at);
      if (!(row instanceof CsvRow)) return yield row;
      try {
        yield { at, record: record(row, header) };
      } catch (error) {
        if (!(error instanceof CellFault)) throw error;
        yield fault(at, cells, error.message, error.column);
      }
    },
    *end() {},
  };
}

/**
 * A price file's consecutive rows of one sku are that product's prices (a price and its tiers), so they
 * make one record. Should one row be unreadable, the sku's other rows are held back too: its price list
 * would otherwise be replaced by a part of itself.
 */
function priceRows({ read, fault, idOf }: RowTools): RowHandler {
  let group: { at: SourcePosition; sku: string | undefined; prices: object[]; failed: boolean } | undefined;
  function* flush(): Generator<ParsedItem> {
    if (group && !group.failed)
      yield { at: group.at, record: defined({ kind: 'prices', sku: group.sku, prices: group.prices }) };
    group = undefined;
  }
  return {
    *row(cells, at) {
      const row = read(cells, at);
      const sku = idOf(cells);
      if (group && (sku === undefined || sku !== group.sku)) yield* flush();
      group ??= { at, sku, prices: [], failed: false };
      if (!(row instanceof CsvRow)) {
        group.failed = true;
        return yield row;
      }
      try {
        group.prices.push(priceEntry(row));
      } catch (error) {
        if (!(error instanceof CellFault)) throw error;
        group.failed = true;
        yield fault(at, cells, `${error.message}; the other prices of this sku are left out with it`, error.column);
      }
    },
    end: flush,
  };
}
