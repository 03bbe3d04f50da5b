// webhookApi.redeliver (src/lib/admin/webhook-contract.ts) says what this endpoint takes and answers.
import { workspace } from '#lib/server/admin/index.ts';

export const POST = workspace.redeliver;
