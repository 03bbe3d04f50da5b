// Quick order: item numbers with quantities, typed one per line or pasted from a spreadsheet (tab
// separated), a CSV export (comma or semicolon) or an e-mail ("10003-01 5"). Parsing happens in the
// browser so a bad quantity is pointed out on its line before anything is sent; the server then says
// what each item number is (bulk-contract.ts) and checks every line again when they are added.
import { isValidQuantity, MAX_BULK_LINES } from './rules.ts';

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

/** A heading such as "Item number;Quantity": a first line whose reference has no digit and whose quantity is no number. */
const looksLikeHeading = (ref: string, quantity: string) =>
  !/\d/.test(ref) && quantity !== '' && !/^\d+$/.test(quantity);

function cells(row: string): string[] {
  const separator = row.includes('\t') ? '\t' : row.includes(';') ? ';' : row.includes(',') ? ',' : /\s+/;
  return row
    .split(separator)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((cell) => cell !== '');
}

export function parseQuickOrder(text: string): QuickOrderInput {
  const lines: QuickOrderLine[] = [];
  let dropped = 0;
  text.split(/\r\n|\n|\r/).forEach((row, index) => {
    const [ref, quantityText = ''] = cells(row);
    if (ref === undefined) return;
    if (lines.length === 0 && looksLikeHeading(ref, quantityText)) return;
    if (lines.length >= MAX_BULK_LINES) {
      dropped += 1;
      return;
    }
    // A missing quantity means one piece, as on a product page.
    const quantity = quantityText === '' ? 1 : /^\d+$/.test(quantityText) ? Number(quantityText) : Number.NaN;
    lines.push({ line: index + 1, ref, quantity: isValidQuantity(quantity) ? quantity : null, quantityText });
  });
  return { lines, dropped };
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
