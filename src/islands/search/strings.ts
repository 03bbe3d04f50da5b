// The texts the search islands show, picked from a locale's messages by the header and the search
// page (each island receives only the strings it uses). Plural forms stay raw: see pluralText.
import type { Messages } from '#lib/i18n/messages/en.ts';
import type { PriceStrings } from '../catalog/Price.tsx';

export interface PluralForms { one: string; other: string }

export interface SearchOverlayStrings {
  results: string;
  suggestions: string;
  categories: string;
  emptyTitle: string;
  emptyText: string;
  /** With {{term}}. */
  noResults: string;
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
  loading: string;
  /** With {{count}} and {{term}}. */
  resultsFor: PluralForms;
  filters: string;
  clearFilters: string;
  sort: { label: string; latest: string; 'price-up': string; 'price-down': string };
  pagination: { pagination: string; page: string; previous: string; next: string };
  card: PriceStrings & { itemNo: string };
}

function priceStrings(m: Messages): PriceStrings {
  return {
    free: m['price.free'], loading: m['price.loading'], loginToSee: m['price.loginToSee'],
    regular: m['price.regular'], special: m['price.special'], startingAt: m['catalog.startingAt'],
  };
}

export function searchBarStrings(m: Messages): SearchBarStrings {
  return {
    label: m['header.search'], placeholder: m['header.searchPlaceholder'],
    results: m['search.results'], suggestions: m['search.suggestions'], categories: m['search.categories'],
    emptyTitle: m['search.emptyTitle'], emptyText: m['search.emptyText'], noResults: m['search.noResults'],
    loading: m['search.loading'], close: m['search.close'], showAll: m['search.showAll'], variant: m['search.variant'],
    count: { one: m['search.resultCount_one'], other: m['search.resultCount_other'] },
    itemNo: m['catalog.itemNo'], price: priceStrings(m),
  };
}

export function searchPageStrings(m: Messages): SearchPageStrings {
  return {
    emptyTitle: m['search.emptyTitle'], emptyText: m['search.emptyText'], noResults: m['search.noResults'],
    loading: m['search.loading'],
    resultsFor: { one: m['search.resultsFor_one'], other: m['search.resultsFor_other'] },
    filters: m['catalog.filters'], clearFilters: m['search.clearFilters'],
    sort: {
      label: m['catalog.sortBy'], latest: m['catalog.sort.latest'],
      'price-up': m['catalog.sort.price-up'], 'price-down': m['catalog.sort.price-down'],
    },
    pagination: { pagination: m['catalog.pagination'], page: m['catalog.page'], previous: m['catalog.previous'], next: m['catalog.next'] },
    card: { ...priceStrings(m), itemNo: m['catalog.itemNo'] },
  };
}

/** Fills {{name}} placeholders; an unknown name stays visible rather than vanishing. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * The plural form by the locale's CLDR rules (French says "0 résultat"), count formatted for the
 * locale. `atLeast`: more match than the count (a capped search), shown as "240+".
 */
export function pluralText(intlLocale: string, count: number, forms: PluralForms, vars: Record<string, string> = {}, atLeast = false): string {
  const form = !atLeast && new Intl.PluralRules(intlLocale).select(count) === 'one' ? forms.one : forms.other;
  return fill(form, { ...vars, count: `${new Intl.NumberFormat(intlLocale).format(count)}${atLeast ? '+' : ''}` });
}
