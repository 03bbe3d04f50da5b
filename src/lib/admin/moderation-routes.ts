// Where the workspace's review moderation and audit log operations live (method and path;
// moderation-contract.ts adds the schemas).
import { route } from '../http/route.ts';

export const moderationRoutes = {
  reviewQueue: route('GET', '/api/admin/reviews'),
  publishReview: route('POST', '/api/admin/reviews/publish'),
  rejectReview: route('POST', '/api/admin/reviews/reject'),
  replyReview: route('POST', '/api/admin/reviews/reply'),
  auditLog: route('GET', '/api/admin/audit'),
} as const;
