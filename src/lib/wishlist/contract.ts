// Wishlist contracts shared by the integration layer (src/pages/api/wishlist) and the typed client
// (src/lib/wishlist/client.ts): a signed-in customer's wishlist lives on the server (load, add,
// remove item); guests keep theirs in the browser only.
import { z } from 'astro/zod';
import type { Wishlist } from './rules.ts';
import { localeSchema } from '../content/schemas.ts';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { wishlistRoutes } from './routes.ts';

/** One request merges at most this many items (a browser's whole local wishlist at sign-in). */
const WISHLIST_MAX_BATCH = 200;

const sku = text({ max: 100, error: 'sku is required', tooLong: 'sku is too long' })
  .trim()
  .min(1, { error: 'sku is required' });

/** The language of the product names in the answer (else ?locale=, the header or the cookie). */
const locale = localeSchema.optional();

/** GET /api/wishlist?locale=. */
const wishlistListRequestSchema = z.object({ locale }).strict();

/** POST /api/wishlist/items: adds the items; those already there stay as they are (a merge). */
const wishlistAddRequestSchema = z
  .object({
    items: z
      .array(z.object({ sku }).strict())
      .min(1, { error: 'items must not be empty' })
      .max(WISHLIST_MAX_BATCH, { error: `at most ${WISHLIST_MAX_BATCH} items per request` }),
    locale,
  })
  .strict();

/** DELETE /api/wishlist/items. */
const wishlistRemoveRequestSchema = z.object({ sku, locale }).strict();

/** Every wishlist endpoint answers with the whole list, product names in the requested locale. */
const wishlistProductSchema = z
  .object({
    id: z.number().int().positive(),
    sku: z.string().min(1),
    name: z.string(),
    image: z.string().nullable(),
  })
  .strict();

const wishlistResponseSchema = z
  .object({
    items: z.array(z.object({ product: wishlistProductSchema, qty: z.number().int().positive() }).strict()),
  })
  .strict() satisfies z.ZodType<Wishlist>;

// ---------------------------------------------------------------- operations

/** Only a signed-in customer has a wishlist on the server; a guest's stays in the browser (401). */
export const wishlistApi = {
  list: operation({
    ...wishlistRoutes.list,
    request: wishlistListRequestSchema,
    response: wishlistResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** A merge: sign-in sends the browser's whole list; unknown or inactive skus are skipped. */
  add: operation({
    ...wishlistRoutes.add,
    request: wishlistAddRequestSchema,
    response: wishlistResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** Removing what is not on the list is no error. */
  remove: operation({
    ...wishlistRoutes.remove,
    request: wishlistRemoveRequestSchema,
    response: wishlistResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
};
