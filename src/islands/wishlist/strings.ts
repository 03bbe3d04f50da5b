// The texts the wishlist sidebar shows (it receives only these), picked from a locale's messages.
import type { PluralForms } from '#lib/i18n/format.ts';
import type { PriceStrings } from '../catalog/Price.tsx';
import type { AvailabilityStrings } from '../catalog/AvailabilityText.tsx';
import { availabilityStrings } from '../catalog/listing/strings.ts';
import type { Messages } from '#lib/i18n/messages/en.ts';

export interface WishlistSidebarStrings {
  title: string;
  /** With {{count}}. */
  totalItems: PluralForms;
  viewDetails: string;
  remove: string;
  startShopping: string;
  empty: string;
  close: string;
  addToCart: string;
  price: PriceStrings;
  availability: AvailabilityStrings;
}

export function wishlistSidebarStrings(m: Messages): WishlistSidebarStrings {
  return {
    title: m['wishlist.title'],
    totalItems: { one: m['wishlist.totalItems_one'], other: m['wishlist.totalItems_other'] },
    viewDetails: m['wishlist.viewDetails'],
    remove: m['wishlist.remove'],
    startShopping: m['wishlist.startShopping'],
    empty: m['wishlist.empty'],
    close: m['wishlist.close'],
    addToCart: m['catalog.addToCart'],
    price: {
      free: m['price.free'],
      loading: m['price.loading'],
      loginToSee: m['price.loginToSee'],
      regular: m['price.regular'],
      special: m['price.special'],
      startingAt: m['catalog.startingAt'],
    },
    availability: availabilityStrings(m),
  };
}
