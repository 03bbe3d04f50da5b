// A company's item number file, read and written: two columns, the shop's item number (or sku) and the
// company's own number. The rows come from an uploaded CSV or XLSX (the quick order's file reader,
// src/lib/server/spreadsheet-rows.ts); a heading row in any of the shop's languages says which
// column is which, else the first filled cell is the shop's and the next the company's. The export
// writes the same shape (a heading, semicolons, UTF-8 with its mark for Excel), so it reads back.
import type { QuickOrderRow } from '../cart/quick-order.ts';
import type { ImportRow } from './contract.ts';
import { MAX_IMPORT_ROWS } from './rules.ts';
import { cellPairs, type PairColumns } from '../shared/list-rows.ts';
import { csvFile } from '../shared/csv-file.ts';

/** A heading cell naming the company's own number: "Eigene Nummer", "Your number", "Votre référence"… (checked first). */
const OWN_HEADING = /eigen|ihre|kunde|own|your|customer|votre|client|propre|\bsu\b|propi|vostr|material/i;
/** A heading cell naming the shop's item number: "Artikelnummer", "Item number", "Référence", "Codice articolo"… */
const ITEM_HEADING = /artikel|item|sku|article|art\.?-?nr|r[eé]f|code|c[oó]digo|codice|numer|nummer/i;

/** A heading row names the shop's column and the company's, or it is data (a heading's first cell has no digit). */
function heading(cells: string[]): { columns: PairColumns } | null {
  if (/\d/.test(cells.find((cell) => cell !== '') ?? '')) return null;
  const own = cells.findIndex((cell) => OWN_HEADING.test(cell));
  const item = cells.findIndex((cell, i) => i !== own && !OWN_HEADING.test(cell) && ITEM_HEADING.test(cell));
  if (own === -1 || item === -1) return null;
  return { columns: { first: item, second: own } };
}

export interface NumberFile {
  entries: ImportRow[];
  /** Filled rows beyond MAX_IMPORT_ROWS, left out (the page says how many). */
  dropped: number;
}

/** The rows of an item number file, each with its line; blank rows are skipped, nothing else. */
export function numberRows(rows: Iterable<QuickOrderRow>, max = MAX_IMPORT_ROWS): NumberFile {
  const found: ImportRow[] = [];
  let dropped = 0;
  for (const { line, first: item, second: number } of cellPairs(rows, heading)) {
    if (found.length >= max) {
      dropped += 1;
      continue;
    }
    found.push({ line, item, number });
  }
  return { entries: found, dropped };
}

/**
 * The export: a heading row, then one row per number (src/lib/shared/csv-file.ts). Numbers are written
 * exactly as stored (no formula guard such as a leading apostrophe), so the file reads back to the
 * same numbers.
 */
export function numbersCsv(
  heading: [item: string, own: string, name: string],
  rows: readonly [string, string, string][],
) {
  return csvFile([heading, ...rows]);
}
