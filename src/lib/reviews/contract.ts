// Review contracts: a signed-in customer writes a review of a product they bought, edits it (back to
// moderation) and deletes it. Someone else's review is answered exactly like one that does not exist.
import { z } from 'astro/zod';
import { LOCALES } from '../i18n/locales.ts';
import { operation } from '../http/contract.ts';
import { dbId, text } from '../http/fields.ts';
import { REVIEW_LIMITS, REVIEW_STATUSES } from './rules.ts';
import { reviewsRoutes } from './routes.ts';

// Control characters would break the text in feeds, e-mails and JSON-LD consumers that do not expect
// them; PostgreSQL text cannot hold NUL. The body keeps its line breaks and tabs, the title none.
const reviewText = (max: number, multiline: boolean) =>
  z
    .string({ error: 'required' })
    // One line-break form, so a length counts what is shown and a Windows browser's text equals a Mac's.
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(text({ max, multiline, tooLong: 'tooLong', invalid: 'invalidCharacters' }).min(1, { error: 'required' }));

const reviewTitleSchema = reviewText(REVIEW_LIMITS.title, false);
const reviewBodySchema = reviewText(REVIEW_LIMITS.body, true);
const reviewRatingSchema = z
  .number({ error: 'rating' })
  .int({ error: 'rating' })
  .min(REVIEW_LIMITS.rating.min, { error: 'rating' })
  .max(REVIEW_LIMITS.rating.max, { error: 'rating' });

const reviewIdSchema = z.string().uuid();
/** The language the review is written in; without it, the request's language (src/lib/server/request-locale.ts). */
const localeSchema = z.enum(LOCALES).optional();

const reviewContentShape = {
  rating: reviewRatingSchema,
  title: reviewTitleSchema,
  body: reviewBodySchema,
  locale: localeSchema,
};

const createReviewRequestSchema = z
  .object({
    productId: dbId(),
    ...reviewContentShape,
  })
  .strict();

/** A review's content as the account's plain form sends it (the same rules as the JSON operations). */
export type ReviewForm = Pick<z.output<typeof createReviewRequestSchema>, 'rating' | 'title' | 'body'>;

const updateReviewRequestSchema = z.object({ id: reviewIdSchema, ...reviewContentShape }).strict();

const deleteReviewRequestSchema = z.object({ id: reviewIdSchema }).strict();

/** A review as its author sees it: with its moderation status. */
const ownReviewSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  locale: z.string(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnReview = z.infer<typeof ownReviewSchema>;

const reviewResponseSchema = z.object({ review: ownReviewSchema });
const deleteReviewResponseSchema = z.object({ id: z.string() });

export const reviewsApi = {
  /**
   * A new review, pending moderation. Only for a product in one of the customer's confirmed orders
   * (REVIEW_NOT_ALLOWED otherwise); one per customer and product (REVIEW_EXISTS: edit that one).
   */
  create: operation({
    ...reviewsRoutes.create,
    request: createReviewRequestSchema,
    response: reviewResponseSchema,
    status: 201,
    errors: ['UNAUTHENTICATED', 'REVIEW_NOT_ALLOWED', 'REVIEW_EXISTS'],
  }),
  /** Changes the customer's own review; it goes back to moderation (pending) and off the product page. */
  update: operation({
    ...reviewsRoutes.update,
    request: updateReviewRequestSchema,
    response: reviewResponseSchema,
    errors: ['UNAUTHENTICATED', 'REVIEW_NOT_FOUND'],
  }),
  /** Deletes the customer's own review (a published one leaves the product page at once). */
  delete: operation({
    ...reviewsRoutes.delete,
    request: deleteReviewRequestSchema,
    response: deleteReviewResponseSchema,
    errors: ['UNAUTHENTICATED', 'REVIEW_NOT_FOUND'],
  }),
};
