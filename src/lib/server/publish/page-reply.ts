// A stored page's answer. Everything in it but the Age is the same for every request of one page in
// one coding and cache state, so it is made once, on the first such request, and kept with the page
// (a copy of a page is a new object and gets its own): a HIT allocates no header list of its own.
import { chooseCoding, type ContentCoding } from '../http-encoding.ts';

/** What the page store keeps of one page: at least one of its compressed copies. */
export interface StoredPage {
  gzipped?: Buffer;
  brotli?: Buffer;
  /** Bytes of the HTML itself, which is not kept (an identity answer decompresses a stored copy). */
  htmlLength: number;
  etag: string;
  lastModified: string | undefined;
  /** The render's own headers worth replaying, in its order (pairs shared between pages: never change one). */
  headers: readonly (readonly [string, string])[];
  storedAt: number;
}

export type CacheState = 'HIT' | 'MISS' | 'STALE';

/** An answer's headers: `pairs` with an empty Age at `ageAt`, to be filled per answer. Never change it. */
export interface PageHead {
  pairs: readonly (readonly [string, string])[];
  ageAt: number;
}

/** What a request is asked for here: its method and its headers by (lower-case) name. */
export interface RequestHead {
  method: string;
  header(name: string): string | null;
}

/** A stored page's answer before it becomes a Response (or goes straight to a node socket). */
export interface PageReply {
  status: 200 | 304;
  head: PageHead;
  /** The Age header's value: seconds since the page was stored. */
  age: string;
  coding: ContentCoding;
  /** Null for a HEAD and a 304, and where `needsHtml`. */
  body: Buffer | null;
  /** An answer without compression: its body is the HTML, which is not stored, for the caller to supply. */
  needsHtml: boolean;
}

const heads = new WeakMap<StoredPage, Map<string, PageHead>>();

function buildHead(page: StoredPage, state: CacheState, coding: ContentCoding | null): PageHead {
  const pairs: (readonly [string, string])[] = [...page.headers, ['etag', page.etag]];
  if (page.lastModified) pairs.push(['last-modified', page.lastModified]);
  const ageAt = pairs.length;
  pairs.push(['age', ''], ['x-astro-cache', state], ['vary', 'Accept-Encoding']);
  if (coding !== null) {
    if (coding !== 'identity') pairs.push(['content-encoding', coding]);
    pairs.push(['content-length', String(copyIn(page, coding)?.length ?? page.htmlLength)]);
  }
  return { pairs, ageAt };
}

/** The stored copy in `coding`, if the page has one. */
export const copyIn = (page: StoredPage, coding: ContentCoding): Buffer | undefined =>
  coding === 'br' ? page.brotli : coding === 'gzip' ? page.gzipped : undefined;

/** The head of a 200 in `coding`, or of a 304 (coding null). */
function headOf(page: StoredPage, state: CacheState, coding: ContentCoding | null): PageHead {
  let byKind = heads.get(page);
  if (!byKind) heads.set(page, (byKind = new Map()));
  const kind = `${state}:${coding ?? '304'}`;
  let head = byKind.get(kind);
  if (!head) byKind.set(kind, (head = buildHead(page, state, coding)));
  return head;
}

/** True when the request's validators match the stored page (If-None-Match wins over If-Modified-Since). */
function notModified(request: RequestHead, page: StoredPage): boolean {
  const ifNoneMatch = request.header('if-none-match');
  if (ifNoneMatch !== null) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(page.etag));
  }
  const ifModifiedSince = request.header('if-modified-since');
  if (ifModifiedSince === null || !page.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  return Number.isFinite(since) && Date.parse(page.lastModified) <= since;
}

/**
 * The answer to `request` from the stored page; an identity answer's body is the caller's to supply.
 * A coding the page is not stored in is answered without one (the page store makes the copy first).
 */
export function reply(request: RequestHead, page: StoredPage, state: CacheState, at: number): PageReply {
  const age = String(Math.max(0, Math.floor((at - page.storedAt) / 1000)));
  const chosen = chooseCoding(request.header('accept-encoding'));
  const coding = copyIn(page, chosen) ? chosen : 'identity';
  if (notModified(request, page))
    return { status: 304, head: headOf(page, state, null), age, coding, body: null, needsHtml: false };
  const head = headOf(page, state, coding);
  if (request.method === 'HEAD') return { status: 200, head, age, coding, body: null, needsHtml: false };
  const body = copyIn(page, coding) ?? null;
  return { status: 200, head, age, coding, body, needsHtml: body === null };
}

/** The head as name/value pairs with its Age filled in (a new list: a Response keeps what it is given). */
export function headerPairs({ head, age }: PageReply): [string, string][] {
  return head.pairs.map(([name, value], i): [string, string] => [name, i === head.ageAt ? age : value]);
}
