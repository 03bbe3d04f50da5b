// Wishlist contracts shared by the integration layer (src/pages/api/wishlist) and the typed client
// (src/lib/wishlist/client.ts): a signed-in customer's wishlist lives on the server (spec section 7:
// wishlist load, remove item); guests keep theirs in the browser only.
import { z } from 'astro/zod';
import { wishlistSchema } from './rules.ts';

/** One request merges at most this many items (a browser's whole local wishlist at sign-in). */
export const WISHLIST_MAX_BATCH = 200;

const sku = z.string({ error: 'sku is required' }).trim().min(1, { error: 'sku is required' }).max(100, { error: 'sku is too long' });

/** POST /api/wishlist/items: adds the items; those already there stay as they are (a merge). */
export const wishlistAddRequestSchema = z.object({
  items: z.array(z.object({ sku }).strict()).min(1, { error: 'items must not be empty' })
    .max(WISHLIST_MAX_BATCH, { error: `at most ${WISHLIST_MAX_BATCH} items per request` }),
}).strict();
export type WishlistAddRequest = z.input<typeof wishlistAddRequestSchema>;

/** DELETE /api/wishlist/items. */
export const wishlistRemoveRequestSchema = z.object({ sku }).strict();
export type WishlistRemoveRequest = z.input<typeof wishlistRemoveRequestSchema>;

/** Every wishlist endpoint answers with the whole list, product names in the requested locale. */
export const wishlistResponseSchema = wishlistSchema;
