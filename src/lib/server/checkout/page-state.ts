// What an on-demand checkout page needs before it renders: the shopper, their cart as the server
// prices it, the site features, and where the step guards send them (see docs/checkout.md).
// Checkout pages are rendered per request (not prebuilt): they are personal, never cached, and the
// guard redirects happen before any HTML leaves the server.
import type { AstroCookies } from 'astro';
import { checkoutRedirect, type CheckoutPage, type GuardCart } from '#lib/checkout/rules.ts';
import type { Features } from '#lib/content/features.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { localePath } from '#lib/site/paths.ts';
import type { Cart } from '#lib/cart/contract.ts';
import type { SavedAddress } from '#lib/checkout/address.ts';
import type { ShippingMethod } from '#lib/checkout/contract.ts';
import { siteFeatures } from '../auth/index.ts';
import { cartOwner, findOwnedCartId, priceCart, readCartCookie, readSnapshot, toCartResponse } from '../cart/index.ts';
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { currentShopper, priceContext } from '../shopper.ts';
import { savedAddresses } from '../addresses/index.ts';
import { quoteShippingMethods, storedCountry } from './shipping-quote.ts';
import { loadShippingMethods, methodLabel } from '../shipping/index.ts';

export interface CheckoutPageState {
  /** Locale-prefixed path to redirect to, or null to render the page. */
  redirect: string | null;
  signedIn: boolean;
  features: Features;
  /** The shopper's active cart as the server prices it; null when there is none. */
  cart: Cart | null;
  /**
   * What the step shows from the start, so its island has no call to make before it can be used: a
   * signed-in customer's saved addresses (address steps), the shipping methods for the stored address
   * (shipping step), the stored shipping method's name in this language (payment step's review).
   */
  saved: SavedAddress[];
  shippingMethods: ShippingMethod[] | null;
  shippingMethodLabel: string | null;
}

export function guardCart(cart: Cart | null): GuardCart | null {
  if (!cart) return null;
  return {
    itemCount: cart.items_qty,
    hasShippingAddress: cart.shippingAddress !== null,
    hasShippingMethod: Boolean(cart.shippingMethod?.methodCode),
    hasBillingAddress: cart.billingAddress !== null,
  };
}

export async function checkoutPageState(
  context: { cookies: AstroCookies; url: URL },
  locale: Locale,
  page: CheckoutPage,
): Promise<CheckoutPageState> {
  const [shopper, features, db] = await Promise.all([
    currentShopper(context.cookies, context.url),
    siteFeatures(),
    getDb(),
  ]);
  const cartId = await findOwnedCartId(db, cartOwner(shopper, readCartCookie(context.cookies)));
  const snapshot = cartId ? await readSnapshot(db, cartId) : null;
  const { pricesVisible } = await priceContext(shopper);
  const shopCurrency = env().DEFAULT_CURRENCY;
  const cart = snapshot ? toCartResponse(await priceCart(db, snapshot, { locale, pricesVisible, shopCurrency })) : null;
  const target = checkoutRedirect({
    page,
    cart: guardCart(cart),
    signedIn: shopper.loggedIn,
    isGuestUserEnabled: features.isGuestUserEnabled,
    isCheckoutRegistrationEnabled: features.isCheckoutRegistrationEnabled,
  });
  if (target !== null) {
    return {
      redirect: localePath(locale, target),
      signedIn: shopper.loggedIn,
      features,
      cart,
      saved: [],
      shippingMethods: null,
      shippingMethodLabel: null,
    };
  }
  const addressStep = page === 'shipping' || page === 'billing';
  const country = page === 'shipping' && snapshot ? storedCountry(snapshot) : undefined;
  const methodCode = page === 'payment' ? cart?.shippingMethod?.methodCode : undefined;
  const [saved, shippingMethods, [method]] = await Promise.all([
    addressStep && shopper.customerId ? savedAddresses(db, shopper.customerId) : [],
    snapshot && country ? quoteShippingMethods(db, snapshot, country, locale, { shopCurrency, pricesVisible }) : null,
    methodCode ? loadShippingMethods(db, methodCode) : [],
  ]);
  const shippingMethodLabel = method ? methodLabel(method, locale) : null;
  return { redirect: null, signedIn: shopper.loggedIn, features, cart, saved, shippingMethods, shippingMethodLabel };
}
