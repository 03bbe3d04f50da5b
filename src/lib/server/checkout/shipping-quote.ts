// What the shipping step shows and stores: the methods for a country priced for this cart (its
// discounted subtotal decides free shipping thresholds, the customer's terms the tax). Shared by the
// shipping-methods endpoint and the shipping page, which renders them so the step needs no call to show them.
import { isCountryCode } from '#lib/checkout/countries.ts';
import { computeTotals, discountedSubtotalNetCents, toMajor } from '#lib/cart/rules.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { ShippingMethod } from '#lib/checkout/contract.ts';
import { priceCart, sellableLines, type CartSnapshot } from '../cart/index.ts';
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

/**
 * What a shipping price costs this cart with VAT when the goods go to `country`: shipping takes the
 * rates of the goods it carries (rules.ts computeTotals), so its gross is the one the totals will show.
 */
async function shippingGross(
  db: Db,
  snapshot: CartSnapshot,
  country: string,
  context: Omit<QuoteContext, 'pricesVisible'>,
) {
  const { cart } = snapshot;
  const shippingAddress = { ...cart.shippingAddress, country } as CartSnapshot['cart']['shippingAddress'];
  const priced = await priceCart(
    db,
    { ...snapshot, cart: { ...cart, shippingAddress } },
    {
      locale: 'de',
      pricesVisible: true,
      shopCurrency: context.shopCurrency,
      now: context.now,
    },
  );
  // The coupon's discount is already known: as a fixed amount it divides over the rates the same way.
  const coupon = { kind: 'fixed' as const, value: priced.totals.coupon_amount };
  const lines = sellableLines(priced.lines);
  return (priceCents: number) =>
    computeTotals({ lines, coupon, shippingNetCents: priceCents, fallbackRate: priced.vatRateBasisPoints })
      .shipping_incl_tax;
}

export async function quoteShippingMethods(
  db: Db,
  snapshot: CartSnapshot,
  country: string,
  locale: Locale,
  context: QuoteContext,
): Promise<ShippingMethod[]> {
  const [options, gross] = await Promise.all([
    shippingOptions(db, {
      country,
      currency: snapshot.cart.currency,
      shopCurrency: context.shopCurrency,
      discountedNetCents: await discountedNetCents(db, snapshot, context),
    }),
    shippingGross(db, snapshot, country, context),
  ]);
  const visible = context.pricesVisible;
  return options.map(({ method, priceCents }) => ({
    methodCode: method.code,
    label: methodLabel(method, locale),
    amount: visible ? toMajor(priceCents) : null,
    amountInclTax: visible ? toMajor(gross(priceCents)) : null,
    currency: snapshot.cart.currency,
  }));
}
