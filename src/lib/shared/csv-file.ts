// The shop's CSV downloads a buyer opens in a spreadsheet and may upload again (a company's item
// numbers, a requisition list): semicolons (what German Excel expects), CRLF, UTF-8 with its byte order
// mark so Excel reads the umlauts, a cell quoted when it holds a separator, a quote or a line break.

/**
 * A cell a spreadsheet would read as a formula (=, +, - or @ first) gets an apostrophe in front, so a
 * text someone typed ("=HYPERLINK(…)") stays text when the file is opened; one already starting with
 * apostrophes before such a character gets one more, so unguardCell gives back exactly what was written.
 */
const guardCell = (value: string) => (/^'*[=+\-@]/.test(value) ? `'${value}` : value);

/** A cell as written by guardCell, read back. */
export const unguardCell = (value: string) => (/^'+[=+\-@]/.test(value) ? value.slice(1) : value);

const quoted = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The file: a heading row and the rows, each cell quoted where needed (and guarded with `guard`). */
export function csvFile(rows: readonly (readonly string[])[], { guard = false }: { guard?: boolean } = {}) {
  const cell = (value: string) => quoted(guard ? guardCell(value) : value);
  return `\uFEFF${rows.map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
