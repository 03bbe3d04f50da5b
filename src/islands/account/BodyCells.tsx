// One row's cells of an account data table: the cell of the column that names the row is its header
// (<th scope="row">), so a screen reader announces each value with it; the others are plain cells.
import type { ReactNode } from 'react';

export function BodyCells<C extends { id: string; column: { id: string } }>({
  cells,
  rowHeader,
  prefix,
  render,
}: {
  cells: readonly C[];
  /** The column whose cell heads the row. */
  rowHeader: string;
  /** Class prefix: each cell gets `{prefix}{column id}`. */
  prefix: string;
  render: (cell: C) => ReactNode;
}) {
  return cells.map((cell) => {
    const Cell = cell.column.id === rowHeader ? 'th' : 'td';
    return (
      <Cell key={cell.id} scope={Cell === 'th' ? 'row' : undefined} className={`${prefix}${cell.column.id}`}>
        {render(cell)}
      </Cell>
    );
  });
}
