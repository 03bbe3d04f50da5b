// The origin's cache of rendered pages, behind Astro's route caching (cache-provider.ts hands Astro
// this store). A page is rendered on its first request after a change and then served from memory:
// compressed once with brotli and with gzip, with a hash of its HTML as its ETag (weak: the same page travels in
// any coding), answered 304 to a conditional request, and
// dropped by tag when a publish event says its data changed.
//
// Two races are closed here rather than left to luck:
// - a render that started before an invalidation of one of its tags finished on old data: it is
//   answered but not stored (every invalidation bumps a sequence the render compares against);
// - many shoppers asking for the same uncached page at once: one render, the others wait for it.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { chooseCoding } from '../http-encoding.ts';
import type { Invalidation } from './bus.ts';
import { gaugeOnScrape, metrics } from '../metrics/index.ts';

export interface PageRules {
  /** Seconds a stored page is served without question. */
  maxAge: number;
  /** Seconds after that it is still served while one request renders it again. */
  swr: number;
}

interface Entry extends PageRules {
  gzipped: Buffer;
  /** Quality 6 when stored; the background pass replaces the entry with a copy at quality 11. */
  brotli: Buffer;
  etag: string;
  lastModified: string | undefined;
  headers: [string, string][];
  tags: string[];
  storedAt: number;
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

/** What a request is asked for here: its method and its headers by (lower-case) name. */
interface RequestHead {
  method: string;
  header(name: string): string | null;
}

/** A stored page's answer before it becomes a Response (or goes straight to a node socket). */
interface PageReply {
  status: 200 | 304;
  headers: [string, string][];
  body: Uint8Array | null;
}

export interface CachedPageStore {
  /** Answers a GET or HEAD from the store, or renders (once per key at a time) through `render`. */
  handle(request: Request, key: string, render: () => Promise<Response>): Promise<Response>;
  /**
   * The answer for a page stored and fresh (a HIT), or null (missing or due to be rendered again:
   * only handle() renders). The server front asks this first, so a HIT never enters the framework.
   */
  hit(request: RequestHead, key: string): PageReply | null;
  /** Whether the store holds the page at all, fresh or stale: a request for one it does not hold adds an entry. */
  holds(key: string): boolean;
  invalidate(invalidation: Invalidation): void;
  /** Drops one path (Astro's cache.invalidate({ path })). */
  invalidatePath(key: string): void;
  readonly stats: { entries: number; bytes: number };
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
    sizeCalculation: (entry) => entry.gzipped.length + entry.brotli.length,
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
   * Brotli at its best quality: 10 % smaller HTML than the quality the first answer is compressed
   * with, at ~100 ms of CPU for a 100 KB page, too slow to keep a shopper waiting. So it runs after
   * the page is stored, on libuv's thread pool, one page at a time (a burst of new pages must not take
   * every core from the requests); a page dropped or rendered again meanwhile is skipped.
   */
  let recompressing = Promise.resolve();
  const recompress = (key: string, entry: Entry, body: Buffer) => {
    recompressing = recompressing
      .then(async () => {
        if (entries.peek(key) !== entry) return;
        const best = await compressBest(body);
        if (entries.peek(key) !== entry || best.length >= entry.brotli.length) return;
        replaceUnused(key, { ...entry, brotli: best });
      })
      .catch(() => undefined);
  };

  /** Renders and, when the route asked for caching and the answer is a plain 200, stores it. */
  const renderEntry = async (
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ entry?: Entry; response?: Response }> => {
    const renderedAt = dropped.seq;
    const response = await render();
    const rules = parseRules(response.headers.get(RULES_HEADER));
    if (!rules || response.status !== 200 || response.headers.has('set-cookie')) {
      response.headers.delete(RULES_HEADER);
      return { response };
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
    });
    const entry: Entry = {
      ...rules,
      gzipped: gzipSync(body),
      brotli: brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      lastModified: response.headers.get('last-modified') ?? undefined,
      headers,
      tags: (response.headers.get(TAGS_HEADER) ?? '').split(/[\s,]+/).filter(Boolean),
      storedAt: now(),
    };
    if (store(key, entry, renderedAt)) recompress(key, entry, body);
    return { entry };
  };

  /** One render per key at a time: late arrivals share the first one's entry. */
  const renderShared = (
    key: string,
    render: () => Promise<Response>,
  ): Promise<{ entry?: Entry; response?: Response }> => {
    const running = inflight.get(key);
    if (running) return running.then((entry) => (entry ? { entry } : renderEntry(key, render)));
    const result = renderEntry(key, render);
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

  return {
    hit(request, key) {
      const cached = fresh(key);
      if (!cached) return null;
      counted('hit');
      return reply(request, cached, 'HIT', now());
    },
    async handle(request, key, render) {
      const hit = fresh(key);
      if (hit) {
        counted('hit');
        return answer(request, hit, 'HIT', now());
      }
      const cached = entries.peek(key);
      const age = cached ? (now() - cached.storedAt) / 1000 : Number.POSITIVE_INFINITY;
      if (cached && age <= cached.maxAge + cached.swr) {
        use(key);
        if (!inflight.has(key)) void renderShared(key, render).catch(() => undefined);
        counted('stale');
        return answer(request, cached, 'STALE', now());
      }
      counted('miss');
      const { entry, response } = await renderShared(key, render);
      return entry ? answer(request, entry, 'MISS', now()) : response!;
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
      return { entries: entries.size, bytes: entries.calculatedSize };
    },
  };
}

/** True when the request's validators match the stored page (If-None-Match wins over If-Modified-Since). */
function notModified(request: RequestHead, entry: Entry): boolean {
  const ifNoneMatch = request.header('if-none-match');
  if (ifNoneMatch !== null) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(entry.etag));
  }
  const ifModifiedSince = request.header('if-modified-since');
  if (ifModifiedSince === null || !entry.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Date.parse(entry.lastModified) <= since;
}

/**
 * Brotli quality for a stored page's first answers: compressed once per render, so a higher quality
 * than a compressing proxy affords, until the background pass (recompress) has the best one.
 */
const BROTLI_QUALITY = 6;

const brotliAsync = promisify(brotliCompress);
const compressBest = (body: Buffer) =>
  brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

function reply(request: RequestHead, entry: Entry, state: 'HIT' | 'MISS' | 'STALE', at: number): PageReply {
  const headers: [string, string][] = [...entry.headers, ['etag', entry.etag]];
  if (entry.lastModified) headers.push(['last-modified', entry.lastModified]);
  headers.push(
    ['age', String(Math.max(0, Math.floor((at - entry.storedAt) / 1000)))],
    ['x-astro-cache', state],
    ['vary', 'Accept-Encoding'],
  );
  if (notModified(request, entry)) return { status: 304, headers, body: null };
  const coding = chooseCoding(request.header('accept-encoding'));
  const body = coding === 'br' ? entry.brotli : coding === 'gzip' ? entry.gzipped : gunzipSync(entry.gzipped);
  if (coding !== 'identity') headers.push(['content-encoding', coding]);
  headers.push(['content-length', String(body.length)]);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}

function answer(request: Request, entry: Entry, state: 'HIT' | 'MISS' | 'STALE', at: number): Response {
  const { status, headers, body } = reply(
    { method: request.method, header: (name) => request.headers.get(name) },
    entry,
    state,
    at,
  );
  return new Response(body === null ? null : new Uint8Array(body), { status, headers });
}
