// A requisition list's file, read and written: three columns, the product (the shop's item number or
// sku, or the company's own number), the quantity and a note. The rows come from an uploaded CSV or
// XLSX (the quick order's file reader, src/lib/server/spreadsheet-rows.ts); a heading row in any of
// the shop's languages says which column is which, else a row's filled cells are read in that order.
// The export writes the same shape with a heading (and the product's name, which the import ignores),
// guarded against formulas, so it reads back to the same lines.
import type { ListRow } from '../shared/list-rows.ts';
import { cellColumns } from '../shared/list-rows.ts';
import { csvFile, unguardCell } from '../shared/csv-file.ts';
import type { ListImportRow } from './contract.ts';
import { MAX_LIST_LINES } from './rules.ts';

/** Heading cells naming the product, the quantity or the note, in the shop's five languages and as ERPs export them. */
const ITEM_HEADING = /artikel|item|sku|article|art\.?-?nr|material|part|r[eé]f|code|c[oó]digo|codice|numer|nummer/i;
const QUANTITY_HEADING = /menge|anzahl|st[uü]ck|qty|quant|cantidad|pcs|pieces|amount/i;
const NOTE_HEADING = /notiz|note|bemerk|kommentar|comment|hinweis|nota|remarque|observ/i;

/** A heading row (its first filled cell has no digit, no cell is a number) with the columns it names. */
function heading(cells: string[]): { columns: number[] | null } | null {
  const filled = cells.filter((cell) => cell !== '');
  if (filled.length === 0 || /\d/.test(filled[0]!) || filled.some((cell) => /^\d+$/.test(cell))) return null;
  const note = cells.findIndex((cell) => NOTE_HEADING.test(cell));
  const quantity = cells.findIndex((cell, i) => i !== note && QUANTITY_HEADING.test(cell));
  const item = cells.findIndex((cell, i) => i !== note && i !== quantity && ITEM_HEADING.test(cell));
  return { columns: item === -1 ? null : [item, quantity, note] };
}

export interface ListFile {
  entries: ListImportRow[];
  /** Filled rows beyond MAX_LIST_LINES, left out (the page says how many). */
  dropped: number;
}

/** The rows of a list file, each with its line; blank rows are skipped, nothing else. */
export function listFileRows(rows: Iterable<ListRow>, max = MAX_LIST_LINES): ListFile {
  const entries: ListImportRow[] = [];
  let dropped = 0;
  for (const { line, cells } of cellColumns(rows, heading, 3)) {
    if (entries.length >= max) {
      dropped += 1;
      continue;
    }
    const [item, quantity, note] = cells.map(unguardCell) as [string, string, string];
    entries.push({ line, item, quantity, note });
  }
  return { entries, dropped };
}

/** The export: a heading, then one row per line (item number, quantity, note, name); cells guarded against formulas. */
export function listCsv(
  heading: [item: string, quantity: string, note: string, name: string],
  rows: readonly [string, number, string, string][],
) {
  return csvFile([heading, ...rows.map(([item, quantity, note, name]) => [item, String(quantity), note, name])], {
    guard: true,
  });
}
