// Live prices and stock on static pages (see docs/prices.md). Every sku a page shows is collected
// and fetched in ONE batched price-list request; islands read their sku's entry from this map.
// Signing in or out fetches everything again, so prices follow the shopper without a reload.
import { atom, map, onMount } from 'nanostores';
import { fetchPriceList } from './client.ts';
import { $loggedIn } from '../auth/session-store.ts';
import { reportFailure } from '../shell/report.ts';
import type { PriceInfo, PriceListResponse, Stock } from './contract.ts';
import { isPublicShopper, readPagePrices, type PublicPrices } from './page-prices.ts';

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

const pagePrices = () => readPagePrices(typeof document === 'undefined' ? undefined : document);

// The first island that shows a price starts the page's batch, unless the page's public prices are the
// shopper's own: then each island hands over its own (seedPublicPrices) and nothing is asked. While any
// price is shown, signing in or out reprices everything (and so does coming back after the shopper
// changed in between).
onMount($prices, () => {
  const { skus, currency } = pagePrices();
  if (currency !== undefined && isPublicShopper(currency, $loggedIn.get())) $pricedSignedIn.set(false);
  else requestPrices(skus);
  repriceIfSignedInChanged();
  return $loggedIn.listen(repriceIfSignedInChanged);
});

function repriceIfSignedInChanged(): void {
  const pricedFor = $pricedSignedIn.get();
  if (pricedFor === undefined || pricedFor === $loggedIn.get()) return;
  // The page's skus too: islands that were not live yet wake for the new shopper's prices.
  requestPrices([...Object.keys($prices.get()), ...pagePrices().skus], { refresh: true });
}

/** The one writer of $prices: one change (and one re-render per island) for a whole batch. */
function settle(skus: readonly string[], entry: (sku: string) => PriceEntry): void {
  $prices.set({ ...$prices.get(), ...Object.fromEntries(skus.map((sku) => [sku, entry(sku)])) });
}

/** Settles skus from a price list answer: a sku it does not name has no price (or is unknown). */
function settleAnswer(skus: readonly string[], answer: PriceListResponse): void {
  $pricesVisible.set({ visible: answer.pricesVisible, excludeTax: answer.excludeTax ?? false });
  const found = new Map(answer.items.map((item) => [item.sku.toLowerCase(), item]));
  settle(skus, (sku) => {
    const item = found.get(sku.toLowerCase());
    return { state: 'loaded', priceInfo: item?.priceInfo ?? null, stock: item?.stock ?? null };
  });
}

/** Takes prices that came with a listing (isPricesLazyLoadEnabled off): no price call for them. */
export function adoptListedPrices(skus: readonly string[], answer: PriceListResponse): void {
  $pricedSignedIn.set($loggedIn.get());
  settleAnswer(skus, answer);
}

/**
 * Takes an island's public prices as the shopper's own when they are (a guest in their currency), so
 * the page's batch does not ask for them again. Idempotent: every island on the page may hand its own.
 */
export function seedPublicPrices(prices: PublicPrices): void {
  if (!isPublicShopper(prices.currency, $loggedIn.get())) return;
  const known = $prices.get();
  const fresh = prices.skus.filter((sku) => known[sku]?.state !== 'loaded');
  if (fresh.length === 0) return;
  $pricedSignedIn.set(false);
  settleAnswer(fresh, prices);
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
  // An island's public prices may have answered some since they were queued (seedPublicPrices).
  const skus = $queue.get().filter((sku) => $prices.get()[sku]?.state !== 'loaded');
  $queue.set([]);
  $pricedSignedIn.set($loggedIn.get());
  for (let i = 0; i < skus.length; i += MAX_BATCH) {
    const batch = skus.slice(i, i + MAX_BATCH);
    try {
      settleAnswer(batch, await fetchPriceList([...batch]));
    } catch (error) {
      reportFailure('prices: price list request failed', error);
      settle(batch, () => ({ state: 'not-loaded' }));
    }
  }
}
