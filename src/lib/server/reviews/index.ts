// The reviews domain's public face: the endpoints (wired to the process database and the signed-in
// customer), the account page's loader, the product page's reviews, and moderation.
import { getDb } from '../db/index.ts';
import { currentShopper } from '../shopper.ts';
import { reviewRoutes } from './handlers.ts';

export { myReviewsView, type MyReviewsData, type FailedReviewForm } from './account-page.ts';
export { productReviews } from './product.ts';
export { moderateReview } from './service.ts';
export { reviewsForModeration } from './queries.ts';

/** The endpoints under src/pages/api/reviews. */
export const reviews = reviewRoutes({
  db: getDb,
  customerId: async (cookies, url) => (await currentShopper(cookies, url)).customerId,
});
