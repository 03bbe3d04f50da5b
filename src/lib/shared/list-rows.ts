// The rows of a buyer's list (typed, pasted, or an uploaded CSV or XLSX file) as pairs of cells: the
// quick order's item number and quantity, a company's item number file's two numbers (or more cells:
// a requisition list's item number, quantity and note). A heading row,
// when the list starts with one, says which columns hold the pair; otherwise a row's first filled cell
// is the first of the pair and its next filled cell the second. Blank rows are skipped.

/** A row of a list: its cells and its 1-based line (a file's line or a sheet's row number). */
export interface ListRow {
  line: number;
  cells: string[];
}

/** The columns of the pair; `second` is -1 when the heading names no column for it. */
export interface PairColumns {
  first: number;
  second: number;
}

/**
 * What the list's first filled row is: data (null), or a heading, with the columns it names or null
 * when it names none of them (the rows are then read by position).
 */
export type HeadingReader = (cells: string[]) => { columns: PairColumns | null } | null;

/** Each filled row's pair of cells, trimmed ('' where a row has no such cell), with the row's line. */
export function* cellPairs(
  rows: Iterable<ListRow>,
  heading: HeadingReader,
): Generator<{ line: number; first: string; second: string }> {
  const columnsOf: ColumnsReader = (cells) => {
    const read = heading(cells);
    return read && { columns: read.columns && [read.columns.first, read.columns.second] };
  };
  for (const { line, cells } of cellColumns(rows, columnsOf, 2)) yield { line, first: cells[0]!, second: cells[1]! };
}

/**
 * What the list's first filled row is, for rows of more than two cells (a requisition list's item
 * number, quantity and note): data (null), or a heading with the column of each cell (-1: none) or
 * null when it names none of them.
 */
export type ColumnsReader = (cells: string[]) => { columns: number[] | null } | null;

/**
 * Each filled row's `count` cells, trimmed ('' where a row has no such cell), with the row's line: the
 * heading's columns, or else the row's filled cells in order.
 */
export function* cellColumns(
  rows: Iterable<ListRow>,
  heading: ColumnsReader,
  count: number,
): Generator<{ line: number; cells: string[] }> {
  let columns: number[] | null = null;
  let first = true;
  for (const { line, cells } of rows) {
    const trimmed = cells.map((cell) => cell.trim());
    if (trimmed.every((cell) => cell === '')) continue;
    if (first) {
      first = false;
      const read = heading(trimmed);
      if (read) {
        columns = read.columns;
        continue;
      }
    }
    const picked = columns
      ? columns.map((column) => (column === -1 ? '' : (trimmed[column] ?? '')))
      : trimmed.filter((cell) => cell !== '');
    yield { line, cells: Array.from({ length: count }, (_, i) => picked[i] ?? '') };
  }
}
