// Once per process, on the first request: follow the publish events other instances announce, and
// purge the CDN after applying each (this instance may be the one the CDN fetches from).
import { database } from '../db/index.ts';
import { logger } from '../log.ts';
import { followOtherInstances } from './events.ts';
import { purgeCdn } from './cdn.ts';

const state: { started?: Promise<void> } = {};

export function startPublishing(): Promise<void> {
  state.started ??= (async () => {
    const db = await database();
    await followOtherInstances(db, async ({ invalidation }) => {
      await purgeCdn(invalidation);
    });
    logger.debug({ database: db.kind }, 'following publish events');
  })();
  state.started.catch((error: unknown) => {
    // Serving on is better than failing every request; the next request tries again.
    logger.error({ err: error }, 'could not follow publish events');
    state.started = undefined;
  });
  return state.started.catch(() => undefined);
}
