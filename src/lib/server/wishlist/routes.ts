// The wishlist endpoints, one per operation of wishlistApi, behind src/pages/api/wishlist/*.ts. Only
// a signed-in user has a list on the server, their own (a colleague's list is never theirs to read); a guest gets 401 UNAUTHENTICATED and keeps theirs
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
  /** The signed-in company user's id, or null for a guest. */
  userId(context: APIContext, db: Db): Promise<string | null>;
}

const defaultWishlistDeps: WishlistDeps = {
  db: getDb,
  userId: async ({ cookies, url }, db) => (await resolveSession(cookies, { url, db }))?.user.id ?? null,
};

export function wishlistRoutes(deps: WishlistDeps = defaultWishlistDeps) {
  /** The database and the signed-in user of the request; 401 for a guest. */
  async function user(context: APIContext): Promise<{ db: Db; userId: string }> {
    const db = await deps.db();
    const userId = await deps.userId(context, db);
    if (!userId) throw unauthenticated();
    return { db, userId };
  }

  return {
    list: endpoint(wishlistApi.list, async (query, context) => {
      const { db, userId } = await user(context);
      return listWishlist(db, userId, requestLocale(context, query.locale));
    }),

    add: endpoint(wishlistApi.add, async (body, context) => {
      const { db, userId } = await user(context);
      return addWishlistItems(
        db,
        userId,
        body.items.map((i) => i.sku),
        requestLocale(context, body.locale),
      );
    }),

    remove: endpoint(wishlistApi.remove, async (body, context) => {
      const { db, userId } = await user(context);
      return removeWishlistItem(db, userId, body.sku, requestLocale(context, body.locale));
    }),
  };
}
