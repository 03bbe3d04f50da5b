// Cart rules without I/O (see docs/cart.md): line identity, quantity limits, coupons and
// totals. Money is integer cents throughout; major units appear only at the edge (toMajor).
import { orderableAtLeast, type QuantityRule } from '../catalog/order-quantity.ts';

/**
 * VAT rate in basis points (1900 = 19 %). Catalogue prices are net; the shop's default market is
 * Germany, whose standard rate is 19 %. A customer flagged excludeTax (reverse charge, export) pays none.
 */
export const VAT_RATE_BASIS_POINTS = 1900;

/**
 * Per-line quantity bounds, also the product page's picker. 9999 keeps every sum far inside
 * safe-integer range, and beyond it a typo (an extra zero or three) is likelier than an order.
 */
const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;
/** Distinct lines in one cart: a guard against unbounded carts, far above any real order. */
export const MAX_CART_LINES = 100;
/** Lines one bulk request may carry (My Items' "add selected", a quick order); a cart holds at most MAX_CART_LINES anyway. */
export const MAX_BULK_LINES = 100;
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

/** VAT on a net amount in cents, rounded half up to the cent. */
function vatCents(netCents: number, excludeTax: boolean): number {
  if (excludeTax || netCents <= 0) return 0;
  return mulDivRound(netCents, VAT_RATE_BASIS_POINTS, 10_000);
}

export const grossCents = (netCents: number, excludeTax: boolean): number => netCents + vatCents(netCents, excludeTax);

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

interface PricedLine {
  /** Net cents for one piece: the product's effective price (special, else regular) plus its accessories. */
  unitNetCents: number;
  quantity: number;
}

export interface TotalsInput {
  lines: readonly PricedLine[];
  coupon: CouponTerms | null;
  shippingNetCents: number;
  excludeTax: boolean;
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
}

/** The cart is worth more than one order may be (prices may have risen since its pieces went in). */
export function cartValueExceeded(totals: Pick<CartTotalsCents, 'subtotal_excl_tax' | 'grandTotalIncTax'>): boolean {
  return totals.subtotal_excl_tax > MAX_CART_NET_CENTS || totals.grandTotalIncTax > MAX_ORDER_TOTAL_CENTS;
}

/**
 * Totals of a cart. VAT is computed once on each running net sum (as an invoice does) and the gross
 * rows are differences of those, so the rows a shopper sees always add up to the grand total to the
 * cent: subtotal_incl_tax - coupon_incl_tax = subtotal_with_discount; + shipping_incl_tax = grandTotalIncTax.
 */
export function computeTotals(input: TotalsInput): CartTotalsCents {
  const { excludeTax } = input;
  const subtotalNet = input.lines.reduce((sum, l) => sum + l.unitNetCents * l.quantity, 0);
  const couponNet = couponDiscountCents(subtotalNet, input.coupon);
  const discountedNet = subtotalNet - couponNet;
  const shippingNet = Math.max(0, input.shippingNetCents);
  const grandNet = discountedNet + shippingNet;

  const subtotalGross = grossCents(subtotalNet, excludeTax);
  const discountedGross = grossCents(discountedNet, excludeTax);
  const grandGross = grossCents(grandNet, excludeTax);
  return {
    subtotal_excl_tax: subtotalNet,
    subtotal_incl_tax: subtotalGross,
    subtotal_with_discount: discountedGross,
    discount_amount: subtotalGross - discountedGross,
    coupon_amount: couponNet,
    coupon_incl_tax: subtotalGross - discountedGross,
    shipping_amount: shippingNet,
    shipping_incl_tax: grandGross - discountedGross,
    tax_amount: grandGross - grandNet,
    grandTotalExclTax: grandNet,
    grandTotalIncTax: grandGross,
  };
}

/** Net subtotal after the coupon, in cents: what a shipping method's free-from threshold is measured against. */
export const discountedSubtotalNetCents = (t: CartTotalsCents): number => t.subtotal_excl_tax - t.coupon_amount;

/** The same totals in major units for the response. */
export function totalsToMajor(t: CartTotalsCents): Record<keyof CartTotalsCents, number> {
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, toMajor(v)])) as Record<
    keyof CartTotalsCents,
    number
  >;
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
