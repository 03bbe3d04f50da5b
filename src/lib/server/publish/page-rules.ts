// How long pages are kept, and the one call a cacheable page makes with the tags of what it shows.
import type { APIContext } from 'astro';
import { lastChanged } from './freshness.ts';
import type { PageRules } from './page-entry.ts';

/**
 * Publish events drop pages the moment their data changes, so the age limit only bounds changes
 * made without one (a database edited by hand): five minutes, then one request re-renders in the
 * background while the old page is still served, for up to a day.
 */
const cacheRules: PageRules = { maxAge: 300, swr: 86_400 };

/**
 * The rules for a page that is wrong from `endsAt` on (it shows a special price that ends then). The
 * end of a special price is no change anybody publishes, so the page must not outlive it: neither
 * fresh (maxAge) nor stale while one request re-renders it (swr), in this cache or a CDN's. Near the
 * end both shrink to what is left; at or after it the page is not cached at all (maxAge 0 is refused
 * by the page cache and tells a CDN the same).
 * @internal Exported for its unit test.
 */
export function rulesUntil(endsAt: Date | undefined, now: Date = new Date()): PageRules {
  if (!endsAt) return cacheRules;
  const left = Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / 1000));
  const maxAge = Math.min(cacheRules.maxAge, left);
  return { maxAge, swr: Math.min(cacheRules.swr, left - maxAge) };
}

/**
 * Marks the page cacheable with its tags; Last-Modified is the latest change among them. `endsAt`: the
 * moment something the page shows stops being true by itself (src/lib/catalog/special-price.ts).
 */
export async function cachePage(
  cache: APIContext['cache'],
  pageTags: readonly string[],
  endsAt?: Date | undefined,
): Promise<void> {
  const unique = [...new Set(pageTags)].sort();
  cache.set({ ...rulesUntil(endsAt), tags: unique, lastModified: await lastChanged(unique) });
}
