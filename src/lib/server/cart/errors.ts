// The cart's coded errors (see docs/errors.md). Messages are English fallbacks; the UI translates by code.
import { ApiError } from '../http.ts';
import {
  COUPON_MESSAGES,
  MAX_CART_LINES,
  MAX_CART_NET_CENTS,
  MAX_QUANTITY,
  type CouponProblem,
} from '#lib/cart/rules.ts';
import { LINE_ERRORS } from '#lib/cart/contract.ts';
import type { QuantityProblem, QuantityRule } from '#lib/catalog/order-quantity.ts';

export const cartOutdated = () =>
  new ApiError('CART_OUTDATED_ERROR', 'Cart info or prices are outdated. Please refresh the page.', 409);
export const cartNotFound = () =>
  new ApiError('CART_NOT_FOUND', 'There is no such cart for you. Please refresh the page.', 404);
export const lineNotFound = () => new ApiError('CART_LINE_NOT_FOUND', 'This item is no longer in your cart.', 404);
export const invalidQuantity = (allowZero = false) =>
  new ApiError(
    'INVALID_QUANTITY',
    `Quantity must be a whole number from ${allowZero ? 0 : 1} to ${MAX_QUANTITY}.`,
    400,
  );
export const lineQuantityExceeded = () =>
  new ApiError('INVALID_QUANTITY', `A cart line can hold at most ${MAX_QUANTITY} pieces.`, 400);
export const tooManyLines = () =>
  new ApiError('CART_TOO_MANY_LINES', `A cart can hold at most ${MAX_CART_LINES} different items.`, 400);
/** The cart's goods would cost more than MAX_CART_NET_CENTS (net); details carry the cap in major units. */
export const cartValueLimit = (currency: string) =>
  new ApiError(
    'CART_VALUE_LIMIT',
    `A cart's goods can cost at most ${(MAX_CART_NET_CENTS / 100).toFixed(2)} ${currency} net. Please reduce the quantities or split the order.`,
    409,
    { maxNet: MAX_CART_NET_CENTS / 100, currency },
  );
export const productNotFound = (sku: string) => new ApiError('PRODUCT_NOT_FOUND', `There is no product ${sku}.`, 404);
export const productNotPurchasable = (sku: string, why: string) =>
  new ApiError('PRODUCT_NOT_PURCHASABLE', `${sku} cannot be ordered: ${why}`, 400);
/** The stock rule (src/lib/catalog/availability.ts) says not-available: refused at once, not at 'Place order'. */
export const productNotAvailable = (sku: string, name: string) =>
  new ApiError('PRODUCT_NOT_AVAILABLE', `${name} (${sku}) is currently not available.`, 409, { skus: [sku] });
export const accessoryNotAllowed = (skus: string[]) =>
  new ApiError('ACCESSORY_NOT_ALLOWED', `Not an accessory of this product: ${skus.join(', ')}.`, 400, { skus });
/** A product whose order-quantity rule a line's quantity breaks; `name` is null where none was read. */
export interface QuantityRuleBreak {
  sku: string;
  name: string | null;
  rule: QuantityRule;
  /** UN/ECE code of what one ordered quantity is (C62 a piece, PK a pack). */
  orderUnit: string;
  problem: QuantityProblem;
}
const unitWord = (orderUnit: string) => (orderUnit === 'C62' ? 'pieces' : orderUnit === 'PK' ? 'packs' : 'units');
const ruleSentence = ({ sku, name, rule, orderUnit }: QuantityRuleBreak) => {
  const product = name && name !== sku ? `${name} (${sku})` : sku;
  return rule.step === 1
    ? `Order at least ${rule.min} ${unitWord(orderUnit)} of ${product}.`
    : `Order ${product} in steps of ${rule.step} from ${rule.min} ${unitWord(orderUnit)}.`;
};
/**
 * A quantity the products' minimum and step do not allow (src/lib/catalog/order-quantity.ts): adding,
 * changing a line, or ordering a line whose rule changed since. The message names each product and its
 * rule; details list them (`items`, as the order's item errors do, with `min` and `step`).
 */
export const quantityRuleRefused = (breaks: readonly QuantityRuleBreak[]) =>
  new ApiError('QUANTITY_RULE', breaks.map(ruleSentence).join(' '), 409, {
    skus: breaks.map((b) => b.sku),
    items: breaks.map((b) => ({
      sku: b.sku,
      name: b.name ?? b.sku,
      min: b.rule.min,
      step: b.rule.step,
      problem: b.problem,
    })),
  });
export const couponError = (problem: CouponProblem) => new ApiError(problem, COUPON_MESSAGES[problem], 400);
/** The shopper's session names a customer that does not exist (deleted meanwhile): sign in again. */
export const customerNotFound = () => new ApiError('CUSTOMER_NOT_FOUND', 'Please sign in again.', 401);

/** An error that refuses one line of several (a reorder, "add selected", a quick order) rather than the whole request. */
export type LineError = ApiError & { code: (typeof LINE_ERRORS)[number] };
export const isLineError = (error: unknown): error is LineError =>
  error instanceof ApiError && (LINE_ERRORS as readonly string[]).includes(error.code);
