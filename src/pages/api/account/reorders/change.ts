// scheduledReordersApi.change (src/lib/scheduled-reorders/contract.ts) says what this endpoint takes and answers.
import { scheduledReorders } from '#lib/server/scheduled-reorders/index.ts';

export const POST = scheduledReorders.change;
