// The review endpoints (src/pages/api/reviews), one per operation of reviewsApi: the signed-in
// customer's own reviews only; a guest is 401, another customer's review the same 404 as none.
import type { AstroCookies } from 'astro';
import { reviewsApi } from '#lib/reviews/contract.ts';
import type { Db } from '../db/client.ts';
import { endpoint } from '../http.ts';
import { unauthenticated } from '../auth/index.ts';
import { requestLocale } from '../request-locale.ts';
import { ownReview } from './queries.ts';
import { createReview, deleteReview, updateReview } from './service.ts';

interface ReviewDeps {
  db(): Promise<Db>;
  /** The signed-in customer's id, or null for a guest. */
  customerId(cookies: AstroCookies, url: URL): Promise<string | null>;
}

export function reviewRoutes(deps: ReviewDeps) {
  async function signedIn(cookies: AstroCookies, url: URL): Promise<string> {
    const customerId = await deps.customerId(cookies, url);
    if (!customerId) throw unauthenticated();
    return customerId;
  }

  return {
    create: endpoint(reviewsApi.create, async ({ productId, locale, ...content }, req) => {
      const customerId = await signedIn(req.cookies, req.url);
      return { review: ownReview(await createReview(await deps.db(), customerId, productId, content, requestLocale(req, locale))) };
    }),

    update: endpoint(reviewsApi.update, async ({ id, locale, ...content }, req) => {
      const customerId = await signedIn(req.cookies, req.url);
      return { review: ownReview(await updateReview(await deps.db(), customerId, id, content, requestLocale(req, locale))) };
    }),

    delete: endpoint(reviewsApi.delete, async ({ id }, req) => {
      const customerId = await signedIn(req.cookies, req.url);
      return { id: (await deleteReview(await deps.db(), customerId, id)).id };
    }),
  };
}
