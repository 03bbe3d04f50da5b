// Review moderation in the workspace (editors and admins): the queue and the three decisions, each a
// state change the JSON endpoint and the queue page's plain forms share (moderation-page.ts). The
// decisions are the moderation command's own service functions, audited with the staff member.
import { moderationApi, type ModerationReview } from '#lib/admin/moderation-contract.ts';
import { QUEUE_LIMIT, type ReviewFilter } from '#lib/admin/moderation-rules.ts';
import { localePath, productPath } from '#lib/site/paths.ts';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import {
  moderateReview,
  productNames,
  replyToReview,
  reviewsForModeration,
  type ModerationRecord,
  type ModerationRow,
} from '../reviews/index.ts';
import { audit } from './audit.ts';
import type { StaffActor } from './guard.ts';
import { moderationAudit, type ModerationAction } from './moderation-audit.ts';
import { staffChange, type StaffContext } from './staff-change.ts';
import { adminLocale, type AdminLocale } from './ui-locale.ts';

/** The reviews as the queue shows them: product names and links in the workspace's language. */
async function queueReviews(db: Db, list: ModerationRow[], locale: AdminLocale): Promise<ModerationReview[]> {
  const names = await productNames(db, [...new Set(list.map((r) => r.productId))], locale);
  return list.map((r) => {
    const product = names.get(r.productId);
    return {
      id: r.id,
      productId: r.productId,
      sku: r.sku,
      productName: product?.name ?? null,
      productPath: product ? localePath(locale, productPath(product)) : null,
      rating: r.rating,
      title: r.title,
      body: r.body,
      locale: r.locale,
      status: r.status,
      author: `${r.firstName} ${r.lastName}`.trim(),
      email: r.email,
      updatedAt: r.updatedAt.toISOString(),
      moderatedAt: r.moderatedAt?.toISOString() ?? null,
      rejectionReason: r.rejectionReason,
      reply: r.reply,
      repliedAt: r.repliedAt?.toISOString() ?? null,
    };
  });
}

/** The workspace's language for a change's answer (its product name and link). */
const localeOf = (context: StaffContext) => adminLocale(context.cookies, context.request, context.url);

/** One review as the queue shows it, after a change. */
async function queueReview(db: Db, id: string, context: StaffContext): Promise<{ review: ModerationReview }> {
  const [review] = await queueReviews(db, await reviewsForModeration(db, { id }), localeOf(context));
  if (!review) throw new ApiError('REVIEW_NOT_FOUND', 'Review not found.', 404);
  return { review };
}

const audited =
  (actor: StaffActor, action: ModerationAction): ModerationRecord =>
  (tx, changed) =>
    audit(tx, actor, moderationAudit(action, changed));

/** The queue of one status (or all): at most QUEUE_LIMIT, `limited` when there are more. */
export async function reviewQueueOf(
  db: Db,
  status: ReviewFilter,
  locale: AdminLocale,
): Promise<{ reviews: ModerationReview[]; limited: boolean }> {
  const list = await reviewsForModeration(db, { status, limit: QUEUE_LIMIT + 1 });
  return { reviews: await queueReviews(db, list.slice(0, QUEUE_LIMIT), locale), limited: list.length > QUEUE_LIMIT };
}

export const reviewQueue = staffChange(moderationApi.reviewQueue, 'editor', ({ status }, { db }, context) =>
  reviewQueueOf(db, status, localeOf(context)),
);

export const moderationChanges = {
  publish: staffChange(moderationApi.publishReview, 'editor', async ({ id }, { db, actor }, context) => {
    await moderateReview(db, id, { status: 'published' }, audited(actor, 'review.publish'));
    return queueReview(db, id, context);
  }),
  reject: staffChange(moderationApi.rejectReview, 'editor', async ({ id, reason }, { db, actor }, context) => {
    await moderateReview(db, id, { status: 'rejected', reason }, audited(actor, 'review.reject'));
    return queueReview(db, id, context);
  }),
  reply: staffChange(moderationApi.replyReview, 'editor', async ({ id, reply }, { db, actor }, context) => {
    await replyToReview(db, id, reply || null, audited(actor, 'review.reply'));
    return queueReview(db, id, context);
  }),
};
