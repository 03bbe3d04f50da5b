// Publishing's public face: the webhook, the shop's own publish call, and what pages use to declare
// their cache rules and tags.
import { publishWebhook } from './webhook.ts';

export { tags } from './tags.ts';
export { cachePage } from './page-rules.ts';
export { publishedMemo } from './memo.ts';
export { lastChanged } from './freshness.ts';

export const publishing = { webhook: publishWebhook };
