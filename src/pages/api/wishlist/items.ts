// Wishlist items of the signed-in customer: POST { items: [{ sku }], locale? } adds
// (merges: sign-in sends the browser's whole list), DELETE { sku, locale? } removes. Both answer with
// the whole list, names in the body's locale or ?locale=. 401 UNAUTHENTICATED for guests.
import { wishlist } from '#lib/server/wishlist/index.ts';

export const prerender = false;

export const POST = wishlist.add;
export const DELETE = wishlist.remove;
