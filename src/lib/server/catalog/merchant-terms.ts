// The shop's delivery and return terms for a product page's Offer (src/lib/catalog/merchant-listing.ts):
// the shipping methods with their rates and countries, and the fulfilment setting.
import { getDb } from '../db/index.ts';
import { getContent } from '../content.ts';
import { loadShippingMethods } from '../shipping/index.ts';
import type { MerchantTerms } from '#lib/catalog/merchant-listing.ts';

/** `shopCurrency` is the currency the methods' base prices are in (DEFAULT_CURRENCY). */
export async function merchantTerms(shopCurrency: string): Promise<MerchantTerms> {
  const [methods, fulfilment] = await Promise.all([
    getDb().then((db) => loadShippingMethods(db)),
    // One row for every language: the terms are numbers and codes.
    getContent('setting:fulfilment', 'de'),
  ]);
  return { methods, fulfilment: fulfilment?.config ?? null, shopCurrency };
}
