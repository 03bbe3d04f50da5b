// The origin's cache of rendered pages, behind Astro's route caching (cache-provider.ts hands Astro
// this store). A page is rendered on its first request after a change and then served from memory:
// compressed off the main thread (page-codings.ts) in the coding its first request takes, brotli or
// gzip, and in the other when a request first takes that one, with a hash of its
// HTML as its ETag (weak: the same page travels in any coding), answered 304 to a conditional request
// (page-reply.ts), and dropped by tag when a publish event says its data changed. What a render
// becomes when stored is page-entry.ts's, the copies made of a stored page page-copies.ts's.
//
// Two races are closed here rather than left to luck:
// - a render that started before an invalidation of one of its tags finished on old data: it is
//   answered but not stored (every invalidation bumps a sequence the render compares against);
// - many shoppers asking for the same uncached page at once: one render, the others wait for it.
import { LRUCache } from 'lru-cache';
import { chooseCoding } from '../http-encoding.ts';
import type { Invalidation } from './bus.ts';
import { metrics } from '../metrics/index.ts';
import type { StoredCoding } from './page-codings.ts';
import { createPageCopies } from './page-copies.ts';
import { entryOf, respond, unstored, type Entry, type Rendered } from './page-entry.ts';
import { copyIn, reply, type CacheState, type PageReply, type RequestHead } from './page-reply.ts';
import { isInternalRequest } from './internal-request.ts';

export type { PageHead, PageReply } from './page-reply.ts';

export interface CachedPageStore {
  /** Answers a GET or HEAD from the store, or renders (once per key at a time) through `render`. */
  handle(request: Request, key: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * The answer for a page stored and fresh (a HIT), or null (missing or due to be rendered again:
   * only handle() renders; or asked for without compression, which only handle() decompresses). The
   * server front asks this first, so a HIT never enters the framework.
   */
  hit(request: RequestHead, key: string): PageReply | null;
  /** Whether the store holds the page at all, fresh or stale: a request for one it does not hold adds an entry. */
  holds(key: string): boolean;
  invalidate(invalidation: Invalidation): void;
  /** Drops one path (Astro's cache.invalidate({ path })). */
  invalidatePath(key: string): void;
  readonly stats: { entries: number; bytes: number; recompressing: number };
  /** Resolves once no page waits for its best-quality copy (tests, benches). */
  recompressed(): Promise<void>;
}

const counted = (outcome: 'hit' | 'stale' | 'miss') => metrics().pageCache.inc({ outcome });

export function createPageStore(opts: { maxBytes: number; now?: () => number }): CachedPageStore {
  const now = opts.now ?? Date.now;
  const keysByTag = new Map<string, Set<string>>();
  /**
   * Being stored and being answered (fresh or stale) are a page's uses. Bounded by its compressed
   * bytes; a page larger than the whole cache is not kept. Whatever drops a page (eviction, a newer
   * copy, an invalidation) drops it from its tags' index too.
   */
  const entries = new LRUCache<string, Entry>({
    maxSize: Math.max(1, Math.floor(opts.maxBytes)),
    sizeCalculation: (entry) => (entry.gzipped?.length ?? 0) + (entry.brotli?.length ?? 0),
    dispose: (entry, key, reason) => {
      if (reason === 'evict') metrics().pageCache.inc({ outcome: 'evicted' });
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });
  /** lru-cache's get is what marks a use. */
  const use = (key: string) => void entries.get(key);
  const inflight = new Map<string, Promise<Entry | undefined>>();
  const dropped = { seq: 0, all: 0, byTag: new Map<string, number>() };

  /** Stores the page and indexes it by its tags: false when it is too large to keep. */
  const put = (key: string, entry: Entry): boolean => {
    entries.set(key, entry);
    if (entries.peek(key) !== entry) return false;
    for (const tag of entry.tags) {
      let keys = keysByTag.get(tag);
      if (!keys) keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    return true;
  };

  const store = (key: string, entry: Entry, renderedAt: number): boolean => {
    if (dropped.all > renderedAt || entry.tags.some((t) => (dropped.byTag.get(t) ?? 0) > renderedAt)) return false;
    return put(key, entry);
  };

  const { queue, inCoding } = createPageCopies({ entries, put, use });

  /** A page answered from the store in brotli to a shopper has been asked for before: it earns the best copy. */
  const answered = (request: RequestHead, key: string, entry: Entry, state: CacheState): PageReply => {
    const answer = reply(request, entry, state, now());
    if (!entry.best && answer.coding === 'br' && !isInternalRequest(request.header)) queue.schedule(key);
    return answer;
  };

  /** Renders and, when the route asked for caching, stores the page unless it changed meanwhile. */
  const renderEntry = async (key: string, render: () => Promise<Response>, coding: StoredCoding): Promise<Rendered> => {
    const renderedAt = dropped.seq;
    const rendered = await entryOf(await render(), coding, now);
    if (rendered.entry) store(key, rendered.entry, renderedAt);
    return rendered;
  };

  /** One render per key at a time: late arrivals share the first one's entry. */
  const renderShared = (key: string, render: () => Promise<Response>, coding: StoredCoding): Promise<Rendered> => {
    const running = inflight.get(key);
    if (running) return running.then((entry) => (entry ? { entry } : renderEntry(key, render, coding)));
    const result = renderEntry(key, render, coding);
    const shared = result.then(
      (r) => r.entry,
      () => undefined,
    );
    inflight.set(key, shared);
    void shared.finally(() => {
      if (inflight.get(key) === shared) inflight.delete(key);
    });
    return result;
  };

  const fresh = (key: string): Entry | undefined => {
    const cached = entries.peek(key);
    if (!cached || (now() - cached.storedAt) / 1000 > cached.maxAge) return undefined;
    use(key);
    return cached;
  };

  const requestHead = (request: Request): RequestHead => ({
    method: request.method,
    header: (name) => request.headers.get(name),
  });

  return {
    hit(request, key) {
      const cached = fresh(key);
      // Decompressing for the rare client that takes no coding, and making a copy in a coding not
      // stored yet, are handle()'s, off the main thread.
      const coding = chooseCoding(request.header('accept-encoding'));
      if (!cached || coding === 'identity' || !copyIn(cached, coding)) return null;
      counted('hit');
      return answered(request, key, cached, 'HIT');
    },
    async handle(request, key, render) {
      const head = requestHead(request);
      const hit = fresh(key);
      if (hit) {
        counted('hit');
        const page = await inCoding(key, hit, head);
        return respond(answered(head, key, page, 'HIT'), page);
      }
      // Rendered now, not answered stale: an export writes what the data says at this moment.
      if (passesThrough(head)) {
        counted('miss');
        return unstored(await render());
      }
      const cached = entries.peek(key);
      const age = cached ? (now() - cached.storedAt) / 1000 : Number.POSITIVE_INFINITY;
      if (cached && age <= cached.maxAge + cached.swr) {
        use(key);
        if (!inflight.has(key)) void renderShared(key, render, storedCoding(head)).catch(() => undefined);
        counted('stale');
        const page = await inCoding(key, cached, head);
        return respond(answered(head, key, page, 'STALE'), page);
      }
      counted('miss');
      const { entry, response, html } = await renderShared(key, render, storedCoding(head));
      if (!entry) return response!;
      // A request that joined another's render may take the other coding.
      const page = await inCoding(key, entry, head);
      return respond(reply(head, page, 'MISS', now()), page, html);
    },
    holds(key) {
      return entries.has(key) || inflight.has(key);
    },
    invalidate(invalidation) {
      dropped.seq += 1;
      // A request arriving from now on must not join a render that started on the old data.
      inflight.clear();
      if (invalidation.all) {
        dropped.all = dropped.seq;
        entries.clear();
        return;
      }
      for (const tag of invalidation.tags) {
        dropped.byTag.set(tag, dropped.seq);
        for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key);
      }
    },
    invalidatePath(key) {
      entries.delete(key);
    },
    get stats() {
      return { entries: entries.size, bytes: entries.calculatedSize, recompressing: queue.size };
    },
    recompressed: () => queue.idle(),
  };
}

/** The coding a new page is stored in for this request: brotli where it takes brotli, else gzip. */
const storedCoding = (request: RequestHead): StoredCoding =>
  chooseCoding(request.header('accept-encoding')) === 'br' ? 'br' : 'gzip';

/**
 * The static export reads every page once and writes it to disk: storing it would cost two
 * compressions and a hash per page and evict the pages shoppers read. It asks with
 * `Cache-Control: no-store`, which is honoured from the shop itself only: from anyone else it would
 * turn every request for a page not yet stored into a render.
 */
function passesThrough(request: RequestHead): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(request.header('cache-control') ?? '') && isInternalRequest(request.header);
}
