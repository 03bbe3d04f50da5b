// moderationApi.rejectReview (src/lib/admin/moderation-contract.ts) says what this endpoint takes and answers.
import { workspace } from '#lib/server/admin/index.ts';

export const POST = workspace.rejectReview;
