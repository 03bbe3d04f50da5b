// Cart rules without I/O (see docs/cart.md): line identity, quantity limits, coupons and
// totals. Money is integer cents throughout; major units appear only at the edge (toMajor).
import { orderableAtLeast, type QuantityRule } from '../catalog/order-quantity.ts';

/**
 * Per-line quantity bounds, also the product page's picker. 9999 keeps every sum far inside
 * safe-integer range, and beyond it a typo (an extra zero or three) is likelier than an order.
 */
const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;
/**
 * Distinct lines in one cart: a guard against unbounded carts. A wholesaler's buyer uploads a quick
 * order of several hundred lines (issue 37 asks for 1,000), so the cart takes as many.
 */
export const MAX_CART_LINES = 1000;
/** Lines one bulk request may carry (My Items' "add selected", a quick order): a whole cart. */
export const MAX_BULK_LINES = 1000;
/** A bulk request's JSON body: MAX_BULK_LINES lines of a 64-character reference and a quantity. */
export const MAX_BULK_BODY_BYTES = 256 * 1024;
/** A quick order's uploaded file: far more than 1,000 lines need (an XLSX of 1,000 lines is about 20 KB, a CSV 30 KB). */
export const MAX_QUICK_ORDER_FILE_BYTES = 2 * 1024 * 1024;
/** Accessories on one line; products offer a handful. */
export const MAX_ACCESSORIES = 20;
/**
 * The most one cart's goods may cost, net, in cents of its currency: 10 million. An order keeps its
 * total in a 32-bit integer column (at most 2^31 − 1 cents, 21.4 million); with VAT and shipping on
 * top, a cart within this stays far inside it, and beyond it a typo is likelier than an order.
 */
export const MAX_CART_NET_CENTS = 1_000_000_000;
/** The largest total an order row holds (orders.grand_total_cents, a 32-bit integer). */
const MAX_ORDER_TOTAL_CENTS = 2 ** 31 - 1;

// ------------------------------------------------------------------ lines

/**
 * The accessory part of a line's identity: the SET of accessory skus, so order and repeats do not
 * matter. Sorted by code units (not locale) so every process and database agrees on the key.
 */
export function accessoriesKey(skus: readonly string[]): string {
  return normaliseAccessories(skus).join(',');
}

/** Distinct accessory skus in canonical order. */
export function normaliseAccessories(skus: readonly string[]): string[] {
  return [...new Set(skus)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A quantity a shopper may put on a line: a whole number in 1..9999 (0 too where it means "remove"). */
export function isValidQuantity(value: unknown, { allowZero = false } = {}): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= (allowZero ? 0 : MIN_QUANTITY) &&
    value <= MAX_QUANTITY
  );
}

/**
 * The quantity a line keeps when a login merge sums two carts' lines: a merge must not fail the login,
 * so rather than refuse it fits the sum to the product's quantity rule: at most MAX_QUANTITY, raised to
 * the next allowed quantity, or, where that passes MAX_QUANTITY, the largest allowed one below it. A
 * rule whose minimum is itself past MAX_QUANTITY allows nothing: the capped sum stays, and the order
 * refuses it. (src/lib/server/cart/merge.ts does this in SQL.)
 * @internal Exported for its tests.
 */
export function fitMergedQuantity(sum: number, rule: QuantityRule): number {
  const capped = Math.min(sum, MAX_QUANTITY);
  const up = orderableAtLeast(capped, rule);
  if (up <= MAX_QUANTITY) return up;
  return up - rule.step >= rule.min ? up - rule.step : capped;
}

// ------------------------------------------------------------------- money

/**
 * a * b / c rounded half up, for non-negative integers. BigInt keeps the product exact: a large B2B
 * cart times a rate in basis points can pass 2^53, where float arithmetic silently loses cents.
 */
function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (d * 2n));
}

/** VAT at `rate` basis points on a net amount in cents, rounded half up to the cent. */
const vatCents = (netCents: number, rate: number): number => (netCents <= 0 ? 0 : mulDivRound(netCents, rate, 10_000));

export const grossCents = (netCents: number, rate: number): number => netCents + vatCents(netCents, rate);

/**
 * `total` split in proportion to `weights` (non-negative), in whole cents that add up to it exactly:
 * each share rounded down, the cents left over to the largest remainders (ties to the first). With no
 * weight at all the whole amount goes to the first share.
 * @internal Exported for its tests.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sumWeights = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (sumWeights <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => BigInt(total) * BigInt(w));
  const shares = exact.map((n) => Number(n / BigInt(sumWeights)));
  let left = total - shares.reduce((s, v) => s + v, 0);
  const byRemainder = exact
    .map((n, i) => ({ i, rest: n % BigInt(sumWeights) }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** Cents to major units with exactly two decimals of meaning (1999 → 19.99). */
export const toMajor = (cents: number): number => Math.round(cents) / 100;

type CouponKind = 'percent' | 'fixed';

export interface CouponTerms {
  kind: CouponKind;
  /** Percent (10 = 10 %) or net cents, depending on kind. */
  value: number;
}

/** The net discount of a coupon on a net subtotal: never negative, never more than the subtotal. */
export function couponDiscountCents(subtotalNetCents: number, coupon: CouponTerms | null): number {
  if (!coupon || subtotalNetCents <= 0 || coupon.value <= 0) return 0;
  const raw =
    coupon.kind === 'percent' ? mulDivRound(subtotalNetCents, Math.min(coupon.value, 100), 100) : coupon.value;
  return Math.min(raw, subtotalNetCents);
}

/** Part of a piece's net price taxed at one rate (a line's product and its accessories may differ). */
export interface RatePart {
  /** VAT rate charged, in basis points (1900 = 19 %; 0 when exempt). */
  rate: number;
  unitNetCents: number;
}

interface PricedLine {
  /** Net cents for one piece, by rate: the product's effective price plus its accessories'. */
  parts: readonly RatePart[];
  quantity: number;
}

export interface TotalsInput {
  lines: readonly PricedLine[];
  coupon: CouponTerms | null;
  shippingNetCents: number;
  /** The rate shipping takes when the cart has no goods to follow (the regime's standard rate). */
  fallbackRate: number;
}

/** One rate's share of an order: what an invoice lists per rate. */
interface TaxLineCents {
  rate: number;
  /** Net goods after the coupon, plus this rate's share of shipping. */
  netCents: number;
  taxCents: number;
}

/** All amounts in cents. Field names are those of the cart's API answer; *_amount without "incl" are net. */
export interface CartTotalsCents {
  subtotal_excl_tax: number;
  subtotal_incl_tax: number;
  /** Gross subtotal after the coupon. */
  subtotal_with_discount: number;
  /** Every cart-level discount, gross (today: the coupon). */
  discount_amount: number;
  coupon_amount: number;
  coupon_incl_tax: number;
  shipping_amount: number;
  shipping_incl_tax: number;
  tax_amount: number;
  grandTotalExclTax: number;
  grandTotalIncTax: number;
  /** VAT per rate, highest rate first; their taxCents add up to tax_amount. */
  taxes: TaxLineCents[];
}

/** The cart is worth more than one order may be (prices may have risen since its pieces went in). */
export function cartValueExceeded(totals: Pick<CartTotalsCents, 'subtotal_excl_tax' | 'grandTotalIncTax'>): boolean {
  return totals.subtotal_excl_tax > MAX_CART_NET_CENTS || totals.grandTotalIncTax > MAX_ORDER_TOTAL_CENTS;
}

/** Net goods per rate, highest rate first. */
function goodsByRate(lines: readonly PricedLine[]): Map<number, number> {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    for (const part of line.parts)
      byRate.set(part.rate, (byRate.get(part.rate) ?? 0) + part.unitNetCents * line.quantity);
  }
  return new Map([...byRate].sort(([a], [b]) => b - a));
}

const sumOf = (values: Iterable<number>): number => [...values].reduce((s, v) => s + v, 0);

/**
 * Totals of a cart. VAT is computed per rate on that rate's net sum (as an invoice lists it), and the
 * gross rows are differences of sums of those, so the rows a shopper sees always add up to the grand
 * total to the cent: subtotal_incl_tax - coupon_incl_tax = subtotal_with_discount; + shipping_incl_tax
 * = grandTotalIncTax. A coupon lowers each rate's base in proportion to its goods, and shipping, a
 * service ancillary to the goods, is taxed in proportion to the goods after the coupon (so a cart of
 * 7 % and 19 % goods pays each rate on its share of shipping, as German practice allows).
 */
export function computeTotals(input: TotalsInput): CartTotalsCents {
  const goods = goodsByRate(input.lines);
  if (goods.size === 0) goods.set(input.fallbackRate, 0);
  const rates = [...goods.keys()];
  const goodsNet = [...goods.values()];
  const subtotalNet = sumOf(goodsNet);
  const couponNet = couponDiscountCents(subtotalNet, input.coupon);
  const couponShares = allocate(couponNet, goodsNet);
  const discounted = goodsNet.map((net, i) => net - couponShares[i]!);
  const shippingNet = Math.max(0, input.shippingNetCents);
  const shipping = allocate(shippingNet, discounted);
  const taxes = rates.map((rate, i) => {
    const netCents = discounted[i]! + shipping[i]!;
    return { rate, netCents, taxCents: vatCents(netCents, rate) };
  });
  const taxOn = (nets: readonly number[]) => sumOf(nets.map((net, i) => vatCents(net, rates[i]!)));

  const discountedNet = subtotalNet - couponNet;
  const grandNet = discountedNet + shippingNet;
  const subtotalGross = subtotalNet + taxOn(goodsNet);
  const discountedGross = discountedNet + taxOn(discounted);
  const taxTotal = sumOf(taxes.map((t) => t.taxCents));
  const grandGross = grandNet + taxTotal;
  return {
    subtotal_excl_tax: subtotalNet,
    subtotal_incl_tax: subtotalGross,
    subtotal_with_discount: discountedGross,
    discount_amount: subtotalGross - discountedGross,
    coupon_amount: couponNet,
    coupon_incl_tax: subtotalGross - discountedGross,
    shipping_amount: shippingNet,
    shipping_incl_tax: grandGross - discountedGross,
    tax_amount: taxTotal,
    grandTotalExclTax: grandNet,
    grandTotalIncTax: grandGross,
    taxes,
  };
}

/** Net subtotal after the coupon, in cents: what a shipping method's free-from threshold is measured against. */
export const discountedSubtotalNetCents = (t: CartTotalsCents): number => t.subtotal_excl_tax - t.coupon_amount;

type MajorTotals = Record<Exclude<keyof CartTotalsCents, 'taxes'>, number> & {
  taxes: { ratePercent: number; net: number; tax: number }[];
};

/** The same totals in major units for the response; rates in percent (19, 5.5). */
export function totalsToMajor(t: CartTotalsCents): MajorTotals {
  const { taxes, ...amounts } = t;
  return {
    ...(Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, toMajor(v)])) as Omit<MajorTotals, 'taxes'>),
    taxes: taxes.map((line) => ({
      ratePercent: line.rate / 100,
      net: toMajor(line.netCents),
      tax: toMajor(line.taxCents),
    })),
  };
}

// ----------------------------------------------------------------- coupons

export type CouponProblem =
  'COUPON_NOT_FOUND' | 'COUPON_EXPIRED' | 'COUPON_MIN_SUBTOTAL' | 'COUPON_EXHAUSTED' | 'COUPON_CURRENCY';

export interface CouponRecord extends CouponTerms {
  code: string;
  minSubtotalCents: number;
  maxRedemptions: number | null;
  redemptions: number;
  validFrom: Date | null;
  validTo: Date | null;
  isActive: boolean;
}

export interface CouponCheck {
  now: Date;
  subtotalNetCents: number;
  cartCurrency: string;
  /** Coupon amounts (fixed value, minimum subtotal) are cents of the shop's default currency. */
  shopCurrency: string;
}

/**
 * Why a coupon cannot apply to a cart right now, or null when it can. Inactive and not-yet-valid codes
 * read as unknown, so shoppers cannot probe for upcoming campaigns. Money amounts are in the shop
 * currency: a coupon that names an amount does not apply to a cart in another currency.
 */
export function couponProblem(coupon: CouponRecord | null, check: CouponCheck): CouponProblem | null {
  if (!coupon || !coupon.isActive) return 'COUPON_NOT_FOUND';
  if (coupon.validFrom && coupon.validFrom.getTime() > check.now.getTime()) return 'COUPON_NOT_FOUND';
  if (coupon.validTo && coupon.validTo.getTime() <= check.now.getTime()) return 'COUPON_EXPIRED';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'COUPON_EXHAUSTED';
  const namesAmount = coupon.kind === 'fixed' || coupon.minSubtotalCents > 0;
  if (namesAmount && check.cartCurrency !== check.shopCurrency) return 'COUPON_CURRENCY';
  if (check.subtotalNetCents < coupon.minSubtotalCents) return 'COUPON_MIN_SUBTOTAL';
  return null;
}

export const COUPON_MESSAGES: Record<CouponProblem, string> = {
  COUPON_NOT_FOUND: 'This coupon code is not valid.',
  COUPON_EXPIRED: 'This coupon code has expired.',
  COUPON_MIN_SUBTOTAL: 'The cart subtotal is below the minimum for this coupon.',
  COUPON_EXHAUSTED: 'This coupon code has already been used up.',
  COUPON_CURRENCY: 'This coupon code is not valid for the currency of your cart.',
};

/** Coupon codes are matched case-insensitively and without surrounding blanks. */
export const normaliseCouponCode = (code: string): string => code.trim().toUpperCase();

/**
 * A readable marker beside the HttpOnly guest cart cookie, holding no secret: a guest without it has
 * no cart, so the page need not ask the server for one (most visitors never add anything).
 */
export const CART_MARKER_COOKIE = 'vsf-has-cart';

export function hasCartMarker(cookieHeader: string): boolean {
  return cookieHeader.split(/;\s*/).some((c) => c === `${CART_MARKER_COOKIE}=1`);
}
