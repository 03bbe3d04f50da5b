// The origin's cache of rendered pages, behind Astro's route caching (cache-provider.ts hands Astro
// this store). A page is rendered on its first request after a change and then served from memory:
// compressed off the main thread (page-codings.ts) in the coding its first request takes, brotli or
// gzip, and in the other when a request first takes that one, with a hash of its
// HTML as its ETag (weak: the same page travels in any coding), answered 304 to a conditional request
// (page-reply.ts), and dropped by tag when a publish event says its data changed.
//
// Two races are closed here rather than left to luck:
// - a render that started before an invalidation of one of its tags finished on old data: it is
//   answered but not stored (every invalidation bumps a sequence the render compares against);
// - many shoppers asking for the same uncached page at once: one render, the others wait for it.
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { chooseCoding } from '../http-encoding.ts';
import type { Invalidation } from './bus.ts';
import { gaugeOnScrape, metrics } from '../metrics/index.ts';
import { compressAs, compressBest, decompress, recode, type StoredCoding } from './page-codings.ts';
import {
  copyIn,
  headerPairs,
  reply,
  type CacheState,
  type PageReply,
  type RequestHead,
  type StoredPage,
} from './page-reply.ts';
import { createRecompressQueue } from './recompress-queue.ts';
import { isInternalRequest } from './internal-request.ts';

export type { PageHead, PageReply } from './page-reply.ts';

export interface PageRules {
  /** Seconds a stored page is served without question. */
  maxAge: number;
  /** Seconds after that it is still served while one request renders it again. */
  swr: number;
}

interface Entry extends PageRules, StoredPage {
  tags: string[];
  /**
   * The brotli copy is at the best quality. A page is stored at the first quality (page-codings.ts);
   * a shopper asking for it again queues the best one, which replaces the entry with a copy.
   */
  best: boolean;
}

/** Response headers a stored page keeps; the rest (cookies, the request id) belong to one request. */
const DROPPED_HEADERS = new Set([
  'set-cookie',
  'x-request-id',
  'content-length',
  'content-encoding',
  'etag',
  'last-modified',
  'age',
  'cdn-cache-control',
]);

/** Where the cacheable route's rules travel from setHeaders() to the store (Astro strips it after). */
export const RULES_HEADER = 'cdn-cache-control';
export const TAGS_HEADER = 'xkey';

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

const STORE_KEY = Symbol.for('storefront.page-store');
const registry = globalThis as typeof globalThis & { [STORE_KEY]?: CachedPageStore };

/**
 * The server front (scripts/lib/serve-shop.ts) is loaded outside the bundle that creates the store,
 * so it finds the store here, on globalThis under a registered symbol.
 */
export function registerPageStore(store: CachedPageStore): void {
  registry[STORE_KEY] = store;
  gaugeOnScrape('storefront_page_cache_entries', 'Pages the page cache holds', () => store.stats.entries);
  gaugeOnScrape('storefront_page_cache_bytes', 'Compressed bytes the page cache holds', () => store.stats.bytes);
  gaugeOnScrape(
    'storefront_page_cache_recompressing',
    "Pages asked for again waiting for their copy at brotli's best quality",
    () => store.stats.recompressing,
  );
}

export function registeredPageStore(): CachedPageStore | undefined {
  return registry[STORE_KEY];
}

function parseRules(header: string | null): PageRules | undefined {
  if (!header) return undefined;
  const value = (name: string) => Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(header)?.[1] ?? Number.NaN);
  const maxAge = value('max-age');
  if (!(maxAge > 0)) return undefined;
  return { maxAge, swr: value('stale-while-revalidate') || 0 };
}

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

  /**
   * Swaps a page for a smaller copy of itself. lru-cache counts every set as a use, which this is not:
   * the pages used since are used again after it, in their order, so what is evicted first stays what
   * shoppers used least recently. They are few, as the copy is made moments after the page was stored.
   */
  const replaceUnused = (key: string, copy: Entry) => {
    const usedSince: string[] = [];
    for (const newer of entries.keys()) {
      if (newer === key) break;
      usedSince.push(newer);
    }
    put(key, copy);
    for (const newer of usedSince.reverse()) use(newer);
  };

  /**
   * Brotli at its best quality is 10 % smaller than the first copy at ~100 ms of CPU for a 100 KB
   * page: worth it for a page shoppers read again, not for one read once (most pages of a large
   * catalogue, every page of an export). So only a shopper's second request queues it (see
   * recompress-queue.ts); a page dropped or rendered again meanwhile is skipped.
   */
  const queue = createRecompressQueue(async (key) => {
    const entry = entries.peek(key);
    if (!entry?.brotli || entry.best) return;
    const best = await compressBest(entry.brotli);
    if (entries.peek(key) !== entry) return;
    if (best.length < entry.brotli.length) replaceUnused(key, { ...entry, brotli: best, best: true });
    else entry.best = true;
  });

  /** Copies in a second coding being made, by the entry they are made from (an entry lacks one coding at most). */
  const recoding = new WeakMap<Entry, Promise<Entry>>();
  /**
   * The page with a copy in the coding the request takes: made from the stored copy when a request first
   * takes it, once however many ask at the same time, and stored beside it (unless the page changed meanwhile).
   */
  const inCoding = (key: string, entry: Entry, request: RequestHead): Promise<Entry> | Entry => {
    const coding = chooseCoding(request.header('accept-encoding'));
    if (coding === 'identity' || copyIn(entry, coding)) return entry;
    let copying = recoding.get(entry);
    if (!copying) {
      const from: StoredCoding = coding === 'br' ? 'gzip' : 'br';
      copying = recode(copyIn(entry, from)!, from, coding).then((bytes) => {
        const copy: Entry = { ...entry, [coding === 'br' ? 'brotli' : 'gzipped']: bytes };
        if (entries.peek(key) === entry) replaceUnused(key, copy);
        return copy;
      });
      recoding.set(entry, copying);
    }
    return copying;
  };

  /** A page answered from the store in brotli to a shopper has been asked for before: it earns the best copy. */
  const answered = (request: RequestHead, key: string, entry: Entry, state: CacheState): PageReply => {
    const answer = reply(request, entry, state, now());
    if (!entry.best && answer.coding === 'br' && !isInternalRequest(request.header)) queue.schedule(key);
    return answer;
  };

  /**
   * Renders and, when the route asked for caching and the answer is a plain 200, stores it. The
   * requester gets the HTML itself too, for an answer without compression.
   */
  const renderEntry = async (key: string, render: () => Promise<Response>, coding: StoredCoding): Promise<Rendered> => {
    const renderedAt = dropped.seq;
    const response = await render();
    const rules = parseRules(response.headers.get(RULES_HEADER));
    if (!rules || response.status !== 200 || response.headers.has('set-cookie'))
      return { response: unstored(response) };
    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    });
    const entry: Entry = {
      ...rules,
      [coding === 'br' ? 'brotli' : 'gzipped']: await compressAs(body, coding),
      best: false,
      htmlLength: body.length,
      etag: `W/"${hash('sha256', body, 'base64url').slice(0, 27)}"`,
      lastModified: response.headers.get('last-modified') ?? undefined,
      headers,
      tags: (response.headers.get(TAGS_HEADER) ?? '').split(/[\s,]+/).filter(Boolean),
      storedAt: now(),
    };
    store(key, entry, renderedAt);
    return { entry, html: body };
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

/** A rendered answer that is not stored: the rules meant for the store do not travel on. */
function unstored(response: Response): Response {
  response.headers.delete(RULES_HEADER);
  return response;
}

/**
 * The static export reads every page once and writes it to disk: storing it would cost two
 * compressions and a hash per page and evict the pages shoppers read. It asks with
 * `Cache-Control: no-store`, which is honoured from the shop itself only: from anyone else it would
 * turn every request for a page not yet stored into a render.
 */
function passesThrough(request: RequestHead): boolean {
  return /(^|,)\s*no-store\s*(,|$)/i.test(request.header('cache-control') ?? '') && isInternalRequest(request.header);
}

/** What rendering a page gave: the stored entry (and its HTML), or an answer not to be stored. */
interface Rendered {
  entry?: Entry;
  html?: Buffer;
  response?: Response;
}

/** A stored page's answer as a Response; an identity body is the render's HTML, or a stored copy decompressed on the pool. */
async function respond(answer: PageReply, entry: Entry, html?: Buffer): Promise<Response> {
  const body = answer.needsHtml
    ? (html ?? (await (entry.brotli ? decompress(entry.brotli, 'br') : decompress(entry.gzipped!, 'gzip'))))
    : answer.body;
  // A view, not a copy: stored copies are buffers of their own (page-codings.ts) and a Response only reads.
  return new Response(body === null ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
    status: answer.status,
    headers: headerPairs(answer),
  });
}
