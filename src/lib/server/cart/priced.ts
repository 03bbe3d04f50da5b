// The priced cart: what the server charges for a cart, in integer cents (its lines priced in
// priced-line.ts). Server code that needs an amount (checkout, orders, payments) reads it from here;
// only the response edge (response.ts) turns cents into the major units a browser displays. The
// arithmetic is pure: view.ts reads the inputs from the database and hands them to `pricedCart`, so it
// is tested without I/O.
import {
  computeTotals,
  couponDiscountCents,
  couponProblem,
  type CartTotalsCents,
  type CouponProblem,
  type CouponRecord,
} from '#lib/cart/rules.ts';
import { chargedRate, standardRate, taxRegime, type TaxRegime, type TaxSettings } from '#lib/tax/regime.ts';
import { shippingPriceCents, type ShippingMethodRecord } from '#lib/checkout/shipping.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { CartProduct } from './cart-product.ts';
import { priceLines, sellableLines, sum, type LineContext, type PricedCartLine } from './priced-line.ts';
import type { CustomerTerms } from './pricing.ts';
import type { CartSnapshot } from './queries.ts';
import type { QuoteTerms } from './quote-terms.ts';

/** Everything a cart's prices depend on, read from the database by view.ts. */
export interface CartPricingInput {
  snapshot: CartSnapshot;
  terms: CustomerTerms;
  /** The lines' products and their accessories (found by id and by sku, case-insensitively). */
  products: readonly CartProduct[];
  /** The record of the stored coupon code; null when the cart has none or the code is unknown. */
  coupon: CouponRecord | null;
  /** The record of the stored shipping method; null when the cart has none or it no longer exists. */
  shippingMethod: ShippingMethodRecord | null;
  locale: Locale;
  pricesVisible: boolean;
  /** The currency coupon and shipping amounts are in. */
  shopCurrency: string;
  /** The shop's country and whether it charges One-Stop-Shop VAT (run-time settings). */
  tax: TaxSettings;
  /** The terms of the accepted quotes some lines came from, by quote line id. */
  quotes: ReadonlyMap<string, QuoteTerms>;
  /** What a quoted line says about its quote (LineContext). */
  quoteNote?: LineContext['quoteNote'];
  now: Date;
}

// ------------------------------------------------------------------ the model

type CouponStatus = 'applied' | CouponProblem;

export interface PricedCart {
  id: string;
  version: number;
  currency: string;
  /** The customer account is flagged excludeTax: no VAT on anything (one of the regime's cases). */
  excludeTax: boolean;
  /** How VAT is charged (destination and buyer) and the note that says so. */
  taxRegime: TaxRegime;
  /** The regime's standard rate, in basis points: 0 when exempt. */
  vatRateBasisPoints: number;
  /** Whether this shopper may see prices. The amounts are here either way; the edge hides them. */
  pricesVisible: boolean;
  lines: PricedCartLine[];
  /** Sum of the line quantities, purchasable or not. */
  itemsQty: number;
  /** Over the purchasable lines only. */
  totals: CartTotalsCents;
  /** The stored coupon and whether it applies (an unapplied coupon gives no discount); null without one. */
  coupon: { code: string; status: CouponStatus } | null;
  /** The stored shipping method while it still serves the cart (country, currency), else null. */
  shippingMethodCode: string | null;
  billingAddress: unknown;
  shippingAddress: unknown;
  newUser: boolean;
}

// ------------------------------------------------------------------ pricing

/**
 * The stored method's net cents, or null when there is none or it no longer serves the cart (the
 * shipping country or the currency changed): then the shopper picks a method again.
 */
function shippingNetCents(input: CartPricingInput, discountedNetCents: number): number | null {
  const { cart } = input.snapshot;
  const country = (cart.shippingAddress as { country?: unknown } | null)?.country;
  const method = input.shippingMethod;
  if (!method || method.code !== cart.shippingMethodCode || typeof country !== 'string') return null;
  return shippingPriceCents(method, {
    country,
    currency: cart.currency,
    shopCurrency: input.shopCurrency,
    discountedNetCents,
  });
}

/**
 * How the cart is taxed: the destination is the shipping address's country, the VAT id the billing
 * address's (the invoice names the buyer); before there is a shipping address, the shop's own VAT.
 */
function cartTaxRegime(input: Pick<CartPricingInput, 'snapshot' | 'terms' | 'tax'>): TaxRegime {
  const { shippingAddress, billingAddress } = input.snapshot.cart;
  const field = (address: unknown, name: string): string | null => {
    const value = (address as Record<string, unknown> | null)?.[name];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  };
  return taxRegime(
    {
      accountExcluded: input.terms.excludeTax,
      destination: field(shippingAddress, 'country'),
      billingCountry: field(billingAddress, 'country'),
      vatId: field(billingAddress, 'vatId') ?? '',
    },
    input.tax,
  );
}

/** The cart priced in cents from what view.ts read: lines, coupon, shipping and totals. */
export function pricedCart(input: CartPricingInput): PricedCart {
  const { cart } = input.snapshot;
  const { excludeTax } = input.terms;
  const regime = cartTaxRegime(input);
  const lines = priceLines(
    input.snapshot,
    input.products,
    input.locale,
    (p) => chargedRate(regime, p.taxPercent, input.tax.shopCountry),
    {
      quotes: input.quotes,
      customerId: cart.customerId,
      currency: cart.currency,
      now: input.now,
      ...(input.quoteNote ? { quoteNote: input.quoteNote } : {}),
    },
  );
  const sellable = sellableLines(lines);
  const subtotalNet = sum(sellable.map((l) => l.unitNetCents * l.quantity));
  const problem = cart.couponCode
    ? couponProblem(input.coupon, {
        now: input.now,
        subtotalNetCents: subtotalNet,
        cartCurrency: cart.currency,
        shopCurrency: input.shopCurrency,
      })
    : null;
  const activeCoupon = cart.couponCode && !problem ? input.coupon : null;
  const shipping = shippingNetCents(input, subtotalNet - couponDiscountCents(subtotalNet, activeCoupon));
  return {
    id: cart.id,
    version: cart.version,
    currency: cart.currency,
    excludeTax,
    taxRegime: regime,
    vatRateBasisPoints: standardRate(regime),
    pricesVisible: input.pricesVisible,
    lines,
    itemsQty: sum(lines.map((l) => l.quantity)),
    totals: computeTotals({
      lines: sellable,
      coupon: activeCoupon,
      shippingNetCents: shipping ?? 0,
      fallbackRate: standardRate(regime),
    }),
    coupon: cart.couponCode ? { code: cart.couponCode, status: problem ?? 'applied' } : null,
    shippingMethodCode: cart.shippingMethodCode && shipping !== null ? cart.shippingMethodCode : null,
    billingAddress: cart.billingAddress ?? null,
    shippingAddress: cart.shippingAddress ?? null,
    newUser: cart.newUser,
  };
}
