// When the data behind each cache tag last changed (cache_tags, stamped by every publish event):
// a page's Last-Modified is the latest change among its tags, a sitemap entry's lastmod the latest
// change of the page's own data. Loaded once per process and kept current by the bus.
import { cacheTags } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { publishBus } from './bus.ts';
import { ALL_TAG } from './events.ts';

/** Before any event was stamped (a database filled by hand): the time this process started. */
const STARTED = Date.now();

const state: { times?: Promise<Map<string, number>> } = {};

function times(): Promise<Map<string, number>> {
  state.times ??= (async () => {
    const rows = await (await getDb()).select().from(cacheTags);
    return new Map(rows.map((r) => [r.tag, r.changedAt.getTime()]));
  })();
  state.times.catch(() => {
    state.times = undefined;
  });
  return state.times;
}

publishBus.subscribe(async ({ invalidation, at }) => {
  if (!state.times) return;
  const map = await times();
  for (const tag of invalidation.all ? [ALL_TAG] : invalidation.tags) map.set(tag, Math.max(at, map.get(tag) ?? 0));
});

/** The latest change among the tags (or of everything), to the second as HTTP dates carry it. */
export async function lastChanged(tags: readonly string[]): Promise<Date> {
  const map = await times();
  let latest = map.get(ALL_TAG) ?? STARTED;
  for (const tag of tags) latest = Math.max(latest, map.get(tag) ?? 0);
  return new Date(Math.floor(latest / 1000) * 1000);
}
