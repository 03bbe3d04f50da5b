// Wishlist load: GET ?locale= -> { items }, the signed-in customer's wishlist with
// names in that locale. 401 UNAUTHENTICATED for guests, whose wishlist lives in their browser only.
import { wishlist } from '#lib/server/wishlist/index.ts';

export const prerender = false;

export const GET = wishlist.list;
