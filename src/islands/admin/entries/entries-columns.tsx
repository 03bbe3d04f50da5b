// The columns of the entries table and the row each column reads. A row carries its kind in the
// editor's words and its status summary, computed once per row, so sorting, the search and the
// filters all compare the same text the editor sees.
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  type Row,
  type SortFn,
} from '@tanstack/react-table';
import type { EntryRow } from '#lib/admin/contract.ts';
import type { TeamStrings } from '#lib/admin/team-messages.ts';
import { fill } from '#lib/i18n/format.ts';

export const entriesFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export interface EntryView extends EntryRow {
  kind: string;
  /** Draft when any language has an unpublished draft. */
  summary: 'draft' | 'published';
  href: string;
}

/** The readable name of an entry's kind; a block or setting without a label of its own shows its identifier. */
function kindLabel(type: EntryRow['type'], identifier: string, strings: TeamStrings): string {
  if (type === 'page') return strings['kind.page'];
  const key = `kind.${type}:${identifier}`;
  if (Object.hasOwn(strings, key)) return strings[key as keyof TeamStrings];
  return fill(strings[type === 'block' ? 'kind.otherBlock' : 'kind.otherSetting'], { identifier });
}

/** The editor of the entry in its first language; read-only entries open there too and say why. */
function editorHref(row: EntryRow): string {
  const query = new URLSearchParams({
    type: row.type,
    identifier: row.identifier,
    locale: row.locales[0]?.locale ?? '',
  });
  return `/admin/entry?${query}`;
}

export function toEntryView(row: EntryRow, strings: TeamStrings): EntryView {
  const summary = row.locales.some((l) => l.status !== 'published') ? 'draft' : 'published';
  return { ...row, kind: kindLabel(row.type, row.identifier, strings), summary, href: editorHref(row) };
}

export type TypeFilter = 'all' | EntryRow['type'];
export type StatusFilter = 'all' | EntryView['summary'];

const helper = createColumnHelper<typeof entriesFeatures, EntryView>();

function LocaleBadges({ row, strings }: { row: EntryView; strings: TeamStrings }) {
  return (
    <ul className="entries-locales">
      {row.locales.map(({ locale, status }) => (
        <li key={locale} className={`entries-locale entries-locale-${status}`}>
          <span className="entries-locale-code">
            {locale === '' ? strings['entries.locale.all'] : locale.toUpperCase()}
          </span>{' '}
          {strings[`entries.locale.${status}`]}
        </li>
      ))}
    </ul>
  );
}

export function entriesColumns(strings: TeamStrings, intlLocale: string, formatDate: (iso: string) => string) {
  const collator = new Intl.Collator(intlLocale, { numeric: true, sensitivity: 'base' });
  const byText: SortFn<typeof entriesFeatures, EntryView> = (a, b, id) =>
    collator.compare(a.getValue<string>(id), b.getValue<string>(id));
  // ISO times sort as text; an entry never changed sorts as the oldest.
  const byTime: SortFn<typeof entriesFeatures, EntryView> = (a, b, id) => {
    const [x, y] = [a.getValue<string>(id), b.getValue<string>(id)];
    return x < y ? -1 : x > y ? 1 : 0;
  };
  const is =
    (pick: (row: EntryView) => string) => (row: Row<typeof entriesFeatures, EntryView>, _id: string, value: unknown) =>
      value === 'all' || pick(row.original) === value;
  return helper.columns([
    helper.accessor('kind', {
      header: strings['entries.column.kind'],
      sortFn: byText,
      filterFn: is((row) => row.type),
      // Every content page has the same kind: its identifier, unseen, tells the links and row headers apart.
      cell: ({ row }) => (
        <a href={row.original.href}>
          {row.original.kind}
          {row.original.type === 'page' && <span className="visually-hidden"> {row.original.identifier}</span>}
        </a>
      ),
    }),
    helper.accessor('identifier', {
      id: 'key',
      header: strings['entries.column.key'],
      sortFn: byText,
      enableColumnFilter: false,
      cell: ({ row }) => <code>{row.original.identifier}</code>,
    }),
    helper.display({
      id: 'languages',
      header: strings['entries.column.languages'],
      cell: ({ row }) => <LocaleBadges row={row.original} strings={strings} />,
    }),
    helper.accessor('summary', {
      id: 'status',
      header: strings['entries.column.status'],
      sortFn: byText,
      filterFn: is((row) => row.summary),
      cell: ({ row }) => strings[`entries.status.${row.original.summary}`],
    }),
    helper.accessor((row) => row.lastEditor ?? '', {
      id: 'editor',
      header: strings['entries.column.editor'],
      sortFn: byText,
      cell: ({ getValue }) => getValue() || '–',
    }),
    helper.accessor((row) => row.lastChange ?? '', {
      id: 'changed',
      header: strings['entries.column.changed'],
      sortFn: byTime,
      sortDescFirst: true,
      cell: ({ getValue }) => {
        const iso = getValue();
        return iso ? <time dateTime={iso}>{formatDate(iso)}</time> : '–';
      },
    }),
  ]);
}

/** aria-sort of a column header: only the sorted column says how. */
export function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
}
