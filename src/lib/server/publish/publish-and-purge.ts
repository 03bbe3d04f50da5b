// One publish from start to finish: stored, applied on this instance (and announced to the others),
// then purged from the CDN. The webhook, the editor workspace and the content API all go this way.
import { database } from '../db/index.ts';
import type { Database } from '../db/client.ts';
import type { PublishChanges } from '#lib/publish/contract.ts';
import { publish, type PublishSource } from './events.ts';
import { purgeCdn, type CdnOutcome } from './cdn.ts';

export interface PublishAnswer {
  id: string;
  applied: boolean;
  tags: string[] | 'all';
  cdn: CdnOutcome;
}

export async function publishAndPurge(
  changes: PublishChanges,
  opts: { id?: string; source: PublishSource },
  /** The shop's database unless a command line tool has its own open. */
  on?: Pick<Database, 'db'>,
): Promise<PublishAnswer> {
  const { id, applied, invalidation } = await publish(on ?? (await database()), changes, opts);
  return {
    id,
    applied,
    tags: invalidation.all ? 'all' : invalidation.tags,
    cdn: applied ? await purgeCdn(invalidation) : 'none',
  };
}
