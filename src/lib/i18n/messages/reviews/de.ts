import type { ReviewsMessages } from './en.ts';

// The German messages of product reviews: the account's review list, the review form, and the product page's reviews; keys and placeholders mirror en.ts.
export const deReviews: ReviewsMessages = {
};
