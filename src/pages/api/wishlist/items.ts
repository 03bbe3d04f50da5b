// Wishlist items of the signed-in customer (spec section 7): POST { items: [{ sku }] } adds (merges:
// sign-in sends the browser's whole list), DELETE { sku } removes. Both answer with the whole list,
// names in ?locale=. 401 UNAUTHENTICATED for guests.
import type { APIContext } from 'astro';
import { endpoint, json, readBody } from '#lib/server/http.ts';
import { getDb } from '#lib/server/db/index.ts';
import { currentShopper } from '#lib/server/shopper.ts';
import { unauthenticated } from '#lib/server/auth/errors.ts';
import { wishlistAddRequestSchema, wishlistRemoveRequestSchema } from '#lib/wishlist/contract.ts';
import { addWishlistItems, removeWishlistItem, wishlistLocale } from '#lib/server/wishlist/index.ts';

export const prerender = false;

async function customerOf({ cookies, url }: APIContext): Promise<string> {
  const { customerId } = await currentShopper(cookies, url);
  if (!customerId) throw unauthenticated();
  return customerId;
}

export const POST = endpoint(async (context) => {
  const customerId = await customerOf(context);
  const body = await readBody(context.request, wishlistAddRequestSchema);
  const skus = body.items.map((i) => i.sku);
  return json(await addWishlistItems(await getDb(), customerId, skus, wishlistLocale(context.url, context.cookies)));
});

export const DELETE = endpoint(async (context) => {
  const customerId = await customerOf(context);
  const body = await readBody(context.request, wishlistRemoveRequestSchema);
  return json(await removeWishlistItem(await getDb(), customerId, body.sku, wishlistLocale(context.url, context.cookies)));
});
