// My Items as a data table (TanStack Table): the rows of one page of the customer's price list, as a
// table or as cards, with the columns the buyer switched off hidden, a checkbox and a quantity per row,
// and "Add selected to cart" in one request. Everything sits in one plain form (POST /cart/add), so a
// click before the island is live still adds; once live, the island adds through the cart store and
// the cart drawer opens. Sorting, filtering and paging are links and a GET form (MyItemsToolbar):
// the server picks the rows, since a price list can hold tens of thousands.
import { useTable } from '@tanstack/react-table';
import type { MyItemsColumn, MyItemsState } from '#lib/account/my-items.ts';
import { fill } from '#lib/i18n/format.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import {
  ariaSort,
  myItemsColumns,
  myItemsFeatures,
  type MyItemsRow,
  type MyItemsTableStrings,
} from './my-items-columns.tsx';
import { MyItemsResult } from './MyItemsResult.tsx';
import { BodyCells } from './BodyCells.tsx';
import { MyItemsToolbar, type MyItemsToolbarProps } from './MyItemsToolbar.tsx';
import { useAddSelected } from './useAddSelected.ts';
import { useRememberedState } from './useRememberedState.ts';

export type { MyItemsRow } from './my-items-columns.tsx';

export interface MyItemsTableProps {
  rows: MyItemsRow[];
  state: MyItemsState;
  /** Where a sort link or the toolbar leads, for a state (locale-prefixed path and query). */
  hrefs: { sort: Record<'name' | 'itemnum' | 'price', string> };
  toolbar: Omit<MyItemsToolbarProps, 'state' | 'onView' | 'onColumns'>;
  addAction: string;
  returnPath: string;
  locale: Locale;
  intlLocale: string;
  strings: MyItemsTableStrings & {
    refused: string;
    noneSelected: string;
    addSelected: string;
    addSelectedCount: string;
    added: { one: string; other: string };
    errors: Record<string, string>;
  };
}

export function MyItemsTable({
  rows,
  state: initial,
  hrefs,
  toolbar,
  addAction,
  returnPath,
  locale,
  intlLocale,
  strings,
}: MyItemsTableProps) {
  const [state, change] = useRememberedState(initial);
  const table = useTable({
    features: myItemsFeatures,
    columns: myItemsColumns(strings, state, hrefs.sort),
    data: rows,
    getRowId: (row) => row.sku,
    enableRowSelection: (row) => row.original.orderable,
    state: { columnVisibility: Object.fromEntries(state.hidden.map((column) => [column, false])) },
  });
  const selected = table.getSelectedRowModel().rows.length;
  const { result, busy, submit } = useAddSelected({
    locale,
    onAdded: () => table.resetRowSelection(),
    strings,
  });

  const cells = table.getRowModel().rows.map((row) => ({ row, cells: row.getVisibleCells() }));
  return (
    <>
      <MyItemsToolbar
        {...toolbar}
        state={state}
        onView={(view) => change({ ...state, view })}
        onColumns={(hidden: MyItemsColumn[]) => change({ ...state, hidden })}
      />
      <form className="my-items-form" method="post" action={addAction} onSubmit={(e) => void submit(e)}>
        <input type="hidden" name="return" value={returnPath} />
        {state.view === 'list' ? (
          <div className="order-list-wrap">
            <table className="order-list my-items" aria-labelledby="my-items-title">
              <thead>
                {table.getHeaderGroups().map((group) => (
                  <tr key={group.id}>
                    {group.headers.map((header) => (
                      <th
                        key={header.id}
                        scope="col"
                        className={`my-items-col-${header.column.id}`}
                        aria-sort={ariaSort(state.sort, header.column.id)}
                      >
                        <table.FlexRender header={header} />
                      </th>
                    ))}
                  </tr>
                ))}
              </thead>
              <tbody>
                {cells.map(({ row, cells: visible }) => (
                  <tr key={row.id}>
                    <BodyCells
                      cells={visible}
                      rowHeader="name"
                      prefix="my-items-col-"
                      render={(cell) => <table.FlexRender cell={cell} />}
                    />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul className="my-items-grid" aria-labelledby="my-items-title">
            {cells.map(({ row, cells: visible }) => (
              <li key={row.id} className="my-items-card">
                {visible.map((cell) => (
                  <div key={cell.id} className={`my-items-cell my-items-cell-${cell.column.id}`}>
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
        <div className="my-items-actions">
          <button type="submit" name="selected" value="1" className="button primary" disabled={busy}>
            {selected > 0 ? fill(strings.addSelectedCount, { count: selected }) : strings.addSelected}
          </button>
        </div>
        <MyItemsResult result={result} rows={rows} strings={strings} intlLocale={intlLocale} />
      </form>
    </>
  );
}
