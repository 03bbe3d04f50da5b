// Astro's route cache provider for this shop (astro.config.mjs: cache.provider). Pages opt in with
// Astro.cache.set() (see page-rules.ts); this turns their rules into the headers a CDN understands and
// keeps the rendered pages in the origin's store (page-cache.ts), which publish events prune by tag.
import type { CacheProviderFactory } from 'astro';
import { publishBus } from './bus.ts';
import { createPageStore } from './page-cache.ts';
import { RULES_HEADER, TAGS_HEADER } from './page-entry.ts';
import { registerPageStore } from './page-store-registry.ts';
import { startPublishing } from './instances.ts';
import { pageCacheKey } from '#lib/catalog/category-listing.ts';
import { previewingStaff } from '../preview.ts';
import { BUDGETS, spend } from '../client-budget.ts';
import { requestClient } from '../client-ip.ts';
import { canonicalTarget } from '#lib/site/canonical-path.ts';

interface Options {
  /** Compressed bytes the store may hold; the least recently used pages go first. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The answer without the cache rules, tags and dates a cacheable page carries: private, never stored.
 * Only a page that declared rules has any; every other answer (a redirect setting a cookie) stays the
 * same object, since a copy would lose the cookies Astro attaches to it.
 */
function personalCopy(response: Response): Response {
  if (!response.headers.has(RULES_HEADER)) return response;
  const copy = new Response(response.body, response);
  for (const name of [RULES_HEADER, TAGS_HEADER, 'surrogate-key', 'last-modified']) copy.headers.delete(name);
  copy.headers.set('cache-control', 'private, no-store');
  copy.headers.set('x-robots-tag', 'noindex');
  return copy;
}

/** A cacheable answer not kept here: it keeps the headers a CDN needs, without the store's own rules header. */
function unkept(response: Response): Response {
  if (!response.headers.has(RULES_HEADER)) return response;
  const copy = new Response(response.body, response);
  copy.headers.delete(RULES_HEADER);
  return copy;
}

const storefrontPages: CacheProviderFactory<Options> = (options) => {
  const maxBytes = Number(process.env.PAGE_CACHE_MB) * 1024 * 1024 || options?.maxBytes || DEFAULT_MAX_BYTES;
  const store = createPageStore({ maxBytes });
  publishBus.subscribe(({ invalidation }) => store.invalidate(invalidation));
  return {
    name: 'storefront-pages',
    setHeaders(rules) {
      const headers = new Headers();
      if (rules.maxAge !== undefined) {
        const swr = rules.swr ?? 0;
        // Browsers revalidate every time (a 304 when nothing changed); shared caches keep the page.
        headers.set('cache-control', `public, max-age=0, s-maxage=${rules.maxAge}, stale-while-revalidate=${swr}`);
        headers.set(RULES_HEADER, `max-age=${rules.maxAge}, stale-while-revalidate=${swr}`);
      }
      if (rules.tags?.length) {
        const tags = rules.tags.join(' ');
        headers.set(TAGS_HEADER, tags);
        headers.set('surrogate-key', tags);
      }
      if (rules.lastModified) headers.set('last-modified', rules.lastModified.toUTCString());
      return headers;
    },
    async onRequest({ request }, next) {
      await startPublishing();
      // From now on the server front answers fresh pages itself; everything else still comes here.
      registerPageStore(store);
      if (request.method !== 'GET' && request.method !== 'HEAD') return next();
      // The server front redirects second spellings of an address already; this holds for any other server.
      const url = new URL(request.url);
      const canonical = canonicalTarget(url.pathname + url.search);
      if (canonical !== null)
        return new Response(null, {
          status: 301,
          headers: { location: canonical, 'cache-control': 'public, max-age=3600' },
        });
      // An editor's preview is rendered with drafts: never served from, nor stored in, the page cache,
      // and its answer says so to every cache after this one (the rules were set as for any page).
      if ((await previewingStaff(request)) !== null) return personalCopy(await next());
      // Cached routes render the same HTML whatever the query says (filters and sort load in the
      // browser), so the path is the key, plus a category's page number: junk cannot fill the store.
      const key = pageCacheKey(url);
      if (key === null) return next();
      // A client that keeps asking for pages nobody else asked for gets them, but no longer kept: the
      // cache holds what shoppers read, not what one client walks through.
      if (!store.holds(key) && spend(BUDGETS.pageCacheFills, requestClient(request)) > 0) return unkept(await next());
      return store.handle(request, key, () => next());
    },
    async invalidate({ tags, path }) {
      if (path) store.invalidatePath(path);
      if (tags) store.invalidate({ tags: Array.isArray(tags) ? tags : [tags] });
    },
  };
};

export default storefrontPages;
