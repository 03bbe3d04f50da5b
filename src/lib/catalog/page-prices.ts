// The public (guest) prices a catalogue page is rendered with. The page is the same HTML for everybody,
// so they are right for exactly one kind of shopper: a guest in the page's currency. That shopper needs
// no price call at all (the islands hand their public prices to the price store); anybody else (signed
// in, another currency) gets their own prices live, and the islands showing prices wake at once to show
// them (docs/prices.md, "Lazy price loading").
import type { PriceListResponse } from './contract.ts';
import { readCurrency } from './currency-store.ts';

/**
 * The price list answer a guest in `currency` would get for `skus` (some of the page's): a sku it has
 * no item for has no price.
 */
export type PublicPrices = PriceListResponse & { currency: string; skus: string[] };

/** What the page's JSON element says (PagePrices.astro). */
export interface PagePrices {
  /** Every sku the page shows: the one batched price request asks for them all. */
  skus: string[];
  /** The currency of the public prices in the HTML; absent on pages without any. */
  currency?: string | undefined;
}

/** The id of the page's JSON element. */
export const PAGE_PRICES_ID = 'page-prices';

/** The islands to wake when the public prices are not the shopper's (`client:intent="prices"`). */
export const PRICES_INTENT = 'prices';

/** The page's prices element; a missing or broken one costs only the batching. */
export function readPagePrices(doc: Pick<Document, 'getElementById'> | undefined): PagePrices {
  const text = doc?.getElementById(PAGE_PRICES_ID)?.textContent;
  if (!text) return { skus: [] };
  try {
    // Same-origin HTML the server wrote: only its outline is checked, as for any same-origin answer.
    const parsed = JSON.parse(text) as Partial<PagePrices> | null;
    const skus = Array.isArray(parsed?.skus) ? parsed.skus.filter((s): s is string => typeof s === 'string') : [];
    return { skus, currency: typeof parsed?.currency === 'string' ? parsed.currency : undefined };
  } catch {
    return { skus: [] };
  }
}

/**
 * Whether public prices in `currency` are this shopper's own: a guest whose currency (the cookie, else
 * the shop's default, which the page was rendered in) is that one.
 */
export function isPublicShopper(currency: string, signedIn: boolean): boolean {
  return !signedIn && (readCurrency() ?? currency) === currency;
}

/** The part of the public prices an island needs: its own skus' entries (island props travel in the HTML). */
export function publicSubset(prices: PublicPrices, skus: readonly string[]): PublicPrices {
  const wanted = new Set(skus.map((sku) => sku.toLowerCase()));
  return {
    ...prices,
    skus: [...new Set(skus)],
    items: prices.items.filter((item) => wanted.has(item.sku.toLowerCase())),
  };
}

/** The entry of one sku (any case, as the price list matches them). */
export function publicEntry(prices: PublicPrices, sku: string): PublicPrices['items'][number] | undefined {
  const wanted = sku.toLowerCase();
  return prices.items.find((item) => item.sku.toLowerCase() === wanted);
}
