// My Items' state, all of it in the URL so a view of the price list can be bookmarked, shared and
// reloaded: page, page size, text filter, category, sort, grid or list, and the columns switched off.
// The server reads it to pick the rows; the table island writes it back as the buyer changes the view.
import { PAGE_SIZES } from '../catalog/listing.ts';
import type { ListingView } from '../catalog/category-listing.ts';

export const MY_ITEMS_SORTS = ['name', 'name-desc', 'itemnum', 'itemnum-desc', 'price', 'price-desc'] as const;
export type MyItemsSort = (typeof MY_ITEMS_SORTS)[number];
/** Columns a buyer may switch off; name, selection and quantity always show. */
export const MY_ITEMS_COLUMNS = ['itemnum', 'stock', 'price'] as const;
export type MyItemsColumn = (typeof MY_ITEMS_COLUMNS)[number];
/** A search longer than any item name is a paste gone wrong. */
export const MY_ITEMS_QUERY_MAX = 100;

/** A top-level category the list has items in, for the category filter. */
export interface MyItemsCategory {
  id: number;
  name: string;
  count: number;
}

/** The page sizes a buyer may choose; the first is the spec's price-list default. */
export const MY_ITEMS_PAGE_SIZES = [PAGE_SIZES.priceList, 24, 48, 96] as const;
type MyItemsPageSize = (typeof MY_ITEMS_PAGE_SIZES)[number];
/** The pause in typing after which the text filter applies itself (the spec's search debounce). */
export const MY_ITEMS_FILTER_DEBOUNCE_MS = 1000;
/** The URL parameter that asks the next page to put the caret back into the text filter. */
export const MY_ITEMS_FOCUS_PARAM = 'focus';

export interface MyItemsState {
  page: number;
  /** Rows a page. */
  size: MyItemsPageSize;
  /** Text filter on name, item number and sku ('' for none). */
  q: string;
  /** Top-level category id, or null for all. */
  category: number | null;
  sort: MyItemsSort;
  view: ListingView;
  hidden: MyItemsColumn[];
}

const isSort = (value: string | null): value is MyItemsSort =>
  (MY_ITEMS_SORTS as readonly (string | null)[]).includes(value);

const pageSize = (raw: string | null): MyItemsPageSize =>
  MY_ITEMS_PAGE_SIZES.find((size) => String(size) === raw?.trim()) ?? MY_ITEMS_PAGE_SIZES[0];

function positiveInt(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The state a URL asks for; anything unreadable falls back to its default rather than failing the page. */
export function parseMyItemsState(params: URLSearchParams, defaultView: ListingView): MyItemsState {
  const view = params.get('view');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    size: pageSize(params.get('size')),
    q: (params.get('q') ?? '').trim().slice(0, MY_ITEMS_QUERY_MAX),
    category: positiveInt(params.get('cat')),
    sort: isSort(params.get('sort')) ? (params.get('sort') as MyItemsSort) : 'name',
    view: view === 'grid' || view === 'list' ? view : defaultView,
    hidden: hiddenColumns(params),
  };
}

/**
 * The columns switched off: `hide=itemnum,stock` in a link, or, from the toolbar's form (which works
 * without JavaScript), every column whose `col` box was left unticked (`cols` marks that form).
 */
function hiddenColumns(params: URLSearchParams): MyItemsColumn[] {
  if (params.has('cols')) {
    const shown = params.getAll('col');
    return MY_ITEMS_COLUMNS.filter((column) => !shown.includes(column));
  }
  return MY_ITEMS_COLUMNS.filter((column) => (params.get('hide') ?? '').split(',').includes(column));
}

/** The canonical query (no '?'): defaults left out, so one view has one URL. */
export function myItemsSearch(state: MyItemsState, defaultView: ListingView): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.category !== null) params.set('cat', String(state.category));
  if (state.sort !== 'name') params.set('sort', state.sort);
  if (state.view !== defaultView) params.set('view', state.view);
  if (state.hidden.length > 0) params.set('hide', MY_ITEMS_COLUMNS.filter((c) => state.hidden.includes(c)).join(','));
  if (state.size !== MY_ITEMS_PAGE_SIZES[0]) params.set('size', String(state.size));
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The sort a column header switches to: its own ascending first, then descending. */
export function nextSort(current: MyItemsSort, column: 'name' | 'itemnum' | 'price'): MyItemsSort {
  return current === column ? `${column}-desc` : column;
}
