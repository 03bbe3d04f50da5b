// Once per process, on the first request: follow the publish events other instances announce.
import { database } from '../db/index.ts';
import { logger } from '../log.ts';
import { followOtherInstances } from './events.ts';

const state: { started?: Promise<void> } = {};

export function startPublishing(): Promise<void> {
  state.started ??= (async () => {
    const db = await database();
    await followOtherInstances(db);
    logger.debug({ database: db.kind }, 'following publish events');
  })();
  state.started.catch((error: unknown) => {
    // Serving on is better than failing every request; the next request tries again.
    logger.error({ err: error }, 'could not follow publish events');
    state.started = undefined;
  });
  return state.started.catch(() => undefined);
}
