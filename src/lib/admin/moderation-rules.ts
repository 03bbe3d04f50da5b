// What review moderation and the audit page take, shared by the contract, the pages and the islands.
import { REVIEW_STATUSES } from '../reviews/rules.ts';

export const MODERATION_LIMITS = { reason: 500, reply: 2000 } as const;

/** The queue shows the reviews of one status, or all of them. */
export const REVIEW_FILTERS = [...REVIEW_STATUSES, 'all'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The queue lists at most this many at once, the longest waiting first. */
export const QUEUE_LIMIT = 100;

export const AUDIT_PAGE_SIZE = 50;

/**
 * The workspace page an audit target names, when it is a content entry ('block:menu:en', 'page:agb:*'
 * for the row every language uses) or a review.
 */
export function auditTargetPath(target: string): string | null {
  const entry = /^(block|setting|page):([^:]+):([a-z]{2}|\*)$/.exec(target);
  if (entry) {
    const [, type, identifier, locale] = entry;
    return `/admin/entry?${new URLSearchParams({ type: type!, identifier: identifier!, locale: locale === '*' ? '' : locale! })}`;
  }
  const review = /^review:([0-9a-f-]{36})$/.exec(target);
  return review ? `/admin/reviews?status=all#review-${review[1]}` : null;
}

/** The audit page's filters and cursor as the page's address carries them (and its no-JavaScript form sends them). */
export interface AuditFilters {
  actor?: string | undefined;
  action?: string | undefined;
  q?: string | undefined;
  before?: number | undefined;
  after?: number | undefined;
}

export function auditHref(filters: AuditFilters): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `/admin/audit?${text}` : '/admin/audit';
}
