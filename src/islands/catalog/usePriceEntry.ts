// What a price island shows for a sku: the live entry once it is there; until then the public price
// the page was rendered with (PublicPrices, given by the island's props or a provider above it), so
// the first client render matches the server's HTML and a guest never sees a spinner for it.
import { createContext, useContext, useState } from 'react';
import { publicEntry, type PublicPrices } from '#lib/catalog/page-prices.ts';
import { $prices, $pricesVisible, seedPublicPrices, type PriceEntry } from '#lib/catalog/prices-store.ts';
import { useClientStore } from '../shared/useClientStore.ts';

export const PublicPricesContext = createContext<PublicPrices | undefined>(undefined);

/**
 * For the island that owns public prices (its props): hands them to the price store before anything
 * reads it, so a guest in their currency is not asked the price call for them. The first read mounts
 * the store, which queues the page's batch, and a hydrating island may yield to the event loop (and
 * let that batch go out) before its effects run: so this happens once, in the first render, not in an
 * effect. It only fills entries nobody has yet, which no rendered island can be showing.
 */
export function useSeedPublicPrices(prices: PublicPrices | undefined): void {
  useState(() => {
    if (prices && typeof window !== 'undefined') seedPublicPrices(prices);
  });
}

/** The entry of any sku, by the rule above. */
export function usePriceLookup(own?: PublicPrices): (sku: string) => PriceEntry | undefined {
  const above = useContext(PublicPricesContext);
  const prices = own ?? above;
  const live = useClientStore($prices, {});
  return (sku) => {
    const entry = live[sku];
    if (entry && entry.state !== 'loading') return entry;
    const known = prices && publicEntry(prices, sku);
    return known ? { state: 'loaded', priceInfo: known.priceInfo, stock: known.stock } : entry;
  };
}

export function usePriceEntry(sku: string, own?: PublicPrices): PriceEntry | undefined {
  return usePriceLookup(own)(sku);
}

/** Whether the shopper may see prices: the server's answer once there is one, else the page's public one. */
export function usePricesVisible(own?: PublicPrices): { visible: boolean | null; excludeTax?: boolean | undefined } {
  const above = useContext(PublicPricesContext);
  const given = own ?? above;
  const live = useClientStore($pricesVisible, { visible: null, excludeTax: false });
  return live.visible === null && given ? { visible: given.pricesVisible, excludeTax: false } : live;
}
