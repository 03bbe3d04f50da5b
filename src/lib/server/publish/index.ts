// Publishing's public face: the webhook, the shop's own publish call, and what pages use to declare
// their cache rules and tags.
import { publishWebhook } from './webhook.ts';
import { publishBus, type Invalidation } from './bus.ts';

export { tags } from './tags.ts';
export { cachePage } from './page-rules.ts';
export { publishedMemo } from './memo.ts';
export { lastChanged } from './freshness.ts';
export { isInternalRequest } from './internal-request.ts';
export { publish } from './events.ts';
export { publishAndPurge, type PublishAnswer } from './publish-and-purge.ts';
export type { Invalidation } from './bus.ts';

/** Runs `listener` for every publish event this instance applies (its own, or another instance's); returns the unsubscribe. */
export function onPublished(listener: (invalidation: Invalidation) => void | Promise<void>): () => void {
  return publishBus.subscribe((event) => listener(event.invalidation));
}

export const publishing = { webhook: publishWebhook };
