// webhookApi.webhooks and webhookApi.createWebhook (src/lib/admin/webhook-contract.ts) say what this endpoint takes and answers.
import { workspace } from '#lib/server/admin/index.ts';

export const GET = workspace.webhooks;
export const POST = workspace.createWebhook;
