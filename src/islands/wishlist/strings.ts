// The texts the wishlist sidebar shows (it receives only these), picked from a locale's messages.
import type { Messages } from '#lib/i18n/messages/en.ts';

export interface WishlistSidebarStrings {
  title: string;
  /** With {{count}}. */
  totalItems: { one: string; other: string };
  viewDetails: string;
  remove: string;
  startShopping: string;
  empty: string;
  close: string;
}

export function wishlistSidebarStrings(m: Messages): WishlistSidebarStrings {
  return {
    title: m['wishlist.title'],
    totalItems: { one: m['wishlist.totalItems_one'], other: m['wishlist.totalItems_other'] },
    viewDetails: m['wishlist.viewDetails'], remove: m['wishlist.remove'], startShopping: m['wishlist.startShopping'],
    empty: m['wishlist.empty'], close: m['wishlist.close'],
  };
}

/** The count in the locale's plural form and number format. */
export function totalItemsText(intlLocale: string, count: number, forms: WishlistSidebarStrings['totalItems']): string {
  const form = new Intl.PluralRules(intlLocale).select(count) === 'one' ? forms.one : forms.other;
  return form.replace(/\{\{\s*count\s*\}\}/g, new Intl.NumberFormat(intlLocale).format(count));
}
