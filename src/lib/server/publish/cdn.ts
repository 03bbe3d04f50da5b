// The CDN in front of the shop, as configured (CDN_PURGE_URL): every instance purges the tags of each
// event once it has applied the event itself. Purging only from the instance that received the webhook
// let the CDN refetch from an instance that had not applied it yet and store the old page again.
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { cdnPurgerFromEnv } from './cdn-purge.ts';
import type { Invalidation } from './bus.ts';

export type CdnOutcome = 'purged' | 'failed' | 'none';

export async function purgeCdn(invalidation: Invalidation): Promise<CdnOutcome> {
  const purger = cdnPurgerFromEnv(env());
  if (!purger) return 'none';
  try {
    await purger.purge(invalidation);
    return 'purged';
  } catch (error) {
    // The origin has the new pages; the CDN's own expiry (s-maxage) bounds how long it shows the old.
    logger.warn({ err: error, cdn: purger.name }, 'CDN purge failed');
    return 'failed';
  }
}
