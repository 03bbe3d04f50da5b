// The review operations, shared by the JSON endpoints, the account page's plain forms, the workspace's
// moderation queue and the moderation command: only buyers write reviews, one per product; an edit goes back to moderation;
// whatever takes a published review off the product page (or puts one on it) publishes the product,
// so its cached page is dropped on every instance and the next request renders the change.
import type { Database } from '../db/client.ts';
import { publish } from '../publish/index.ts';
import { ApiError } from '../http.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ReviewStatus } from '#lib/reviews/rules.ts';
import type { ReviewForm } from '#lib/reviews/contract.ts';
import {
  deleteOwnReview,
  hasBought,
  insertReview,
  setReviewReply,
  setReviewStatus,
  updateOwnReview,
  type ModerationDecision,
  type ReviewRow,
} from './queries.ts';

type Db = Database['db'];

const reviewNotFound = () => new ApiError('REVIEW_NOT_FOUND', 'Review not found.', 404);
const reviewNotAllowed = () =>
  new ApiError('REVIEW_NOT_ALLOWED', 'Only customers who bought this product can review it.', 403);
const reviewExists = () =>
  new ApiError('REVIEW_EXISTS', 'You have already reviewed this product; edit that review instead.', 409);

/** Drops the cached pages showing the product's published reviews (its own page and its parent's). */
async function productReviewsChanged(db: Db, productId: number): Promise<void> {
  await publish({ db }, { products: [productId] }, { source: 'editor' });
}

export async function createReview(
  db: Db,
  customerId: string,
  productId: number,
  content: ReviewForm,
  locale: Locale,
): Promise<ReviewRow> {
  if (!(await hasBought(db, customerId, productId))) throw reviewNotAllowed();
  const review = await insertReview(db, customerId, productId, content, locale);
  if (!review) throw reviewExists();
  return review;
}

export async function updateReview(
  db: Db,
  customerId: string,
  id: string,
  content: ReviewForm,
  locale: Locale,
): Promise<ReviewRow> {
  const changed = await updateOwnReview(db, customerId, id, content, locale);
  if (!changed) throw reviewNotFound();
  if (changed.previous === 'published') await productReviewsChanged(db, changed.review.productId);
  return changed.review;
}

export async function deleteReview(db: Db, customerId: string, id: string): Promise<ReviewRow> {
  const deleted = await deleteOwnReview(db, customerId, id);
  if (!deleted) throw reviewNotFound();
  if (deleted.status === 'published') await productReviewsChanged(db, deleted.productId);
  return deleted;
}

/** What moderation writes beside a change, in its transaction: the audit trail's row. */
export type ModerationRecord = (tx: Db, changed: { review: ReviewRow; previous: ReviewStatus }) => Promise<void>;

/**
 * Moderation: publishes or rejects a review (again, too: a rejected one can still be published);
 * `record` runs in the same transaction. The product is published, once the change is committed, when
 * the review comes onto or leaves its page.
 */
export async function moderateReview(
  db: Db,
  id: string,
  decision: ModerationDecision,
  record?: ModerationRecord,
): Promise<{ review: ReviewRow; previous: ReviewStatus }> {
  const changed = await db.transaction(async (tx) => {
    const found = await setReviewStatus(tx, id, decision);
    if (!found) throw reviewNotFound();
    await record?.(tx, found);
    return found;
  });
  if (changed.previous === 'published' || decision.status === 'published')
    await productReviewsChanged(db, changed.review.productId);
  return changed;
}

/**
 * The shop's reply to a review (null takes it away), shown with the review once it is published; a
 * published review's product is published so its page shows the reply.
 */
export async function replyToReview(
  db: Db,
  id: string,
  reply: string | null,
  record?: ModerationRecord,
): Promise<ReviewRow> {
  const review = await db.transaction(async (tx) => {
    const changed = await setReviewReply(tx, id, reply);
    if (!changed) throw reviewNotFound();
    await record?.(tx, { review: changed, previous: changed.status });
    return changed;
  });
  if (review.status === 'published') await productReviewsChanged(db, review.productId);
  return review;
}
