// The texts the search islands show, picked from a locale's messages by the header and the search
// page (each island receives only the strings it uses). Plural forms stay raw: the islands pick
// one with `plural` (#lib/i18n/format.ts) once they know the count.
import type { PluralForms } from '#lib/i18n/format.ts';
import { cardPurchaseStrings, filterChipsStrings } from '../catalog/listing/strings.ts';
import type { CardPurchaseStrings } from '../catalog/listing/CardPurchase.tsx';
import type { FilterChipsStrings } from '../catalog/listing/FilterChips.tsx';
import type { Messages } from '#lib/i18n/messages/en.ts';
import type { PriceStrings } from '../catalog/Price.tsx';

export interface SearchOverlayStrings {
  results: string;
  suggestions: string;
  categories: string;
  emptyTitle: string;
  emptyText: string;
  /** With {{term}}. */
  noResults: string;
  /** With {{term}} and {{suggestion}}, where the clickable suggestion goes. */
  didYouMean: string;
  /** With {{term}} and {{language}}: the items are the term's matches in another language's names. */
  otherLanguage: string;
  loading: string;
  close: string;
  showAll: string;
  variant: string;
  count: PluralForms;
  itemNo: string;
  price: PriceStrings;
}

export interface SearchBarStrings extends SearchOverlayStrings {
  label: string;
  placeholder: string;
}

export interface SearchPageStrings {
  emptyTitle: string;
  emptyText: string;
  noResults: string;
  /** With {{term}} and {{suggestion}}, where the clickable suggestion goes. */
  didYouMean: string;
  /** With {{term}} and {{language}}: the items are the term's matches in another language's names. */
  otherLanguage: string;
  loading: string;
  /** With {{count}} and {{term}}. */
  resultsFor: PluralForms;
  filters: string;
  clearFilters: string;
  chips: FilterChipsStrings;
  sort: { label: string; relevance: string; latest: string; 'price-up': string; 'price-down': string };
  pagination: { pagination: string; page: string; previous: string; next: string };
  card: PriceStrings & { itemNo: string };
  /** B2B buyers order from search results as from category lists. */
  purchase: CardPurchaseStrings;
}

function priceStrings(m: Messages): PriceStrings {
  return {
    free: m['price.free'],
    loading: m['price.loading'],
    loginToSee: m['price.loginToSee'],
    regular: m['price.regular'],
    special: m['price.special'],
    startingAt: m['catalog.startingAt'],
  };
}

export function searchBarStrings(m: Messages): SearchBarStrings {
  return {
    label: m['header.search'],
    placeholder: m['header.searchPlaceholder'],
    results: m['search.results'],
    suggestions: m['search.suggestions'],
    categories: m['search.categories'],
    emptyTitle: m['search.emptyTitle'],
    emptyText: m['search.emptyText'],
    noResults: m['search.noResults'],
    didYouMean: m['search.didYouMean'],
    otherLanguage: m['search.otherLanguage'],
    loading: m['search.loading'],
    close: m['search.close'],
    showAll: m['search.showAll'],
    variant: m['search.variant'],
    count: { one: m['search.resultCount_one'], other: m['search.resultCount_other'] },
    itemNo: m['catalog.itemNo'],
    price: priceStrings(m),
  };
}

export function searchPageStrings(m: Messages): SearchPageStrings {
  return {
    emptyTitle: m['search.emptyTitle'],
    emptyText: m['search.emptyText'],
    noResults: m['search.noResults'],
    didYouMean: m['search.didYouMean'],
    otherLanguage: m['search.otherLanguage'],
    loading: m['search.loading'],
    resultsFor: { one: m['search.resultsFor_one'], other: m['search.resultsFor_other'] },
    filters: m['catalog.filters'],
    clearFilters: m['search.clearFilters'],
    chips: filterChipsStrings(m),
    sort: {
      label: m['catalog.sortBy'],
      relevance: m['search.sort.relevance'],
      latest: m['catalog.sort.latest'],
      'price-up': m['catalog.sort.price-up'],
      'price-down': m['catalog.sort.price-down'],
    },
    pagination: {
      pagination: m['catalog.pagination'],
      page: m['catalog.page'],
      previous: m['catalog.previous'],
      next: m['catalog.next'],
    },
    card: { ...priceStrings(m), itemNo: m['catalog.itemNo'] },
    purchase: cardPurchaseStrings(m),
  };
}
