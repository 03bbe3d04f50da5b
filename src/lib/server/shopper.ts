// Who is asking: guest or customer, in which currency, and whether they may see prices.
// Every price decision on the server starts here, never from what the client claims.
import type { AstroCookies } from 'astro';
import { getContent } from './content.ts';
import { resolveFeatures, type Features } from '../content/features.ts';
import { publishedMemo } from './publish/index.ts';
import { canSeePrices, type PriceContext } from '../catalog/price.ts';
import { CURRENCY_COOKIE, isCurrency } from '../shared/currency.ts';
import { env } from './env.ts';
import { resolveSession, type CompanyUser } from './auth/index.ts';

export type { CompanyUser };

export interface Shopper {
  /** The company (customer) whose prices, addresses and orders are used. */
  customerId: string | null;
  /** Who of that company is signed in; null for guests. */
  user: CompanyUser | null;
  priceListId: number | null;
  currency: string;
  loggedIn: boolean;
}

/**
 * A signed-in customer (user-token cookie, silently renewed from the refresh cookie)
 * shops with their own price list and currency; everybody else is a guest. Pass the request URL
 * when you have it: renewed cookies are Secure except on localhost.
 */
export async function currentShopper(cookies: AstroCookies, url?: URL): Promise<Shopper> {
  const session = await resolveSession(cookies, url ? { url } : {});
  if (session) {
    const { customer, user } = session;
    return {
      customerId: customer.id,
      user: { id: user.id, role: user.role },
      priceListId: customer.priceListId,
      currency: customer.currency,
      loggedIn: true,
    };
  }
  return guestShopper(cookies.get(CURRENCY_COOKIE)?.value);
}

/** A guest, in the currency of their currency cookie when it names one the shop prices in. */
export function guestShopper(cookieCurrency: string | undefined): Shopper {
  const currency = isCurrency(cookieCurrency) ? cookieCurrency : env().DEFAULT_CURRENCY;
  return { customerId: null, user: null, priceListId: null, currency, loggedIn: false };
}

const featuresMemo = publishedMemo<Features>();

/** The shop's feature flags, read once per publish (every price call asks). */
function shopFeatures(): Promise<Features> {
  return featuresMemo('all', async () =>
    resolveFeatures((await getContent('setting:branding', 'de'))?.config.flags ?? {}),
  );
}

/** Prices show to signed-in users, or to guests only if isPriceForGuestEnabled. */
export async function priceContext(
  shopper: Pick<Shopper, 'currency' | 'priceListId' | 'loggedIn'>,
): Promise<PriceContext> {
  const features = await shopFeatures();
  return {
    currency: shopper.currency,
    priceListId: shopper.priceListId,
    pricesVisible: canSeePrices({
      loggedIn: shopper.loggedIn,
      isPriceForGuestEnabled: features.isPriceForGuestEnabled,
    }),
  };
}
