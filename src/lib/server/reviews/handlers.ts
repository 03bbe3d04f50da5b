// The reviews' state changes, each defined once: the endpoints (src/pages/api/reviews) answer them as
// JSON and /my-account/my-reviews takes them as plain forms (account-page.ts). The signed-in customer's
// own reviews only; a guest is 401, another customer's review the same 404 as none.
import type { AstroCookies } from 'astro';
import { reviewsApi } from '#lib/reviews/contract.ts';
import type { Db } from '../db/client.ts';
import { endpoint, stateChange } from '../http.ts';
import { unauthenticated } from '../auth/index.ts';
import { requestLocale } from '../request-locale.ts';
import { ownReview } from './queries.ts';
import { createReview, deleteReview, updateReview } from './service.ts';

export interface ReviewDeps {
  db(): Promise<Db>;
  /** The signed-in customer's id, or null for a guest. */
  customerId(cookies: AstroCookies, url: URL): Promise<string | null>;
}

/** What a change needs of its request: the customer's session and the language asked for. */
interface ReviewRequest {
  cookies: AstroCookies;
  url: URL;
  request: Request;
}

export function reviewChanges(deps: ReviewDeps) {
  async function signedIn(cookies: AstroCookies, url: URL): Promise<string> {
    const customerId = await deps.customerId(cookies, url);
    if (!customerId) throw unauthenticated();
    return customerId;
  }

  return {
    create: stateChange(reviewsApi.create, async ({ productId, locale, ...content }, req: ReviewRequest) => {
      const customerId = await signedIn(req.cookies, req.url);
      return {
        review: ownReview(
          await createReview(await deps.db(), customerId, productId, content, requestLocale(req, locale)),
        ),
      };
    }),

    update: stateChange(reviewsApi.update, async ({ id, locale, ...content }, req: ReviewRequest) => {
      const customerId = await signedIn(req.cookies, req.url);
      return {
        review: ownReview(await updateReview(await deps.db(), customerId, id, content, requestLocale(req, locale))),
      };
    }),

    delete: stateChange(reviewsApi.delete, async ({ id }, req: ReviewRequest) => {
      const customerId = await signedIn(req.cookies, req.url);
      return { id: (await deleteReview(await deps.db(), customerId, id)).id };
    }),
  };
}

export type ReviewChanges = ReturnType<typeof reviewChanges>;

export function reviewRoutes(deps: ReviewDeps) {
  const changes = reviewChanges(deps);
  return { create: endpoint(changes.create), update: endpoint(changes.update), delete: endpoint(changes.delete) };
}
