// Every content entry of the shop as one table (TanStack Table): sorted by a click on a column
// header, searched by kind and identifier, filtered by type and status, 20 rows a page. The page
// holds all entries, a few hundred at most, so the island sorts and filters them itself. On a
// phone the table scrolls sideways inside its own region, never the page.
import { useMemo, useState } from 'react';
import { filterFn_includesString, functionalUpdate, useTable, type SortingState } from '@tanstack/react-table';
import type { EntryRow } from '#lib/admin/contract.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { plural } from '#lib/i18n/format.ts';
import { LOCALE_TAGS } from '#lib/i18n/locales.ts';
import { ariaSort, entriesColumns, entriesFeatures, toEntryView } from './entries/entries-columns.tsx';
import { EntriesFilters, type EntriesFilterValues } from './entries/EntriesFilters.tsx';
import { EntriesPager } from './entries/EntriesPager.tsx';
import { TableRows } from './team/TableRows.tsx';
import { useDateTime } from './team/useDateTime.ts';

export interface EntriesTableProps {
  rows: EntryRow[];
  locale: 'de' | 'en';
  strings: TeamStrings;
}

const PAGE_SIZE = 20;
const NO_FILTERS: EntriesFilterValues = { query: '', type: 'all', status: 'all' };

export function EntriesTable({ rows, locale, strings }: EntriesTableProps) {
  const intlLocale = LOCALE_TAGS[locale];
  const formatDate = useDateTime(locale);
  const data = useMemo(() => rows.map((row) => toEntryView(row, strings)), [rows, strings]);
  const columns = useMemo(() => entriesColumns(strings, intlLocale, formatDate), [strings, intlLocale, formatDate]);
  // Newest change first: what an editor looks for most often is what was just edited.
  const [sorting, setSorting] = useState<SortingState>([{ id: 'changed', desc: true }]);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [pageIndex, setPageIndex] = useState(0);
  const columnFilters = useMemo(
    () => [
      ...(filters.type === 'all' ? [] : [{ id: 'kind', value: filters.type }]),
      ...(filters.status === 'all' ? [] : [{ id: 'status', value: filters.status }]),
    ],
    [filters.type, filters.status],
  );

  // The island owns every slice, so a new search, filter or order goes back to page 1 here, in the
  // event, rather than through the table's own reset, which would update state during a render.
  const table = useTable({
    features: entriesFeatures,
    columns,
    data,
    getRowId: (row) => `${row.type}:${row.identifier}`,
    state: {
      sorting,
      globalFilter: filters.query.trim(),
      columnFilters,
      pagination: { pageIndex, pageSize: PAGE_SIZE },
    },
    onSortingChange: (updater) => {
      setSorting(updater);
      setPageIndex(0);
    },
    onPaginationChange: (updater) =>
      setPageIndex((index) => functionalUpdate(updater, { pageIndex: index, pageSize: PAGE_SIZE }).pageIndex),
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    globalFilterFn: filterFn_includesString,
    getColumnCanGlobalFilter: (column) => column.id === 'kind' || column.id === 'key',
  });
  const matching = table.getFilteredRowModel().rows.length;
  const pages = Math.max(1, table.getPageCount());

  const changeFilters = (next: EntriesFilterValues) => {
    setFilters(next);
    setPageIndex(0);
  };

  return (
    <div className="team-island entries">
      <EntriesFilters values={filters} onChange={changeFilters} strings={strings} />
      <p className="entries-count" role="status">
        {plural(intlLocale, matching, { one: strings['entries.count_one'], other: strings['entries.count_other'] })}
      </p>
      <div className="team-table-wrap" role="region" aria-label={strings['entries.tableLabel']} tabIndex={0}>
        <table className="team-table entries-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const { column } = header;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={`entries-col-${column.id}`}
                      aria-sort={ariaSort(column.getIsSorted())}
                    >
                      {column.getCanSort() ? (
                        <button type="button" className="team-sort" onClick={column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span className="team-sort-icon" aria-hidden="true">
                            {{ asc: '▲', desc: '▼', none: '↕' }[column.getIsSorted() || 'none']}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <TableRows table={table} rowHeader="kind" cellClass={(id) => `entries-col-${id}`} />
        </table>
      </div>
      {matching === 0 && <p className="entries-empty">{strings['entries.empty']}</p>}
      <EntriesPager
        page={pageIndex + 1}
        pages={pages}
        onPrevious={() => table.previousPage()}
        onNext={() => table.nextPage()}
        strings={strings}
      />
    </div>
  );
}
