// The texts the listing island shows, picked from the message files by the page
// (each island receives only the strings it uses).
import type { PriceStrings } from '../Price.tsx';
import type { CardPurchaseStrings } from './CardPurchase.tsx';
import type { FilterChipsStrings } from './FilterChips.tsx';
import type { AvailabilityStrings } from '../AvailabilityText.tsx';
import type { Messages } from '#lib/i18n/messages/en.ts';

interface SortStrings {
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
  purchase: CardPurchaseStrings;
  chips: FilterChipsStrings;
}

/** Every availability text (and the loading one), for islands that show AvailabilityText. */
export function availabilityStrings(m: Messages): AvailabilityStrings {
  return {
    'availability.available': m['availability.available'],
    'availability.limited': m['availability.limited'],
    'availability.limit-overflow': m['availability.limit-overflow'],
    'availability.not-available': m['availability.not-available'],
    'availability.loading': m['availability.loading'],
  };
}

/** A card's buying row (quantity, Add to cart, availability), the same on category and search pages. */
export function cardPurchaseStrings(m: Messages): CardPurchaseStrings {
  return {
    quantity: m['catalog.quantity'],
    addToCart: m['catalog.addToCart'],
    chooseVariant: m['catalog.chooseVariant'],
    availability: availabilityStrings(m),
  };
}

/** The active-filter chips' texts; the removal label keeps its {{filter}} and {{value}} for the island. */
export function filterChipsStrings(m: Messages): FilterChipsStrings {
  return {
    activeFilters: m['catalog.activeFilters'],
    removeFilter: m['catalog.removeFilter'],
    clearAllFilters: m['catalog.clearAllFilters'],
  };
}
