// The workspace islands' typed client: `call(adminClient.saveDraft, input)` with the contract's types
// only, so no schema reaches the browser with an API call (the entry editor loads the content schemas
// for its form on purpose).
import { endpoints } from '../http/client.ts';
import type { adminApi } from './contract.ts';
import { adminRoutes } from './routes.ts';
import type { webhookApi } from './webhook-contract.ts';
import { webhookRoutes } from './webhook-routes.ts';
import type { moderationApi } from './moderation-contract.ts';
import { moderationRoutes } from './moderation-routes.ts';

export const adminClient = endpoints<typeof adminApi>(adminRoutes);
export const webhookClient = endpoints<typeof webhookApi>(webhookRoutes);
export const moderationClient = endpoints<typeof moderationApi>(moderationRoutes);
export { call, ApiClientError } from '../http/client.ts';
