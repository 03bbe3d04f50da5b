// Live prices and stock on static pages (spec sections 4, 7). Every sku a page shows is collected
// and fetched in ONE batched price-list request; islands read their sku's entry from this map.
// Signing in or out fetches everything again, so prices follow the shopper without a reload.
import { map } from 'nanostores';
import { fetchPriceList } from './client.ts';
import { $loggedIn } from '../auth/session-store.ts';
import type { PriceInfo, Stock } from './contract.ts';

export type PriceEntry =
  | { state: 'loading' }
  | { state: 'loaded'; priceInfo: PriceInfo | null; stock: Stock | null }
  | { state: 'not-loaded' };

export const $prices = map<Record<string, PriceEntry>>({});
/** False once the server said this shopper may not see prices (guest with prices hidden). */
export const $pricesVisible = map<{ visible: boolean | null }>({ visible: null });

const MAX_BATCH = 200;
let queued = new Set<string>();
let scheduled = false;

/** Queues skus; all requests made in the same task go out as one batch. */
export function requestPrices(skus: readonly string[], { refresh = false } = {}): void {
  for (const sku of skus) {
    if (!refresh && $prices.get()[sku]) continue;
    queued.add(sku);
    $prices.setKey(sku, { state: 'loading' });
  }
  if (queued.size === 0 || scheduled) return;
  scheduled = true;
  setTimeout(flush, 0);
}

async function flush(): Promise<void> {
  scheduled = false;
  const skus = [...queued];
  queued = new Set();
  for (let i = 0; i < skus.length; i += MAX_BATCH) {
    const batch = skus.slice(i, i + MAX_BATCH);
    try {
      const response = await fetchPriceList(batch);
      $pricesVisible.setKey('visible', response.pricesVisible);
      const found = new Map(response.items.map((item) => [item.sku.toLowerCase(), item]));
      for (const sku of batch) {
        const item = found.get(sku.toLowerCase());
        $prices.setKey(sku, { state: 'loaded', priceInfo: item?.priceInfo ?? null, stock: item?.stock ?? null });
      }
    } catch (error) {
      console.error('prices: price list request failed', error);
      for (const sku of batch) $prices.setKey(sku, { state: 'not-loaded' });
    }
  }
}

/** The skus the server rendered into the page (all of them: listing, carousel, accessories). */
export function loadPagePrices(): void {
  const el = document.getElementById('page-skus');
  if (!el?.textContent) return;
  try {
    const skus: unknown = JSON.parse(el.textContent);
    if (Array.isArray(skus)) requestPrices(skus.filter((s): s is string => typeof s === 'string'));
  } catch {
    // A broken sku list only costs the prices; the page stays usable.
  }
}

if (typeof window !== 'undefined') {
  let last = $loggedIn.get();
  $loggedIn.listen((loggedIn) => {
    if (loggedIn === last) return;
    last = loggedIn;
    requestPrices(Object.keys($prices.get()), { refresh: true });
  });
}
