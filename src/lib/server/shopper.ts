// Who is asking: guest or customer, in which currency, and whether they may see prices.
// Every price decision on the server starts here, never from what the client claims.
import type { AstroCookies } from 'astro';
import { getContent } from './content.ts';
import { resolveFeatures } from '../features.ts';
import { CURRENCIES, env } from './env.ts';
import type { PriceContext } from './catalog/prices.ts';

export interface Shopper {
  customerId: string | null;
  priceListId: number | null;
  currency: string;
  loggedIn: boolean;
}

export const CURRENCY_COOKIE = 'vsf-currency';

/** Signed-in customers are recognised once sessions exist (user-token cookie); until then everybody is a guest. */
export async function currentShopper(cookies: AstroCookies): Promise<Shopper> {
  const cookieCurrency = cookies.get(CURRENCY_COOKIE)?.value;
  const currency = (CURRENCIES as readonly string[]).includes(cookieCurrency ?? '') ? cookieCurrency! : env().DEFAULT_CURRENCY;
  return { customerId: null, priceListId: null, currency, loggedIn: false };
}

/** Spec section 5: prices show to signed-in users, or to guests only if isPriceForGuestEnabled. */
export async function priceContext(shopper: Shopper): Promise<PriceContext> {
  const branding = await getContent('setting:branding', 'de');
  const features = resolveFeatures(branding?.config.flags ?? {});
  return {
    currency: shopper.currency,
    priceListId: shopper.priceListId,
    pricesVisible: shopper.loggedIn || features.isPriceForGuestEnabled,
  };
}
