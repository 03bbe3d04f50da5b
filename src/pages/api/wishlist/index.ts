// Wishlist load (spec section 7): GET ?locale= -> { items }, the signed-in customer's wishlist with
// names in that locale. 401 UNAUTHENTICATED for guests, whose wishlist lives in their browser only.
import { endpoint, json } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { currentShopper } from '#lib/server/shopper.ts';
import { unauthenticated } from '#lib/server/auth/errors.ts';
import { listWishlist, wishlistLocale } from '#lib/server/wishlist/index.ts';

export const prerender = false;

export const GET = endpoint(async ({ cookies, url }) => {
  const { customerId } = await currentShopper(cookies, url);
  if (!customerId) throw unauthenticated();
  return json(await listWishlist(await getDb(), customerId, wishlistLocale(url, cookies)));
});
