// Order contracts: create, confirm and get order, order comment and payment method, orders and
// order count. The order's own schemas live beside the checkout's, which place it.
import { z } from 'astro/zod';
import { PAGE_SIZES } from '../catalog/listing.ts';
import {
  createOrderRequestSchema,
  createOrderResponseSchema,
  orderCommentRequestSchema,
  orderIdRequestSchema,
  orderPaymentMethodRequestSchema,
  orderResponseSchema,
  orderSchema,
} from '../checkout/contract.ts';
import { operation } from '../http/contract.ts';
import { cartSchema, LINE_ERRORS } from '../cart/contract.ts';
import { ordersRoutes } from './routes.ts';

/** More than a page of the account's order list ever asks for, few enough to stay one cheap query. */
const ORDER_LIST_MAX_LIMIT = 50;

const orderListRequestSchema = z
  .object({
    limit: z.number().int().min(1).max(ORDER_LIST_MAX_LIMIT).default(PAGE_SIZES.orders),
    offset: z.number().int().min(0).max(1_000_000_000).default(0),
  })
  .strict();

/** One page of the signed-in customer's orders, newest first, and how many there are in all. */
const orderListResponseSchema = z.object({
  orders: z.array(orderSchema),
  count: z.number().int().min(0),
});
export type OrderList = z.infer<typeof orderListResponseSchema>;

/**
 * A reorder: the cart with every line of the order that could be added again (at today's prices, the
 * server's), and the lines that could not, each with the reason a cart add gave.
 */
const reorderResponseSchema = z.object({
  cart: cartSchema.nullable(),
  added: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  refused: z.array(z.object({ sku: z.string(), name: z.string(), code: z.enum(LINE_ERRORS) })),
});
export type ReorderResult = z.infer<typeof reorderResponseSchema>;

// ---------------------------------------------------------------- operations

/** Changing an order's payment method: the order is gone, already paid, or cancelled. */
const UNPAID_ORDER_ERRORS = ['ORDER_NOT_FOUND', 'ORDER_ALREADY_PAID', 'ORDER_CANCELLED'] as const;

export const ordersApi = {
  /**
   * Idempotent per idempotencyKey: a retry answers the first attempt's order with created: false.
   * Prices, stock and the coupon are checked on the server; a missing billing email is VALIDATION_FAILED.
   */
  create: operation({
    ...ordersRoutes.create,
    request: createOrderRequestSchema,
    response: createOrderResponseSchema,
    errors: [
      'PERMISSION_DENIED',
      'CART_NOT_FOUND',
      'CART_OUTDATED_ERROR',
      'CUSTOMER_NOT_FOUND',
      'IDEMPOTENCY_KEY_REUSED',
      'CART_EMPTY',
      'PRICES_HIDDEN',
      'CHECKOUT_INCOMPLETE',
      'CART_NOT_PURCHASABLE',
      'OUT_OF_STOCK',
      'QUANTITY_RULE',
      'GUEST_CHECKOUT_DISABLED',
      'PAYMENT_METHOD_UNAVAILABLE',
      'TOO_MANY_ATTEMPTS',
      'COUPON_NOT_FOUND',
      'COUPON_EXPIRED',
      'COUPON_MIN_SUBTOTAL',
      'COUPON_EXHAUSTED',
      'COUPON_CURRENCY',
      'ORDER_VALUE_LIMIT',
      'ORDER_QUANTITY_LIMIT',
      'TOO_MANY_OPEN_ORDERS',
      'CART_VALUE_LIMIT',
      'CREDIT_LIMIT_EXCEEDED',
      'CREDIT_CURRENCY',
    ],
  }),
  /** pending → confirmed once the payment allows it; a confirmed order is answered unchanged. */
  confirm: operation({
    ...ordersRoutes.confirm,
    request: orderIdRequestSchema,
    response: orderResponseSchema,
    errors: ['PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'PAYMENT_REQUIRED', 'ORDER_CANCELLED', 'ORDER_AWAITING_APPROVAL'],
  }),
  /**
   * The signed-in owner's order, or a guest order whose access secret the browser holds (its HttpOnly
   * cookie); anything else is ORDER_NOT_FOUND, exactly as for a made-up id (src/lib/server/orders/access.ts).
   */
  get: operation({
    ...ordersRoutes.get,
    reads: true,
    request: orderIdRequestSchema,
    response: orderResponseSchema,
    errors: ['ORDER_NOT_FOUND'],
  }),
  /** The company's orders the signed-in user may see (all, or their own: src/lib/account/roles.ts), newest first; 401 for guests. */
  list: operation({
    ...ordersRoutes.list,
    reads: true,
    request: orderListRequestSchema,
    response: orderListResponseSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  /** The shopper's feedback from the thank-you page. */
  comment: operation({
    ...ordersRoutes.comment,
    request: orderCommentRequestSchema,
    response: orderResponseSchema,
    errors: ['PERMISSION_DENIED', 'ORDER_NOT_FOUND'],
  }),
  /** Puts a past order's lines into the cart again; the signed-in owner's orders only (404 otherwise). */
  reorder: operation({
    ...ordersRoutes.reorder,
    request: orderIdRequestSchema,
    response: reorderResponseSchema,
    errors: ['PERMISSION_DENIED', 'UNAUTHENTICATED', 'ORDER_NOT_FOUND', 'CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND'],
  }),
  /** Changes how an unpaid order will be paid; only offered methods. */
  paymentMethod: operation({
    ...ordersRoutes.paymentMethod,
    request: orderPaymentMethodRequestSchema,
    response: orderResponseSchema,
    errors: ['PERMISSION_DENIED', ...UNPAID_ORDER_ERRORS, 'PAYMENT_METHOD_UNAVAILABLE'],
  }),
};
