// A page's way into the origin's store and back out: what a render's Response becomes when it is
// stored (its rules, tags, headers worth replaying, one compressed copy and the ETag), and what a
// stored page's answer becomes as a Response again. Apart from page-cache.ts, which decides when a
// page is rendered, kept, shared and dropped.
import { hash } from 'node:crypto';
import { compressAs, decompress, type StoredCoding } from './page-codings.ts';
import { headerPairs, type PageReply, type StoredPage } from './page-reply.ts';

export interface PageRules {
  /** Seconds a stored page is served without question. */
  maxAge: number;
  /** Seconds after that it is still served while one request renders it again. */
  swr: number;
}

export interface Entry extends PageRules, StoredPage {
  tags: string[];
  /**
   * The brotli copy is at the best quality. A page is stored at the first quality (page-codings.ts);
   * a shopper asking for it again queues the best one, which replaces the entry with a copy.
   */
  best: boolean;
}

/** What rendering a page gave: the stored entry (and its HTML), or an answer not to be stored. */
export interface Rendered {
  entry?: Entry;
  html?: Buffer;
  response?: Response;
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

function parseRules(header: string | null): PageRules | undefined {
  if (!header) return undefined;
  const value = (name: string) => Number(new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(header)?.[1] ?? Number.NaN);
  const maxAge = value('max-age');
  if (!(maxAge > 0)) return undefined;
  return { maxAge, swr: value('stale-while-revalidate') || 0 };
}

/**
 * The entry for a render when the route asked for caching and the answer is a plain 200, compressed
 * in `coding`; the requester gets the HTML itself too, for an answer without compression. Any other
 * answer comes back as it is, not to be stored.
 */
export async function entryOf(response: Response, coding: StoredCoding, now: () => number): Promise<Rendered> {
  const rules = parseRules(response.headers.get(RULES_HEADER));
  if (!rules || response.status !== 200 || response.headers.has('set-cookie')) return { response: unstored(response) };
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
  return { entry, html: body };
}

/** A rendered answer that is not stored: the rules meant for the store do not travel on. */
export function unstored(response: Response): Response {
  response.headers.delete(RULES_HEADER);
  return response;
}

/** A stored page's answer as a Response; an identity body is the render's HTML, or a stored copy decompressed on the pool. */
export async function respond(answer: PageReply, entry: Entry, html?: Buffer): Promise<Response> {
  const body = answer.needsHtml
    ? (html ?? (await (entry.brotli ? decompress(entry.brotli, 'br') : decompress(entry.gzipped!, 'gzip'))))
    : answer.body;
  // A view, not a copy: stored copies are buffers of their own (page-codings.ts) and a Response only reads.
  return new Response(body === null ? null : new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
    status: answer.status,
    headers: headerPairs(answer),
  });
}
