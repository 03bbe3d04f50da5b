// The body of a workspace table (TanStack Table): one row per record, one cell per column, shared by
// the entries table and the audit log so both mark up rows the same way. A table whose rows are
// named by one column (the entries' kind) passes that column as `rowHeader`: its cells become row
// headers, which a screen reader reads out with every other cell of the row.
import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table';

export function TableRows<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  rowHeader,
  cellClass,
}: {
  table: ReactTable<TFeatures, TData>;
  rowHeader?: string;
  /** A class per column, for tables whose columns are styled one by one. */
  cellClass?: (columnId: string) => string;
}) {
  return (
    <tbody>
      {table.getRowModel().rows.map((row) => (
        <tr key={row.id}>
          {row.getAllCells().map((cell) => {
            const Cell = cell.column.id === rowHeader ? 'th' : 'td';
            return (
              <Cell key={cell.id} scope={Cell === 'th' ? 'row' : undefined} className={cellClass?.(cell.column.id)}>
                <table.FlexRender cell={cell} />
              </Cell>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
}
