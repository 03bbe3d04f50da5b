// Live prices and stock on static pages (see docs/prices.md). Every sku a page shows is collected
// and fetched in ONE batched price-list request; islands read their sku's entry from this map.
// Signing in or out fetches everything again, so prices follow the shopper without a reload.
import { atom, map, onMount } from 'nanostores';
import { fetchPriceList } from './client.ts';
import { $loggedIn } from '../auth/session-store.ts';
import { reportFailure } from '../shell/report.ts';
import type { PriceInfo, Stock } from './contract.ts';

export type PriceEntry =
  | { state: 'loading' }
  | { state: 'loaded'; priceInfo: PriceInfo | null; stock: Stock | null }
  | { state: 'not-loaded' };

export const $prices = map<Record<string, PriceEntry>>({});
/**
 * False once the server said this shopper may not see prices (guest with prices hidden); excludeTax
 * once it said the customer is excluded from taxation (their prices carry no 'plus tax' note).
 */
export const $pricesVisible = map<{ visible: boolean | null; excludeTax?: boolean }>({ visible: null });

const MAX_BATCH = 200;
/** Skus waiting for the next batch; while it is not empty, a flush is scheduled. */
const $queue = atom<readonly string[]>([]);
/** Whether the prices on hand were asked for signed in; undefined before the first request. */
const $pricedSignedIn = atom<boolean | undefined>(undefined);

// The first island that shows a price starts the page's batch; while any is shown, signing in or
// out reprices everything (and so does coming back after the shopper changed in between).
onMount($prices, () => {
  requestPrices(pageSkus());
  repriceIfSignedInChanged();
  return $loggedIn.listen(repriceIfSignedInChanged);
});

/** The skus the server rendered into the page (all of them: listing, carousel, accessories). */
function pageSkus(): string[] {
  const text = typeof document === 'undefined' ? null : document.getElementById('page-skus')?.textContent;
  if (!text) return [];
  try {
    const skus: unknown = JSON.parse(text);
    return Array.isArray(skus) ? skus.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    // A broken sku list only costs the prices; the page stays usable.
    return [];
  }
}

function repriceIfSignedInChanged(): void {
  const pricedFor = $pricedSignedIn.get();
  if (pricedFor !== undefined && pricedFor !== $loggedIn.get()) requestPrices(Object.keys($prices.get()), { refresh: true });
}

/** The one writer of $prices: one change (and one re-render per island) for a whole batch. */
function settle(skus: readonly string[], entry: (sku: string) => PriceEntry): void {
  $prices.set({ ...$prices.get(), ...Object.fromEntries(skus.map((sku) => [sku, entry(sku)])) });
}

/** Queues skus; all requests made in the same task go out as one batch. */
export function requestPrices(skus: readonly string[], { refresh = false } = {}): void {
  const known = $prices.get();
  const wanted = [...new Set(skus)].filter((sku) => refresh || !known[sku]);
  if (wanted.length === 0) return;
  const queued = $queue.get();
  $queue.set([...new Set([...queued, ...wanted])]);
  settle(wanted, () => ({ state: 'loading' }));
  if (queued.length === 0) setTimeout(() => void flush(), 0);
}

async function flush(): Promise<void> {
  const skus = $queue.get();
  $queue.set([]);
  $pricedSignedIn.set($loggedIn.get());
  for (let i = 0; i < skus.length; i += MAX_BATCH) {
    const batch = skus.slice(i, i + MAX_BATCH);
    try {
      const response = await fetchPriceList([...batch]);
      $pricesVisible.set({ visible: response.pricesVisible, excludeTax: response.excludeTax ?? false });
      const found = new Map(response.items.map((item) => [item.sku.toLowerCase(), item]));
      settle(batch, (sku) => {
        const item = found.get(sku.toLowerCase());
        return { state: 'loaded', priceInfo: item?.priceInfo ?? null, stock: item?.stock ?? null };
      });
    } catch (error) {
      reportFailure('prices: price list request failed', error);
      settle(batch, () => ({ state: 'not-loaded' }));
    }
  }
}
