// Where the server front (scripts/lib/serve-shop.ts) finds the page store. It is loaded outside the
// bundle that creates the store, so the store is registered on globalThis under a registered symbol;
// apart from page-cache.ts so the front loads no more than this.
import { gaugeOnScrape } from '../metrics/index.ts';
import type { CachedPageStore } from './page-cache.ts';

const STORE_KEY = Symbol.for('storefront.page-store');
const registry = globalThis as typeof globalThis & { [STORE_KEY]?: CachedPageStore };

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
