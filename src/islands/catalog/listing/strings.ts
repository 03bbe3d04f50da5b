// The texts the listing island shows, picked from the message files by the page
// (each island receives only the strings it uses).
import type { PriceStrings } from '../Price.tsx';

export interface SortStrings {
  label: string;
  latest: string;
  'price-up': string;
  'price-down': string;
}

export interface ListingStrings {
  filters: string;
  closeFilters: string;
  resetFilters: string;
  showResults: string;
  viewMode: string;
  gridView: string;
  listView: string;
  /** Raw plural forms with {{count}}: the island picks one with `plural` (#lib/i18n/format.ts). */
  productsOne: string;
  productsOther: string;
  noProducts: string;
  listError: string;
  loading: string;
  pagination: string;
  /** With {{page}}. */
  page: string;
  previous: string;
  next: string;
  /** Absent when the shop turned sorting off. */
  sort?: SortStrings | undefined;
  card: PriceStrings & { itemNo: string };
}
