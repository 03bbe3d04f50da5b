// My Items' toolbar: a plain GET form (text, category, sort, page size, columns, grid or list), so
// every view of the list is a URL and works without JavaScript (then 'Apply' sends it). Once the island
// is live, the view and the columns switch at once, without a round trip; a category, sort or page
// size applies as it is chosen, and the text filter after a pause in typing, with the caret back in
// the field on the page that answers (the server picks the rows from a list of any size).
import type { MouseEvent } from 'react';
import {
  MY_ITEMS_FOCUS_PARAM,
  MY_ITEMS_PAGE_SIZES,
  MY_ITEMS_QUERY_MAX,
  MY_ITEMS_SORTS,
  type MyItemsCategory,
  type MyItemsColumn,
  type MyItemsState,
} from '#lib/account/my-items.ts';
import type { ListingView } from '#lib/catalog/category-listing.ts';
import { MyItemsColumnPicker } from './MyItemsColumnPicker.tsx';
import { useToolbarApply } from './useToolbarApply.ts';

export interface MyItemsToolbarProps {
  state: MyItemsState;
  action: string;
  resetHref: string;
  categories: MyItemsCategory[];
  /** The page answers a filter typed into it: the caret goes back into the field. */
  focusSearch: boolean;
  onView: (view: ListingView) => void;
  onColumns: (hidden: MyItemsColumn[]) => void;
  strings: {
    filters: string;
    search: string;
    category: string;
    allCategories: string;
    apply: string;
    reset: string;
    sort: string;
    pageSize: string;
    columns: string;
    viewMode: string;
    gridView: string;
    listView: string;
    sorts: Record<(typeof MY_ITEMS_SORTS)[number], string>;
    columnNames: Record<MyItemsColumn, string>;
  };
}

export function MyItemsToolbar({
  state,
  action,
  resetHref,
  categories,
  focusSearch,
  onView,
  onColumns,
  strings,
}: MyItemsToolbarProps) {
  const { form, apply, typed } = useToolbarApply();
  const pickView = (view: ListingView) => (event: MouseEvent) => {
    event.preventDefault();
    onView(view);
  };
  return (
    <form
      ref={form}
      className="my-items-toolbar"
      method="get"
      action={action}
      role="search"
      aria-label={strings.filters}
    >
      <div className="field">
        <label htmlFor="my-items-q">{strings.search}</label>
        <input
          id="my-items-q"
          type="search"
          name="q"
          defaultValue={state.q}
          maxLength={MY_ITEMS_QUERY_MAX}
          autoFocus={focusSearch}
          onInput={typed}
        />
        <input type="hidden" name={MY_ITEMS_FOCUS_PARAM} value="q" disabled />
      </div>
      <div className="field">
        <label htmlFor="my-items-cat">{strings.category}</label>
        <select id="my-items-cat" name="cat" defaultValue={state.category ?? ''} onChange={() => apply()}>
          <option value="">{strings.allCategories}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>{`${c.name} (${c.count})`}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="my-items-sort">{strings.sort}</label>
        <select id="my-items-sort" name="sort" defaultValue={state.sort} onChange={() => apply()}>
          {MY_ITEMS_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {strings.sorts[sort]}
            </option>
          ))}
        </select>
      </div>
      <div className="field my-items-size">
        <label htmlFor="my-items-size">{strings.pageSize}</label>
        <select id="my-items-size" name="size" defaultValue={state.size} onChange={() => apply()}>
          {MY_ITEMS_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <MyItemsColumnPicker hidden={state.hidden} onColumns={onColumns} strings={strings} />
      <div className="my-items-toolbar-actions">
        <button type="submit" className="button primary">
          {strings.apply}
        </button>
        <a className="button secondary" href={resetHref}>
          {strings.reset}
        </a>
        <div className="view-toggle" role="group" aria-label={strings.viewMode}>
          {(['grid', 'list'] as const).map((view) => (
            <button
              key={view}
              type="submit"
              name="view"
              value={view}
              className="button secondary"
              aria-pressed={state.view === view}
              onClick={pickView(view)}
            >
              {view === 'grid' ? strings.gridView : strings.listView}
            </button>
          ))}
        </div>
      </div>
      {/* After the view buttons: a clicked one's value comes first in the query, and wins. */}
      <input type="hidden" name="view" value={state.view} />
    </form>
  );
}
