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
import { siteFeatures } from '../auth/index.ts';
import { findOwnedCartId, priceCart, readCartCookie, readSnapshot, toCartResponse } from '../cart/index.ts';
import { getDb } from '../db/index.ts';
import { env } from '../env.ts';
import { currentShopper, priceContext } from '../shopper.ts';

export interface CheckoutPageState {
  /** Locale-prefixed path to redirect to, or null to render the page. */
  redirect: string | null;
  signedIn: boolean;
  features: Features;
  /** The shopper's active cart as the server prices it; null when there is none. */
  cart: Cart | null;
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
  const [shopper, features, db] = await Promise.all([currentShopper(context.cookies, context.url), siteFeatures(), getDb()]);
  const cartId = await findOwnedCartId(db, {
    customerId: shopper.customerId,
    guestCartId: shopper.customerId ? null : readCartCookie(context.cookies),
  });
  const snapshot = cartId ? await readSnapshot(db, cartId) : null;
  const cart = snapshot
    ? toCartResponse(await priceCart(db, snapshot, {
      locale, pricesVisible: (await priceContext(shopper)).pricesVisible, shopCurrency: env().DEFAULT_CURRENCY,
    }))
    : null;
  const target = checkoutRedirect({
    page,
    cart: guardCart(cart),
    signedIn: shopper.loggedIn,
    isGuestUserEnabled: features.isGuestUserEnabled,
    isCheckoutRegistrationEnabled: features.isCheckoutRegistrationEnabled,
  });
  return { redirect: target === null ? null : localePath(locale, target), signedIn: shopper.loggedIn, features, cart };
}
