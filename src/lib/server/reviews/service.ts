// The review operations, shared by the JSON endpoints, the account page's plain forms and the
// moderation command: only buyers write reviews, one per product; an edit goes back to moderation;
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
  setReviewStatus,
  updateOwnReview,
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

/**
 * Moderation: publishes or rejects a review (again, too: a rejected one can still be published).
 * The product is published when the review comes onto or leaves its page.
 */
export async function moderateReview(
  db: Db,
  id: string,
  status: Exclude<ReviewStatus, 'pending'>,
): Promise<{ review: ReviewRow; previous: ReviewStatus }> {
  const changed = await setReviewStatus(db, id, status);
  if (!changed) throw reviewNotFound();
  if (changed.previous === 'published' || status === 'published')
    await productReviewsChanged(db, changed.review.productId);
  return changed;
}
