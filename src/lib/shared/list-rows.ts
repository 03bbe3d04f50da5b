// The rows of a buyer's list (typed, pasted, or an uploaded CSV or XLSX file) as pairs of cells: the
// quick order's item number and quantity, a company's item number file's two numbers. A heading row,
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
  let columns: PairColumns | null = null;
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
    if (columns) {
      yield {
        line,
        first: trimmed[columns.first] ?? '',
        second: columns.second === -1 ? '' : (trimmed[columns.second] ?? ''),
      };
    } else {
      const filled = trimmed.filter((cell) => cell !== '');
      yield { line, first: filled[0] ?? '', second: filled[1] ?? '' };
    }
  }
}
