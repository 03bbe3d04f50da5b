// Publish events: stored, applied once, and announced to the other instances.
//
// An event is stored first (its id is the webhook-id: a replay finds the row and is only acknowledged),
// then applied on this instance (the bus drops cached pages and data), then marked applied and
// announced with NOTIFY. The other instances LISTEN, read the event's tags from its row and apply it
// to themselves; one that lost its LISTEN connection catches up from the table once reconnected.
import { and, asc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { cacheTags, publishEvents } from '../db/schema.ts';
import type { Database, Db } from '../db/client.ts';
import { logger } from '../log.ts';
import { publishBus, type Invalidation, type PublishedEvent } from './bus.ts';
import { invalidationFor } from './changes.ts';
import type { PublishChanges } from '#lib/publish/contract.ts';

const PUBLISH_CHANNEL = 'storefront_publish';

/** Tag that stands for "everything changed" in cache_tags. */
export const ALL_TAG = '*';

export type PublishSource = 'webhook' | 'seed' | 'import' | 'editor';

export interface PublishResult {
  id: string;
  /** False when this id was applied before: a replayed delivery changes nothing. */
  applied: boolean;
  invalidation: Invalidation;
}

const tagsOf = (invalidation: Invalidation): string[] | 'all' => (invalidation.all ? 'all' : invalidation.tags);
const invalidationOf = (stored: string[] | 'all' | null): Invalidation =>
  stored === 'all' || stored === null ? { all: true } : { tags: stored };

/** Records when each tag's data changed, for Last-Modified and the sitemaps' lastmod. */
async function stampTags(db: Db, invalidation: Invalidation, at: Date): Promise<void> {
  const changed = invalidation.all ? [ALL_TAG] : invalidation.tags;
  if (changed.length === 0) return;
  await db
    .insert(cacheTags)
    .values(changed.map((tag) => ({ tag, changedAt: at })))
    .onConflictDoUpdate({ target: cacheTags.tag, set: { changedAt: sql`excluded.changed_at` } });
}

/**
 * Stores and applies one change. Safe to call again with the same id: an event already applied is
 * acknowledged (applied: false); one whose first attempt failed half-way is applied now.
 */
export async function publish(
  database: Pick<Database, 'db'>,
  changes: PublishChanges,
  opts: { id?: string; source: PublishSource },
): Promise<PublishResult> {
  const { db } = database;
  const id = opts.id ?? `${opts.source}_${randomUUID()}`;
  await db
    .insert(publishEvents)
    .values({ id, source: opts.source, changes })
    .onConflictDoNothing({ target: publishEvents.id });
  const [row] = await db.select().from(publishEvents).where(eq(publishEvents.id, id));
  if (!row) throw new Error(`publish event ${id} was not stored`);
  if (row.appliedAt) return { id, applied: false, invalidation: invalidationOf(row.tags) };

  const invalidation = await invalidationFor(db, changes);
  const at = new Date();
  await applyHere({ id, invalidation, at: at.getTime() });
  await stampTags(db, invalidation, at);
  // Only the first finisher marks it applied and announces it; a concurrent duplicate sees no row.
  const marked = await db
    .update(publishEvents)
    .set({ tags: tagsOf(invalidation), appliedAt: at })
    .where(and(eq(publishEvents.id, id), isNull(publishEvents.appliedAt)))
    .returning({ seq: publishEvents.seq });
  if (marked[0]) await db.execute(sql`select pg_notify(${PUBLISH_CHANNEL}, ${String(marked[0].seq)})`);
  logger.info({ id, source: opts.source, tags: tagsOf(invalidation) }, 'published');
  return { id, applied: marked.length > 0, invalidation };
}

/** Events this instance applied itself, so its own NOTIFY is not applied twice. */
const appliedHere = new Set<string>();

async function applyHere(event: PublishedEvent): Promise<void> {
  appliedHere.add(event.id);
  if (appliedHere.size > 10_000) appliedHere.delete(appliedHere.values().next().value!);
  const results = await publishBus.emit(event);
  for (const result of results) {
    if (result.status === 'rejected')
      logger.error({ err: result.reason, id: event.id }, 'applying a publish event failed');
  }
}

/** How far back a reconnected listener looks for events it may have missed (clocks of instances differ a little). */
const CATCH_UP_MARGIN_MS = 60_000;

/**
 * Applies the events other instances announce (the NOTIFY payload is the event's seq), then calls
 * `afterApply` (the CDN purge). A listener that lost its connection reads, once reconnected, every
 * event applied since it last knew itself connected, and applies those it has not seen. Returns the
 * function that stops listening.
 */
export async function followOtherInstances(
  database: Database,
  afterApply: (event: PublishedEvent) => Promise<void>,
): Promise<() => Promise<void>> {
  const { db } = database;
  const apply = async (row: typeof publishEvents.$inferSelect) => {
    if (!row.appliedAt || appliedHere.has(row.id)) return;
    const event = { id: row.id, invalidation: invalidationOf(row.tags), at: row.appliedAt.getTime() };
    await applyHere(event);
    await afterApply(event);
  };
  const onAnnounced = async (payload: string) => {
    const seq = Number(payload);
    if (!Number.isSafeInteger(seq)) return;
    const [row] = await db.select().from(publishEvents).where(eq(publishEvents.seq, seq));
    if (row) await apply(row);
  };
  // Events stored before this process started concern pages it never cached.
  const [latest] = await db
    .select({ seq: sql<number>`coalesce(max(${publishEvents.seq}), 0)`.mapWith(Number) })
    .from(publishEvents);
  const startedAfter = latest?.seq ?? 0;
  let connectedSince = Date.now();
  const catchUp = async () => {
    const since = new Date(connectedSince - CATCH_UP_MARGIN_MS);
    connectedSince = Date.now();
    const missed = await db
      .select()
      .from(publishEvents)
      .where(and(gt(publishEvents.seq, startedAfter), gte(publishEvents.appliedAt, since)))
      .orderBy(asc(publishEvents.seq));
    for (const row of missed) await apply(row);
    logger.info({ checked: missed.length }, 'caught up on publish events after reconnecting');
  };
  return database.listen(
    PUBLISH_CHANNEL,
    (payload) => {
      onAnnounced(payload).catch((error: unknown) =>
        logger.error({ err: error, payload }, 'applying an announced publish event failed'),
      );
    },
    () => {
      catchUp().catch((error: unknown) => {
        // Not knowing what was missed: drop everything rather than serve it stale.
        logger.error({ err: error }, 'catching up on publish events failed; dropping every cached page');
        void applyHere({ id: `reconnect_${randomUUID()}`, invalidation: { all: true }, at: Date.now() });
      });
    },
  );
}
