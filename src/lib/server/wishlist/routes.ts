// The wishlist endpoints, one per operation of wishlistApi, behind src/pages/api/wishlist/*.ts. Only
// a signed-in customer has a list on the server; a guest gets 401 UNAUTHENTICATED and keeps theirs
// in the browser. Every answer is the whole list with names in the request's locale.
import type { APIContext } from 'astro';
import type { Db } from '../db/client.ts';
import { getDb } from '../db/index.ts';
import { endpoint } from '../http.ts';
import { requestLocale } from '../request-locale.ts';
import { resolveSession, unauthenticated } from '../auth/index.ts';
import { wishlistApi } from '#lib/wishlist/contract.ts';
import { addWishlistItems, listWishlist, removeWishlistItem } from './queries.ts';

export interface WishlistDeps {
  db(): Promise<Db>;
  /** The signed-in customer's id, or null for a guest. */
  customerId(context: APIContext, db: Db): Promise<string | null>;
}

const defaultWishlistDeps: WishlistDeps = {
  db: getDb,
  customerId: async ({ cookies, url }, db) => (await resolveSession(cookies, { url, db }))?.customer.id ?? null,
};

export function wishlistRoutes(deps: WishlistDeps = defaultWishlistDeps) {
  /** The database and the signed-in customer of the request; 401 for a guest. */
  async function customer(context: APIContext): Promise<{ db: Db; customerId: string }> {
    const db = await deps.db();
    const customerId = await deps.customerId(context, db);
    if (!customerId) throw unauthenticated();
    return { db, customerId };
  }

  return {
    list: endpoint(wishlistApi.list, async (query, context) => {
      const { db, customerId } = await customer(context);
      return listWishlist(db, customerId, requestLocale(context, query.locale));
    }),

    add: endpoint(wishlistApi.add, async (body, context) => {
      const { db, customerId } = await customer(context);
      return addWishlistItems(
        db,
        customerId,
        body.items.map((i) => i.sku),
        requestLocale(context, body.locale),
      );
    }),

    remove: endpoint(wishlistApi.remove, async (body, context) => {
      const { db, customerId } = await customer(context);
      return removeWishlistItem(db, customerId, body.sku, requestLocale(context, body.locale));
    }),
  };
}
