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
export const couponError = (problem: CouponProblem) => new ApiError(problem, COUPON_MESSAGES[problem], 400);
/** The shopper's session names a customer that does not exist (deleted meanwhile): sign in again. */
export const customerNotFound = () => new ApiError('CUSTOMER_NOT_FOUND', 'Please sign in again.', 401);

/** An error that refuses one line of several (a reorder, "add selected", a quick order) rather than the whole request. */
export type LineError = ApiError & { code: (typeof LINE_ERRORS)[number] };
export const isLineError = (error: unknown): error is LineError =>
  error instanceof ApiError && (LINE_ERRORS as readonly string[]).includes(error.code);
