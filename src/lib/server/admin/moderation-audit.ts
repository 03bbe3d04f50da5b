// The audit trail's rows of review moderation, one shape for the workspace and the command line:
// the review as target, its product and the decision as details.
import type { ReviewRow } from '../reviews/index.ts';
import type { AuditEntry } from './audit.ts';

export type ModerationAction = 'review.publish' | 'review.reject' | 'review.reply';

export function moderationAudit(
  action: ModerationAction,
  { review, previous }: { review: ReviewRow; previous: string },
): AuditEntry {
  const decision =
    action === 'review.reply'
      ? { reply: review.reply }
      : { from: previous, to: review.status, ...(review.rejectionReason ? { reason: review.rejectionReason } : {}) };
  return { action, target: `review:${review.id}`, details: { product: review.productId, ...decision } };
}
