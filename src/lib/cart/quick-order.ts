// Quick order: item numbers with quantities, typed one per line or pasted from a spreadsheet (tab
// separated), a CSV export (comma or semicolon) or an e-mail ("10003-01 5"), or read from an uploaded
// CSV or XLSX file (src/lib/server/spreadsheet-rows.ts). My Items' box parses in the browser so a
// bad quantity is pointed out on its line before anything is sent; the quick order page on the server.
// The server then says what each item number is (bulk-contract.ts) and checks every line again when
// they are added.
import { isValidQuantity, MAX_BULK_LINES } from './rules.ts';
import { cellPairs, type ListRow, type PairColumns } from '../shared/list-rows.ts';

export interface QuickOrderLine {
  /** 1-based line number in what was typed, so a message can point at it. */
  line: number;
  /** The item number or sku as typed. */
  ref: string;
  /** null when the quantity is not a whole number from 1 to MAX_QUANTITY. */
  quantity: number | null;
  /** The quantity as typed, for the message when it is bad. */
  quantityText: string;
}

export interface QuickOrderInput {
  lines: QuickOrderLine[];
  /** Lines beyond MAX_BULK_LINES, left out. */
  dropped: number;
}

/** A row of a spreadsheet, a CSV file or a typed line: its cells and its 1-based number. */
export type QuickOrderRow = ListRow;

/** Heading cells naming the item number or the quantity column, in the shop's five languages and as ERPs export them. */
const ITEM_HEADING = /artikel|item|sku|article|art\.?-?nr|material|part|r[eé]f|code|c[oó]digo|codice|numer|nummer/i;
const QUANTITY_HEADING = /menge|anzahl|st[uü]ck|qty|quant|cantidad|pcs|pieces|amount/i;

/**
 * A heading row such as "Item number;Quantity" (no cell of it is a number and its first has no digit),
 * with the item number's and the quantity's columns when it names them.
 */
function heading(cells: string[]): { columns: PairColumns | null } | null {
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0 || /\d/.test(filled[0]!) || filled.some((cell) => /^\d+$/.test(cell))) return null;
  const item = cells.findIndex((cell) => ITEM_HEADING.test(cell));
  const quantity = cells.findIndex((cell, i) => i !== item && QUANTITY_HEADING.test(cell));
  return { columns: item === -1 ? null : { first: item, second: quantity } };
}

function typedLine(line: number, ref: string, quantityText: string): QuickOrderLine {
  // A missing quantity means one piece, as on a product page.
  const quantity = quantityText === '' ? 1 : /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
  return { line, ref, quantity: isValidQuantity(quantity) ? quantity : null, quantityText };
}

/**
 * Item numbers and quantities from rows, whatever they came from: a heading row (first) says which
 * columns hold them; without one, a row's first filled cell is the item number and its next the quantity.
 */
export function quickOrderFromRows(rows: Iterable<QuickOrderRow>, max = MAX_BULK_LINES): QuickOrderInput {
  const lines: QuickOrderLine[] = [];
  let dropped = 0;
  for (const { line, first: ref, second: quantityText } of cellPairs(rows, heading)) {
    if (ref === '') continue;
    if (lines.length >= max) {
      dropped += 1;
      continue;
    }
    lines.push(typedLine(line, ref, quantityText));
  }
  return { lines, dropped };
}

/** A typed or pasted line's cells: split at tabs (a spreadsheet), semicolons or commas (CSV), else blanks. */
function cells(row: string): string[] {
  const separator = row.includes('\t') ? '\t' : row.includes(';') ? ';' : row.includes(',') ? ',' : /\s+/;
  return row
    .trim()
    .split(separator)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
}

/** Typed or pasted text, one line per row. */
export function textRows(text: string): QuickOrderRow[] {
  return text.split(/\r\n|\n|\r/).map((row, index) => ({ line: index + 1, cells: cells(row) }));
}

export function parseQuickOrder(text: string): QuickOrderInput {
  return quickOrderFromRows(textRows(text));
}

/**
 * The lines My Items' plain form asks for, or null when the form is a product page's: one row's
 * button (`only=<sku>`) or "Add selected" (the ticked `sku` boxes), each row's quantity in `quantity-<sku>`.
 */
export function bulkLinesFromForm(form: URLSearchParams): { sku: string; quantity: number }[] | null {
  const only = form.get('only');
  if (only === null && !form.has('selected')) return null;
  const skus = only !== null ? [only] : form.getAll('sku');
  return skus.map((sku) => ({ sku, quantity: Number(form.get(`quantity-${sku}`) || Number.NaN) }));
}
