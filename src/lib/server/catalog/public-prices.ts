// The public prices a catalogue page is rendered with (src/lib/catalog/page-prices.ts): what a guest
// in the shop's default currency sees, from the in-memory price index. The page declares the tags of
// the products it shows, and publishing a product (also for a price or stock change) drops it, so
// these prices are never older than the last publish.
import type { PublicPrices } from '#lib/catalog/page-prices.ts';
import type { Features } from '#lib/content/features.ts';
import { priceList } from './prices.ts';

export async function publicPrices(
  skus: readonly string[],
  shell: { currency: string; features: Features },
): Promise<PublicPrices> {
  const { currency } = shell;
  const asked = [...new Set(skus)];
  // Guests who may not see prices see neither prices nor stock: nothing to carry but that.
  if (!shell.features.isPriceForGuestEnabled) return { currency, skus: asked, items: [], pricesVisible: false };
  const items = await priceList(asked, { currency, pricesVisible: true });
  return { currency, skus: asked, items, pricesVisible: true };
}
