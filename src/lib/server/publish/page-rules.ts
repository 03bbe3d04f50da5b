// How long pages are kept, and the one call a cacheable page makes with the tags of what it shows.
import type { APIContext } from 'astro';
import { lastChanged } from './freshness.ts';
import type { PageRules } from './page-cache.ts';

/**
 * Publish events drop pages the moment their data changes, so the age limit only bounds changes
 * made without one (a database edited by hand): five minutes, then one request re-renders in the
 * background while the old page is still served, for up to a day.
 */
const cacheRules: PageRules = { maxAge: 300, swr: 86_400 };

/** Marks the page cacheable with its tags; Last-Modified is the latest change among them. */
export async function cachePage(cache: APIContext['cache'], pageTags: readonly string[]): Promise<void> {
  const unique = [...new Set(pageTags)].sort();
  cache.set({ ...cacheRules, tags: unique, lastModified: await lastChanged(unique) });
}
