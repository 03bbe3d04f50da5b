// The columns of the My Items table: selection, the item (name, linked), item number, availability,
// the customer's price, and quantity with "Add to cart". Headers of sortable columns are links to the
// sorted list (the server sorts); in the card view each cell carries its own label instead.
import type { ReactNode } from 'react';
import { columnVisibilityFeature, rowSelectionFeature, tableFeatures, type ColumnDef } from '@tanstack/react-table';
import { nextSort, type MyItemsSort, type MyItemsState } from '#lib/account/my-items.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { fill } from '#lib/i18n/format.ts';

export const myItemsFeatures = tableFeatures({ columnVisibilityFeature, rowSelectionFeature });

/** One item as the table shows it; prices and availability are already in the shopper's words. */
export interface MyItemsRow {
  sku: string;
  itemnum: string;
  name: string;
  href: string;
  /** Formatted prices; special null when there is no reduction. */
  regular: string | null;
  special: string | null;
  availability: string;
  orderable: boolean;
  /** A product with variants: ordered on its page, where the variant is chosen. */
  chooseVariant: boolean;
}

export interface MyItemsTableStrings {
  item: string;
  itemnum: string;
  stock: string;
  price: string;
  quantity: string;
  addToCart: string;
  chooseVariant: string;
  select: string;
  selectAll: string;
}

type SortableColumn = 'name' | 'itemnum' | 'price';
const SORT_COLUMN: Partial<Record<string, SortableColumn>> = { name: 'name', itemnum: 'itemnum', price: 'price' };

/** aria-sort of a column header under the current sort. */
export function ariaSort(sort: MyItemsSort, columnId: string): 'ascending' | 'descending' | undefined {
  const [key, direction] = sort.split('-');
  if (SORT_COLUMN[columnId] !== key) return undefined;
  return direction === 'desc' ? 'descending' : 'ascending';
}

export function myItemsColumns(
  strings: MyItemsTableStrings,
  state: MyItemsState,
  sortHrefs: Record<SortableColumn, string>,
): ColumnDef<typeof myItemsFeatures, MyItemsRow>[] {
  const grid = state.view === 'grid';
  const sortable = (column: SortableColumn, label: string) => () => (
    <a href={sortHrefs[column]} className="my-items-sort" data-next={nextSort(state.sort, column)}>
      {label}
    </a>
  );
  const labelled = (label: string, value: ReactNode) =>
    grid ? (
      <>
        <span className="my-items-label">{label}</span> {value}
      </>
    ) : (
      value
    );
  return [
    {
      id: 'select',
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label={strings.selectAll}
          checked={table.getIsAllRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <input
          type="checkbox"
          name="sku"
          value={row.original.sku}
          disabled={!row.getCanSelect()}
          aria-label={fill(strings.select, { name: row.original.name })}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    },
    {
      id: 'name',
      header: sortable('name', strings.item),
      cell: ({ row }) => <a href={row.original.href}>{row.original.name}</a>,
    },
    {
      id: 'itemnum',
      header: sortable('itemnum', strings.itemnum),
      cell: ({ row }) => labelled(strings.itemnum, row.original.itemnum),
    },
    { id: 'stock', header: strings.stock, cell: ({ row }) => row.original.availability },
    {
      id: 'price',
      header: sortable('price', strings.price),
      cell: ({ row }) => {
        const { regular, special } = row.original;
        return special ? (
          <>
            <s>{regular}</s> <strong>{special}</strong>
          </>
        ) : (
          <strong>{regular ?? '–'}</strong>
        );
      },
    },
    {
      id: 'quantity',
      header: strings.quantity,
      cell: ({ row }) =>
        row.original.chooseVariant ? (
          <a href={row.original.href}>{strings.chooseVariant}</a>
        ) : (
          row.original.orderable && (
            <div className="my-items-add">
              <input
                type="number"
                name={`quantity-${row.original.sku}`}
                defaultValue={1}
                min={1}
                max={MAX_QUANTITY}
                inputMode="numeric"
                required
                aria-label={`${strings.quantity}: ${row.original.name}`}
              />
              <button type="submit" name="only" value={row.original.sku} className="button secondary">
                {strings.addToCart}
              </button>
            </div>
          )
        ),
    },
  ];
}
