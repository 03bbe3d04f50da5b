// Contracts of the workspace's review moderation (editors and admins: reviews are published content)
// and of the audit log (admins only: it names every staff member, token and change of the shop).
// The queue's forms post the same operations without JavaScript (src/pages/admin/reviews.astro).
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { REVIEW_STATUSES } from '../reviews/rules.ts';
import { AUDIT_PAGE_SIZE, MODERATION_LIMITS, REVIEW_FILTERS } from './moderation-rules.ts';
import { moderationRoutes } from './moderation-routes.ts';

const reviewId = z.string().uuid();

/** A review as the queue shows it: in full, with its product, its author and what moderation did. */
const moderationReviewSchema = z.object({
  id: z.string(),
  productId: z.number(),
  sku: z.string(),
  /** In the workspace's language; null when the product is no longer sold (no page to link to). */
  productName: z.string().nullable(),
  productPath: z.string().nullable(),
  rating: z.number(),
  title: z.string(),
  body: z.string(),
  locale: z.string(),
  status: z.enum(REVIEW_STATUSES),
  author: z.string(),
  email: z.string(),
  updatedAt: z.string(),
  moderatedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type ModerationReview = z.infer<typeof moderationReviewSchema>;

/** Plain text, trimmed; line breaks kept where `multiline`. A reason is required ('required' when blank). */
const moderationText = (max: number, multiline: boolean) =>
  z
    .string({ error: 'required' })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(text({ max, multiline, tooLong: 'tooLong', invalid: 'invalidCharacters' }));

const reviewAnswer = z.object({ review: moderationReviewSchema });

const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  fromVersion: z.number().nullable(),
  toVersion: z.number().nullable(),
  details: z.unknown(),
});
export type AuditEntryRow = z.infer<typeof auditEntrySchema>;

/** An audit entry's id: a bigserial, so JavaScript's safe integers bound it, not the database integer. */
const cursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional();
const filterText = (max: number) => text({ max }).trim().optional();

export const auditQuerySchema = z
  .object({
    actor: filterText(200),
    action: filterText(100),
    q: filterText(200),
    /** The page after (older than) this entry id, or before (newer than) it. */
    before: cursor,
    after: cursor,
  })
  .strict()
  .refine((v) => v.before === undefined || v.after === undefined, { error: 'before or after, not both' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const moderationApi = {
  /** The reviews of one status (pending by default) or all, waiting ones first, the oldest first. */
  reviewQueue: operation({
    ...moderationRoutes.reviewQueue,
    request: z.object({ status: z.enum(REVIEW_FILTERS).default('pending') }).strict(),
    response: z.object({ reviews: z.array(moderationReviewSchema), limited: z.boolean() }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  /** Shows the review on its product page (the cached page is dropped). */
  publishReview: operation({
    ...moderationRoutes.publishReview,
    request: z.object({ id: reviewId }).strict(),
    response: reviewAnswer,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'REVIEW_NOT_FOUND'],
  }),
  /** Keeps it off (or takes it off) its product page; the reason is required (VALIDATION_FAILED at `reason`). */
  rejectReview: operation({
    ...moderationRoutes.rejectReview,
    request: z
      .object({
        id: reviewId,
        reason: moderationText(MODERATION_LIMITS.reason, true).pipe(z.string().min(1, { error: 'required' })),
      })
      .strict(),
    response: reviewAnswer,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'REVIEW_NOT_FOUND'],
  }),
  /** The shop's reply, shown with the published review; an empty reply takes it away. */
  replyReview: operation({
    ...moderationRoutes.replyReview,
    request: z.object({ id: reviewId, reply: moderationText(MODERATION_LIMITS.reply, true) }).strict(),
    response: reviewAnswer,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'REVIEW_NOT_FOUND'],
  }),
  /** The audit trail newest first, AUDIT_PAGE_SIZE a page, filtered by actor, action and a search text. */
  auditLog: operation({
    ...moderationRoutes.auditLog,
    request: auditQuerySchema,
    response: z.object({
      entries: z.array(auditEntrySchema).max(AUDIT_PAGE_SIZE),
      /** The cursors of the next older and newer pages, null at either end. */
      older: z.number().nullable(),
      newer: z.number().nullable(),
    }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
};
