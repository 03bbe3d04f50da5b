// What the shipping step shows and stores: the methods for a country priced for this cart (its
// discounted subtotal decides free shipping thresholds, the customer's terms the tax). Shared by the
// shipping-methods endpoint and the shipping page, which renders them so the step needs no call to show them.
import { isCountryCode } from '#lib/checkout/countries.ts';
import { discountedSubtotalNetCents, grossCents, toMajor } from '#lib/cart/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ShippingMethod } from '#lib/checkout/contract.ts';
import { customerTerms, priceCart, type CartSnapshot } from '../cart/index.ts';
import type { Db } from '../db/client.ts';
import { methodLabel, shippingOptions } from '../shipping/index.ts';

export interface QuoteContext {
  shopCurrency: string;
  /** Without price permission the methods are listed without their prices. */
  pricesVisible: boolean;
  now?: Date | undefined;
}

/** The cart's subtotal after discounts, net, which free-shipping thresholds compare against. */
export async function discountedNetCents(
  db: Db,
  snapshot: CartSnapshot,
  context: Omit<QuoteContext, 'pricesVisible'>,
): Promise<number> {
  const priced = await priceCart(db, snapshot, {
    locale: 'de',
    pricesVisible: true,
    shopCurrency: context.shopCurrency,
    now: context.now,
  });
  return discountedSubtotalNetCents(priced.totals);
}

/** The country of the cart's stored shipping address, when the shop ships there. */
export function storedCountry(snapshot: CartSnapshot): string | undefined {
  const stored = snapshot.cart.shippingAddress?.country;
  return isCountryCode(stored) ? stored : undefined;
}

export async function quoteShippingMethods(
  db: Db,
  snapshot: CartSnapshot,
  country: string,
  locale: Locale,
  context: QuoteContext,
): Promise<ShippingMethod[]> {
  const [options, terms] = await Promise.all([
    shippingOptions(db, {
      country,
      currency: snapshot.cart.currency,
      shopCurrency: context.shopCurrency,
      discountedNetCents: await discountedNetCents(db, snapshot, context),
    }),
    customerTerms(db, snapshot.cart.customerId),
  ]);
  const visible = context.pricesVisible;
  return options.map(({ method, priceCents }) => ({
    methodCode: method.code,
    label: methodLabel(method, locale),
    amount: visible ? toMajor(priceCents) : null,
    amountInclTax: visible ? toMajor(grossCents(priceCents, terms.excludeTax)) : null,
    currency: snapshot.cart.currency,
  }));
}
