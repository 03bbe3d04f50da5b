// The head of an answer from the page cache as the server front writes it: one flat name/value list
// per stored page, coding and state, made on the first such answer and reused by every later one, so
// a HIT neither builds a header list nor calls setHeader once per header (which validated and stored
// each of them again, a fifth of the front's own CPU on a HIT).
import type { PageHead, PageReply } from '../../src/lib/server/publish/page-cache.ts';

export type SecurityHeaders = readonly (readonly [string, string])[];

interface FlatHead {
  list: string[];
  /** Where the Age value goes in `list`. */
  ageAt: number;
}

const made = new WeakMap<SecurityHeaders, WeakMap<PageHead, FlatHead>>();

/**
 * The same headers, in the same order, as setting the front's security headers and then writing the
 * page's with writeHead: node drops a set header the page names again and appends the page's after
 * the ones left, so the front's defaults the page does not replace come first.
 */
function flatten(head: PageHead, security: SecurityHeaders): FlatHead {
  const named = new Set(head.pairs.map(([name]) => name.toLowerCase()));
  const kept = security.filter(([name]) => !named.has(name.toLowerCase()));
  return { list: [...kept, ...head.pairs].flat(), ageAt: (kept.length + head.ageAt) * 2 + 1 };
}

/**
 * The list to hand to writeHead for `reply`. It is shared: its Age is written into it here, and
 * writeHead reads it at once, before any other answer can write another Age.
 */
export function frontHead(reply: PageReply, security: SecurityHeaders): string[] {
  let heads = made.get(security);
  if (!heads) made.set(security, (heads = new WeakMap()));
  let flat = heads.get(reply.head);
  if (!flat) heads.set(reply.head, (flat = flatten(reply.head, security)));
  flat.list[flat.ageAt] = reply.age;
  return flat.list;
}
