// The reviews table, read and written for one customer at a time: every query that touches a review
// on a customer's behalf carries their id, so another customer's review is simply not found.
// What a customer bought comes from their confirmed orders' lines (orders.cart_info), by sku.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows, timestamp, type Executor } from '../db/index.ts';
import {
  REVIEWS_SHOWN,
  REVIEW_STATUSES,
  reviewAuthor,
  type PublishedReview,
  type ReviewStatus,
  type ReviewSummary,
} from '#lib/reviews/rules.ts';
import type { OwnReview, ReviewForm } from '#lib/reviews/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';

const Status = z.enum(REVIEW_STATUSES);

const ReviewRow = z.object({
  id: z.string(),
  productId: z.number(),
  customerId: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  locale: z.string(),
  status: Status,
  moderatedAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ReviewRow = z.infer<typeof ReviewRow>;

/** A changed review with the status it had before. */
const ChangedReviewRow = ReviewRow.extend({ previous: Status });
const ModerationRow = ReviewRow.extend({
  sku: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
const BoughtRow = z.object({ productId: z.number(), boughtAt: timestamp });
const ReviewedProduct = z.object({ id: z.number(), name: z.string(), slug: z.string() });
const TotalsRow = z.object({ count: z.number(), sum: z.number().nullable() });
const PublishedRow = z.object({
  id: z.string(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  locale: z.string(),
  publishedAt: timestamp,
  firstName: z.string(),
  lastName: z.string(),
  reply: z.string().nullable(),
  repliedAt: timestamp.nullable(),
});

/** A review's columns as ReviewRow names them, of the table or of its alias `r`. */
const columnsOf = (prefix: '' | 'r.') =>
  sql.raw(
    [
      'id',
      'product_id AS "productId"',
      'customer_id AS "customerId"',
      'rating',
      'title',
      'body',
      'locale',
      'status',
      'moderated_at AS "moderatedAt"',
      'rejection_reason AS "rejectionReason"',
      'reply',
      'replied_at AS "repliedAt"',
      'created_at AS "createdAt"',
      'updated_at AS "updatedAt"',
    ]
      .map((column) => prefix + column)
      .join(', '),
  );
const COLUMNS = columnsOf('');
const R_COLUMNS = columnsOf('r.');

export function ownReview(row: ReviewRow): OwnReview {
  return {
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    title: row.title,
    body: row.body,
    locale: row.locale,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The products in the customer's confirmed orders, each with when it was last bought, newest first.
 * A pending order (its payment never went through) or a cancelled one is no purchase.
 */
export async function boughtProducts(
  db: Executor,
  customerId: string,
  productId?: number,
): Promise<{ productId: number; boughtAt: Date }[]> {
  const found = await rows(
    db,
    BoughtRow,
    sql`
    SELECT p.id AS "productId", max(o.created_at) AS "boughtAt"
    FROM orders o
    CROSS JOIN LATERAL jsonb_array_elements(o.cart_info -> 'cartItems') AS item
    JOIN products p ON lower(p.sku) = lower(item ->> 'sku')
    WHERE o.customer_id = ${customerId} AND o.status = 'confirmed'
      ${productId === undefined ? sql`` : sql`AND p.id = ${productId}`}
    GROUP BY p.id
    ORDER BY max(o.created_at) DESC, p.id`,
  );
  return found;
}

export async function hasBought(db: Executor, customerId: string, productId: number): Promise<boolean> {
  return (await boughtProducts(db, customerId, productId)).length > 0;
}

/** A new pending review, or null when the customer already has one of this product. */
export async function insertReview(
  db: Executor,
  customerId: string,
  productId: number,
  content: ReviewForm,
  locale: Locale,
): Promise<ReviewRow | null> {
  const [row] = await rows(
    db,
    ReviewRow,
    sql`
    INSERT INTO reviews (product_id, customer_id, rating, title, body, locale, status)
    VALUES (${productId}, ${customerId}, ${content.rating}, ${content.title}, ${content.body}, ${locale}, 'pending')
    ON CONFLICT (product_id, customer_id) DO NOTHING
    RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

/**
 * Changes the customer's own review and sends it back to moderation; null when they have no review of
 * this id. `previous` is the status it had, so a published one can be taken off the product page.
 */
export async function updateOwnReview(
  db: Executor,
  customerId: string,
  id: string,
  content: ReviewForm,
  locale: Locale,
): Promise<{ review: ReviewRow; previous: ReviewStatus } | null> {
  const [row] = await rows(
    db,
    ChangedReviewRow,
    sql`
    WITH old AS (SELECT id, status FROM reviews WHERE id = ${id} AND customer_id = ${customerId} FOR UPDATE)
    UPDATE reviews r SET rating = ${content.rating}, title = ${content.title}, body = ${content.body}, locale = ${locale},
      status = 'pending', moderated_at = NULL, rejection_reason = NULL, updated_at = now()
    FROM old WHERE r.id = old.id
    RETURNING ${R_COLUMNS}, old.status AS previous`,
  );
  return row ? { review: row, previous: row.previous } : null;
}

/** Deletes the customer's own review; null when they have none of this id. */
export async function deleteOwnReview(db: Executor, customerId: string, id: string): Promise<ReviewRow | null> {
  const [row] = await rows(
    db,
    ReviewRow,
    sql`
    DELETE FROM reviews WHERE id = ${id} AND customer_id = ${customerId} RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

/** A product as the account's review lists name and link it, in the page's language (German when missing). */
export type ReviewedProduct = z.infer<typeof ReviewedProduct>;

export async function productNames(db: Executor, ids: number[], locale: Locale): Promise<Map<number, ReviewedProduct>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    ReviewedProduct,
    sql`
    SELECT p.id, coalesce(t.name, d.name) AS name, coalesce(t.slug, d.slug) AS slug
    FROM products p
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
    LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = 'de'
    WHERE p.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND p.is_active`,
  );
  return new Map(found.map((p) => [p.id, p]));
}

/** The customer's reviews, most recently changed first. */
export async function customerReviews(db: Executor, customerId: string): Promise<ReviewRow[]> {
  return rows(
    db,
    ReviewRow,
    sql`
    SELECT ${COLUMNS} FROM reviews WHERE customer_id = ${customerId} ORDER BY updated_at DESC, id`,
  );
}

/**
 * The published reviews of these products (a product page passes its own id, and a parent its
 * variants' too): the newest REVIEWS_SHOWN and the average and count over all; null when none.
 */
export async function publishedSummary(db: Db, productIds: number[]): Promise<ReviewSummary | null> {
  if (productIds.length === 0) return null;
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [totals] = await rows(
    db,
    TotalsRow,
    sql`
    SELECT count(*)::int AS count, sum(rating)::int AS sum FROM reviews WHERE product_id IN (${ids}) AND status = 'published'`,
  );
  const count = totals?.count ?? 0;
  if (count === 0) return null;
  const newest = await rows(
    db,
    PublishedRow,
    sql`
    SELECT r.id, r.rating, r.title, r.body, r.locale, coalesce(r.moderated_at, r.updated_at) AS "publishedAt",
      c.first_name AS "firstName", c.last_name AS "lastName", r.reply, r.replied_at AS "repliedAt"
    FROM reviews r JOIN customers c ON c.id = r.customer_id
    WHERE r.product_id IN (${ids}) AND r.status = 'published'
    ORDER BY coalesce(r.moderated_at, r.updated_at) DESC, r.id
    LIMIT ${REVIEWS_SHOWN}`,
  );
  const reviews: PublishedReview[] = newest.map((r) => ({
    id: r.id,
    rating: r.rating,
    title: r.title,
    body: r.body,
    locale: r.locale,
    author: reviewAuthor(r.firstName, r.lastName),
    publishedAt: r.publishedAt.toISOString(),
    reply: r.reply === null || r.repliedAt === null ? null : { text: r.reply, at: r.repliedAt.toISOString() },
  }));
  return { count, average: Math.round((Number(totals!.sum) / count) * 10) / 10, reviews };
}

/** A moderator's decision: publish, or reject for a reason. */
export type ModerationDecision = { status: 'published' } | { status: 'rejected'; reason: string };

/** Moderation: sets a review's status (and a rejection's reason); null for an unknown id. `previous` is the status it had. */
export async function setReviewStatus(
  db: Executor,
  id: string,
  decision: ModerationDecision,
): Promise<{ review: ReviewRow; previous: ReviewStatus } | null> {
  const reason = decision.status === 'rejected' ? decision.reason : null;
  const [row] = await rows(
    db,
    ChangedReviewRow,
    sql`
    WITH old AS (SELECT id, status FROM reviews WHERE id = ${id} FOR UPDATE)
    UPDATE reviews r SET status = ${decision.status}, rejection_reason = ${reason}, moderated_at = now()
    FROM old WHERE r.id = old.id
    RETURNING ${R_COLUMNS}, old.status AS previous`,
  );
  return row ? { review: row, previous: row.previous } : null;
}

/** The shop's reply to a review (null: none); null for an unknown id. */
export async function setReviewReply(db: Executor, id: string, reply: string | null): Promise<ReviewRow | null> {
  const [row] = await rows(
    db,
    ReviewRow,
    sql`
    UPDATE reviews SET reply = ${reply}, replied_at = ${reply === null ? null : sql`now()`}
    WHERE id = ${id} RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

/** A review as moderation lists it: with its product's sku and its author. */
export type ModerationRow = z.infer<typeof ModerationRow>;

/**
 * Moderation's list: every review, those of one status or the one of an id; waiting ones first and the
 * oldest change first (the longest waiting); at most `limit`.
 */
export async function reviewsForModeration(
  db: Executor,
  filter: { status?: ReviewStatus | 'all'; id?: string; limit?: number } = {},
): Promise<ModerationRow[]> {
  const { status = 'all', id, limit } = filter;
  const where = [
    ...(status === 'all' ? [] : [sql`r.status = ${status}`]),
    ...(id === undefined ? [] : [sql`r.id = ${id}`]),
  ];
  return rows(
    db,
    ModerationRow,
    sql`
    SELECT ${R_COLUMNS}, p.sku, c.email, c.first_name AS "firstName", c.last_name AS "lastName"
    FROM reviews r JOIN products p ON p.id = r.product_id JOIN customers c ON c.id = r.customer_id
    ${where.length === 0 ? sql`` : sql`WHERE ${sql.join(where, sql` AND `)}`}
    ORDER BY (r.status = 'pending') DESC, r.updated_at, r.id
    ${limit === undefined ? sql`` : sql`LIMIT ${limit}`}`,
  );
}
