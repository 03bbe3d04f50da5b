// The priced cart: what the server charges for a cart, in integer cents, and what each line shows.
// Server code that needs an amount (checkout, orders, payments) reads it from here; only the response
// edge (response.ts) turns cents into the major units a browser displays. The arithmetic is pure:
// view.ts reads the inputs from the database and hands them to `pricedCart`, so it is tested without I/O.
import {
  computeTotals,
  couponDiscountCents,
  couponProblem,
  grossCents,
  type CartTotalsCents,
  type CouponProblem,
  type CouponRecord,
  type RatePart,
} from '#lib/cart/rules.ts';
import { chargedRate, standardRate, taxRegime, type TaxRegime, type TaxSettings } from '#lib/tax/regime.ts';
import { byAttributeOrder } from '#lib/catalog/product.ts';
import type { CustomAttribute, Stock } from '#lib/catalog/contract.ts';
import { shippingPriceCents, type ShippingMethodRecord } from '#lib/checkout/shipping.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { LocalizedText } from '../db/schema.ts';
import { formatQuantity } from '#lib/i18n/format.ts';
import { intlTag } from '#lib/i18n/translate.ts';
import { bestPriceFor, type BestPrice, type TieredListPrice } from '#lib/catalog/best-price.ts';
import { ANY_QUANTITY, type QuantityRule } from '#lib/catalog/order-quantity.ts';
import type { QuantityRuleBreak } from './errors.ts';
import { effectiveCents, type CustomerTerms, type UnitPrice } from './pricing.ts';
import { quantityRuleBreaks, ruledProduct } from './quantity-rules.ts';
import type { CartLineRow, CartSnapshot } from './queries.ts';

// ------------------------------------------------------------------ inputs

interface CartProductAttribute {
  code: string;
  labels: LocalizedText;
  position: number;
  location: string;
  isHtml: boolean;
  unit: string | null;
  value: string;
  optionLabels: LocalizedText | null;
  image: string | null;
}

/** One product of the cart (a line's product or an accessory) as read for pricing and display. */
export interface CartProduct {
  id: number;
  sku: string;
  itemnum: string;
  image: string | null;
  name: string;
  isActive: boolean;
  hidePrices: boolean;
  hasStock: boolean;
  effective: number | null;
  external: number | null;
  marked: boolean | null;
  /**
   * Net cents with price breaks, of the public list and of the owner's own, in the cart currency;
   * null where the list has no price for it.
   */
  publicPrice: TieredListPrice | null;
  contractPrice: TieredListPrice | null;
  /** The catalogue's VAT rate in percent (7, 19); null: the shop's standard rate. */
  taxPercent: number | null;
  /** The order-quantity rule (src/lib/catalog/order-quantity.ts) and what one ordered quantity is. */
  minQuantity: number;
  quantityStep: number;
  orderUnit: string;
  included: { itemnum: string; names: LocalizedText }[];
  attributes: CartProductAttribute[];
}

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
  now: Date;
}

// ------------------------------------------------------------------ the model

interface PricedAccessory {
  sku: string;
  itemnum: string;
  name: string;
  /** Net cents per piece at the line's quantity (special or tier price if any); null without a price. */
  unitNetCents: number | null;
  /** The VAT rate charged on it, in basis points. */
  rate: number;
}

/** A product's price for a line's quantity, and which price that is (best-price rule). */
interface LinePrice extends UnitPrice {
  source: BestPrice['source'];
}

export interface PricedCartLine {
  id: string;
  sku: string;
  quantity: number;
  name: string;
  image: string | null;
  itemnum: string;
  /** The product's order unit (UN/ECE code). */
  orderUnit: string;
  /** The VAT rate charged on the product itself, in basis points. */
  rate: number;
  /**
   * False when the product or an accessory can no longer be sold (inactive, prices hidden, no price in
   * the cart currency): then every amount of the line is null and the line is not in the totals.
   */
  purchasable: boolean;
  /** Net cents per piece, accessories included, at the prices for the line's quantity (special, tier, contract). */
  unitNetCents: number | null;
  /** unitNetCents by the VAT rate charged on each part (product, accessories); empty when not purchasable. */
  rateParts: RatePart[];
  unitGrossCents: number | null;
  /** The same piece at regular prices only (what a special price is shown against). */
  unitRegularNetCents: number | null;
  /** A special, tier or contract price of the product or of an accessory lowers the unit price. */
  hasSpecialPrice: boolean;
  /** unitNetCents × quantity. */
  rowNetCents: number | null;
  /** VAT on the row's net (not unit gross × quantity), rounded once, as the totals do. */
  rowGrossCents: number | null;
  /** The product's own price (no accessories) for the line's quantity; null when it has none or hides its prices. */
  catalogPrice: LinePrice | null;
  /** The product's own quantity rule (its accessories have theirs). */
  quantityRule: QuantityRule;
  /**
   * The product and accessories whose rule the line's quantity breaks (a rule changed since the line
   * was filled): such a line is priced and counted, but cannot be ordered until its quantity is changed.
   */
  quantityRuleBreaks: QuantityRuleBreak[];
  /** Null when the product keeps no stock record. */
  stock: Stock | null;
  included: { itemnum: string; name: string }[];
  attributes: CustomAttribute[];
  accessories: PricedAccessory[];
}

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

const localized = (text: LocalizedText | null, locale: Locale, fallback: string): string =>
  text?.[locale] ?? text?.de ?? Object.values(text ?? {})[0] ?? fallback;

function presentation(product: CartProduct | undefined, locale: Locale) {
  if (!product) return { included: [], attributes: [] };
  const included = product.included.map((i) => ({ itemnum: i.itemnum, name: localized(i.names, locale, i.itemnum) }));
  const attributes = product.attributes
    .map((row): CustomAttribute => ({
      attribute_code: row.code,
      label: localized(row.labels, locale, row.code),
      value: row.value,
      valueLabel: row.optionLabels
        ? localized(row.optionLabels, locale, row.value)
        : row.unit
          ? formatQuantity(intlTag(locale), row.value, row.unit)
          : row.value,
      image: row.image,
      position: row.position,
      location: row.location,
      html: row.isHtml,
    }))
    .sort(byAttributeOrder);
  return { included, attributes };
}

/** What a piece of `p` costs when `quantity` pieces are bought: tiers of both lists join the best-price rule. */
function priceOf(p: CartProduct | undefined, quantity: number): LinePrice | undefined {
  const best = p ? bestPriceFor(p.publicPrice, p.contractPrice, quantity) : null;
  return best ? { regularCents: best.regular, specialCents: best.special, source: best.source } : undefined;
}
const sellable = (p: CartProduct | undefined, price: UnitPrice | undefined): price is UnitPrice =>
  p !== undefined && p.isActive && !p.hidePrices && price !== undefined;
const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/** A piece's net by rate: its product's and accessories' effective prices, summed per rate charged. */
function ratePartsOf(
  priced: readonly (readonly [CartProduct, UnitPrice])[],
  rateOf: (product: CartProduct) => number,
): RatePart[] {
  const byRate = new Map<number, number>();
  for (const [product, price] of priced) {
    const rate = rateOf(product);
    byRate.set(rate, (byRate.get(rate) ?? 0) + effectiveCents(price));
  }
  return [...byRate].map(([rate, unitNetCents]) => ({ rate, unitNetCents }));
}

/** Gross cents of `quantity` pieces: VAT rounded once per rate on the row's net, as the totals do. */
const grossOf = (parts: readonly RatePart[], quantity: number): number =>
  sum(parts.map((p) => grossCents(p.unitNetCents * quantity, p.rate)));

function priceLine(
  line: CartLineRow,
  products: { byId: Map<number, CartProduct>; bySku: Map<string, CartProduct> },
  locale: Locale,
  rateOf: (product: CartProduct) => number,
): PricedCartLine {
  const product = products.byId.get(line.productId);
  const price = priceOf(product, line.quantity);
  // An accessory comes with every piece of the line: its price breaks count at the line's quantity.
  const accessories = line.accessorySkus.map((sku) => {
    const accessory = products.bySku.get(sku.toLowerCase());
    return { sku, product: accessory, price: priceOf(accessory, line.quantity) };
  });
  const ruled = [product, ...accessories.map((a) => a.product)].flatMap((p) => (p ? [ruledProduct(p)] : []));
  const ok = sellable(product, price) && accessories.every((a) => sellable(a.product, a.price));
  const accessoryPrices = ok ? accessories.map((a) => a.price!) : [];
  const rateParts = ok
    ? ratePartsOf([[product!, price!], ...accessories.map((a) => [a.product!, a.price!] as const)], rateOf)
    : [];
  const unitNetCents = ok ? sum(rateParts.map((p) => p.unitNetCents)) : null;
  const rowNetCents = unitNetCents === null ? null : unitNetCents * line.quantity;
  const { included, attributes } = presentation(product, locale);
  return {
    id: line.id,
    sku: line.sku,
    quantity: line.quantity,
    name: product?.name ?? line.sku,
    image: product?.image ?? null,
    itemnum: product?.itemnum ?? line.sku,
    orderUnit: product?.orderUnit ?? 'C62',
    rate: product ? rateOf(product) : 0,
    purchasable: ok,
    unitNetCents,
    rateParts,
    unitGrossCents: unitNetCents === null ? null : grossOf(rateParts, 1),
    unitRegularNetCents: ok ? price!.regularCents + sum(accessoryPrices.map((p) => p.regularCents)) : null,
    hasSpecialPrice: ok && [price!, ...accessoryPrices].some((p) => p.specialCents !== null),
    rowNetCents,
    rowGrossCents: rowNetCents === null ? null : grossOf(rateParts, line.quantity),
    catalogPrice: price && product && !product.hidePrices ? price : null,
    quantityRule: product ? ruledProduct(product).rule : ANY_QUANTITY,
    quantityRuleBreaks: quantityRuleBreaks(ruled, line.quantity),
    stock: product?.hasStock
      ? {
          effectivestock: product.effective ?? 0,
          externalstock: product.external ?? 0,
          markedInStock: product.marked ?? false,
        }
      : null,
    included,
    attributes,
    accessories: accessories.map((a) => ({
      sku: a.sku,
      itemnum: a.product?.itemnum ?? a.sku,
      name: a.product?.name ?? a.sku,
      unitNetCents: a.price ? effectiveCents(a.price) : null,
      rate: a.product ? rateOf(a.product) : 0,
    })),
  };
}

/** Every line of a snapshot priced from its products (purchasable or not), in the snapshot's order. */
export function priceLines(
  snapshot: CartSnapshot,
  products: readonly CartProduct[],
  locale: Locale,
  rateOf: (product: CartProduct) => number,
): PricedCartLine[] {
  const index = {
    byId: new Map(products.map((p) => [p.id, p])),
    bySku: new Map(products.map((p) => [p.sku.toLowerCase(), p])),
  };
  return snapshot.lines.map((line) => priceLine(line, index, locale, rateOf));
}

/** The lines that count for the totals: purchasable ones, as computeTotals takes them. */
export const sellableLines = (lines: readonly PricedCartLine[]) =>
  lines.flatMap((l) =>
    l.unitNetCents === null ? [] : [{ unitNetCents: l.unitNetCents, parts: l.rateParts, quantity: l.quantity }],
  );

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
  const lines = priceLines(input.snapshot, input.products, input.locale, (p) =>
    chargedRate(regime, p.taxPercent, input.tax.shopCountry),
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
