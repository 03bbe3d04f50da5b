// The reviews domain's public face: the endpoints (wired to the process database and the signed-in
// customer), the account page's loader, the product page's reviews, and moderation (the workspace's
// queue and the command).
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { reviewChanges, reviewRoutes, type ReviewDeps } from './handlers.ts';
import { myReviewsPage } from './account-page.ts';

export type { MyReviewsData, FailedReviewForm } from './account-page.ts';
export { productReviews } from './product.ts';
export { moderateReview, replyToReview, type ModerationRecord } from './service.ts';
export { reviewsForModeration, productNames, type ModerationRow, type ReviewRow } from './queries.ts';

const deps: ReviewDeps = {
  db: getDb,
  customerId: async (cookies, url) => (await currentShopper(cookies, url)).customerId,
};

/** The endpoints under src/pages/api/reviews. */
export const reviews = reviewRoutes(deps);
/** The loader of /my-account/my-reviews, whose forms post the endpoints' own state changes. */
export const myReviewsView = myReviewsPage(reviewChanges(deps));
