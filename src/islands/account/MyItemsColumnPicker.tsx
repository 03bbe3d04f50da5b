// The columns My Items shows, as checkboxes of the toolbar's GET form: without JavaScript 'Apply'
// sends them, once the island is live a change shows at once. Apart from MyItemsToolbar.tsx for size.
import { MY_ITEMS_COLUMNS, type MyItemsColumn } from '#lib/account/my-items.ts';

interface ColumnPickerProps {
  hidden: MyItemsColumn[];
  onColumns: (hidden: MyItemsColumn[]) => void;
  strings: { columns: string; columnNames: Record<MyItemsColumn, string> };
}

export function MyItemsColumnPicker({ hidden, onColumns, strings }: ColumnPickerProps) {
  const toggle = (column: MyItemsColumn, shown: boolean) =>
    onColumns(shown ? hidden.filter((c) => c !== column) : [...hidden, column]);
  return (
    <fieldset className="my-items-columns">
      <legend>{strings.columns}</legend>
      <input type="hidden" name="cols" value="1" />
      {MY_ITEMS_COLUMNS.map((column) => (
        <label key={column} className="my-items-column">
          <input
            type="checkbox"
            name="col"
            value={column}
            checked={!hidden.includes(column)}
            onChange={(e) => toggle(column, e.target.checked)}
          />
          {strings.columnNames[column]}
        </label>
      ))}
    </fieldset>
  );
}
