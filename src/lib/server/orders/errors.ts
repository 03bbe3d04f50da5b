// The order domain's coded errors. Messages are English fallbacks; the UI translates by code.
import { ApiError } from '../http.ts';

export const orderNotFound = () => new ApiError('ORDER_NOT_FOUND', 'There is no such order.', 404);
export const idempotencyKeyReused = () =>
  new ApiError('IDEMPOTENCY_KEY_REUSED', 'This order attempt belongs to another cart. Please try again.', 409);
export const emptyCart = () => new ApiError('CART_EMPTY', 'Your cart is empty.', 409);
export const checkoutIncomplete = (missing: string[]) =>
  new ApiError('CHECKOUT_INCOMPLETE', `Please complete the checkout first (${missing.join(', ')}).`, 409, { missing });
/** An item an error names: the shopper finds it in the cart by name, support by sku. */
export interface NamedItem {
  sku: string;
  name: string;
}
const itemList = (items: readonly NamedItem[]) =>
  items.map((i) => (i.name === i.sku ? i.sku : `${i.name} (${i.sku})`)).join(', ');
const itemDetails = (items: readonly NamedItem[]) => ({
  skus: items.map((i) => i.sku),
  items: items.map(({ sku, name }) => ({ sku, name })),
});

export const notPurchasable = (items: readonly NamedItem[]) =>
  new ApiError(
    'CART_NOT_PURCHASABLE',
    `Some items can no longer be ordered: ${itemList(items)}.`,
    409,
    itemDetails(items),
  );
/** Not available by the stock rule, or less stock than the order needs: the items to remove or reduce. */
export const outOfStock = (items: readonly NamedItem[]) =>
  new ApiError(
    'OUT_OF_STOCK',
    `Not enough stock for: ${itemList(items)}. Please remove or reduce these items.`,
    409,
    itemDetails(items),
  );
export const pricesHidden = () => new ApiError('PRICES_HIDDEN', 'Please log in to see prices and availability.', 403);
export const paymentMethodUnavailable = () =>
  new ApiError('PAYMENT_METHOD_UNAVAILABLE', 'This payment method is not available.', 400);
export const paymentRequired = () =>
  new ApiError('PAYMENT_REQUIRED', 'The order can be confirmed once the payment went through.', 409);
export const orderAlreadyPaid = () => new ApiError('ORDER_ALREADY_PAID', 'This order has already been paid.', 409);
export const orderCancelled = () => new ApiError('ORDER_CANCELLED', 'This order has been cancelled.', 409);
export const paymentNotFound = () => new ApiError('PAYMENT_NOT_FOUND', 'There is no such payment for this order.', 404);
export const paymentMismatch = () =>
  new ApiError('PAYMENT_MISMATCH', 'The payment does not match the order. Nothing was applied.', 409);

// The order caps (limits.ts). Details carry the cap so a client can say it; amounts in major units, as
// every answer carries money.
export const orderValueLimit = (maxCents: number, currency: string) =>
  new ApiError(
    'ORDER_VALUE_LIMIT',
    `Orders above ${(maxCents / 100).toFixed(2)} ${currency} cannot be placed online. Please split the order or contact us.`,
    409,
    { maxTotal: maxCents / 100, currency },
  );
export const orderQuantityLimit = (maxPieces: number) =>
  new ApiError(
    'ORDER_QUANTITY_LIMIT',
    `Orders of more than ${maxPieces} pieces cannot be placed online. Please reduce the quantities or contact us.`,
    409,
    { maxPieces },
  );
/** Too many open unpaid orders; Retry-After says when the oldest one stops counting. */
export const tooManyOpenOrders = (maxOpenOrders: number, retryAfterSeconds: number) =>
  new ApiError(
    'TOO_MANY_OPEN_ORDERS',
    'There are too many unpaid orders from you. Please pay an open order or try again later.',
    429,
    { maxOpenOrders, retryAfter: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

// Payment on account (credit.ts). Details carry the figures in major units, as every answer carries money,
// so the checkout can name them in the shopper's language.
export const creditLimitExceeded = (
  standing: { limitCents: number; balanceCents: number; currency: string },
  orderCents: number,
) => {
  const amount = (cents: number) => `${(cents / 100).toFixed(2)} ${standing.currency}`;
  const { limitCents } = standing;
  return new ApiError(
    'CREDIT_LIMIT_EXCEEDED',
    `This order of ${amount(orderCents)} on invoice would exceed your company's credit limit of ${amount(limitCents)}: ` +
      `${amount(standing.balanceCents)} is still open. Please choose another payment method or contact us.`,
    409,
    {
      creditLimit: limitCents / 100,
      openBalance: standing.balanceCents / 100,
      orderTotal: orderCents / 100,
      currency: standing.currency,
    },
  );
};
export const creditCurrency = (currency: string) =>
  new ApiError(
    'CREDIT_CURRENCY',
    `Your company buys on invoice in ${currency}. Please switch the shop to ${currency} or choose another payment method.`,
    409,
    { currency },
  );
// Budgets and approval (src/lib/account/approval.ts).
export const orderAwaitingApproval = () =>
  new ApiError(
    'ORDER_AWAITING_APPROVAL',
    'This order is waiting for approval in your company. It can be paid once it is approved.',
    409,
  );
export const orderNotAwaitingApproval = () =>
  new ApiError('ORDER_NOT_AWAITING_APPROVAL', 'This order is not waiting for approval (any more).', 409);
export const selfApproval = () =>
  new ApiError('SELF_APPROVAL', 'You cannot decide on your own order while a colleague can.', 403);
