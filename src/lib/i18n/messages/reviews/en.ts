// English messages of product reviews: the account's review list, the review form, and the product page's reviews: a part of en.ts of its own.
// Every other locale's part has exactly these keys.
export const enReviews = {
} as const;

export type ReviewsMessages = Record<keyof typeof enReviews, string>;
