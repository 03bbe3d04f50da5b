// Checkout, order and payment contracts (see docs/checkout.md) shared by the integration layer
// (src/pages/api/checkout, orders, payments) and the typed client (src/lib/checkout/client.ts).
//
// Trust rule: no request carries a price, a total or an amount. The server prices the cart, the
// shipping and the order itself; a body with any such field fails the strict schema (400).
// Validation messages are English keys the UI translates (see CHECKOUT_MESSAGES in address.ts).
import { z } from 'astro/zod';
import { localeSchema } from '../content/schemas.ts';
import { cartResponseSchema, cartSchema, versionSchema } from '../cart/contract.ts';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { checkoutRoutes, paymentsRoutes } from './routes.ts';
import { addressSchema, countryCodeSchema, optionalText, requiredText, savedAddressSchema } from './address.ts';
import { APPROVAL_DECISIONS, APPROVAL_REASONS } from '../account/approval.ts';

const cartIdSchema = z.string().uuid().optional();

// ------------------------------------------------------------ checkout steps

/**
 * Update cart address or method: exactly one of shippingAddress, billingAddress,
 * shippingMethod. `saveAsDefault` stores the address as the signed-in customer's default (only where
 * isDefaultShippingUpdateEnabled / isDefaultBillingUpdateEnabled allow it).
 */
const updateCheckoutRequestSchema = z
  .object({
    version: versionSchema,
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
    shippingAddress: addressSchema.optional(),
    billingAddress: addressSchema.optional(),
    shippingMethod: z
      .object({ methodCode: text({ max: 64 }).trim().min(1) })
      .strict()
      .optional(),
    saveAsDefault: z.boolean().optional(),
  })
  .strict()
  .refine((b) => [b.shippingAddress, b.billingAddress, b.shippingMethod].filter((v) => v !== undefined).length === 1, {
    error: 'Send exactly one of shippingAddress, billingAddress or shippingMethod',
  });
export type UpdateCheckoutRequest = z.input<typeof updateCheckoutRequestSchema>;

/** Update checkout user: a guest asks for an account to be created with the order. */
const checkoutUserRequestSchema = z
  .object({
    version: versionSchema,
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
    newUser: z.boolean(),
    /** Required when newUser is true; hashed at once, never stored in clear. */
    userPassword: text({ max: 256 }).optional(),
  })
  .strict();
export type CheckoutUserRequest = z.input<typeof checkoutUserRequestSchema>;

const shippingMethodsRequestSchema = z
  .object({
    /** Defaults to the cart's shipping address country. */
    country: countryCodeSchema.optional(),
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
  })
  .strict();

const shippingMethodSchema = z.object({
  methodCode: z.string(),
  label: z.string(),
  /** Net and gross major units in the cart currency; 0 when free for this cart, null when prices are hidden. */
  amount: z.number().nullable(),
  amountInclTax: z.number().nullable(),
  currency: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
const shippingMethodsResponseSchema = z.object({ country: z.string(), methods: z.array(shippingMethodSchema) });

const addressesResponseSchema = z.object({ addresses: z.array(savedAddressSchema) });

// ------------------------------------------------------------------ payments

export const PAYMENT_METHOD_CODES = ['invoice', 'stripe', 'stripe-debit', 'stripe-sofort', 'paypal'] as const;
const paymentMethodCodeSchema = z.enum(PAYMENT_METHOD_CODES);
export type PaymentMethodCode = z.infer<typeof paymentMethodCodeSchema>;
/** The preselected payment method when the shop offers it. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethodCode = 'paypal';

const paymentMethodsResponseSchema = z.object({
  methods: z.array(z.object({ id: paymentMethodCodeSchema })),
  /** The default (paypal) when offered, else the first offered method. */
  defaultMethod: paymentMethodCodeSchema.nullable(),
});

/** What the browser does next to pay. */
const paymentActionSchema = z.discriminatedUnion('action', [
  /** Nothing to do (invoice, or already paid). */
  z.object({ action: z.literal('none') }),
  /** Leave for the provider's page (PayPal approval). */
  z.object({ action: z.literal('redirect'), url: z.string() }),
  /** Mount Stripe's Payment Element with this client secret, then confirmPayment with returnUrl. */
  z.object({
    action: z.literal('stripe'),
    publishableKey: z.string(),
    clientSecret: z.string(),
    jsUrl: z.string(),
    returnUrl: z.string(),
    method: z.enum(['card', 'sepa_debit', 'sofort']),
  }),
]);
export type PaymentAction = z.infer<typeof paymentActionSchema>;

// -------------------------------------------------------------------- orders

/** Where the shopper pays: in the checkout, or again later at /pay/{order}. */
const paymentFlowSchema = z.enum(['checkout', 'pay']);

export const createOrderRequestSchema = z
  .object({
    /** One key per checkout attempt: double clicks and retries after a timeout give one order. */
    idempotencyKey: z.string().uuid(),
    cartId: z.string().uuid(),
    paymentMethodCode: paymentMethodCodeSchema.default(DEFAULT_PAYMENT_METHOD),
    /**
     * The cart as the shopper last saw it: its version and its prices fingerprint, so a changed cart or
     * changed prices are refused (409). Never a price or a total: those fail the strict schema.
     */
    cart: z.object({ version: versionSchema, pricesHash: text({ max: 128 }).min(1) }).strict(),
    orderReference: optionalText(64),
    comment: optionalText(2000, { multiline: true }),
    locale: localeSchema.optional(),
  })
  .strict();
export type CreateOrderRequest = z.input<typeof createOrderRequestSchema>;

export const orderIdRequestSchema = z.object({ id: z.string().uuid(), locale: localeSchema.optional() }).strict();

export const orderCommentRequestSchema = z
  .object({
    orderId: z.string().uuid(),
    feedback: requiredText(2000, { multiline: true }),
  })
  .strict();

export const orderPaymentMethodRequestSchema = z
  .object({
    orderId: z.string().uuid(),
    paymentMethod: paymentMethodCodeSchema,
  })
  .strict();

/** Create payment for an order; the amount is the order's, never the client's. */
const createPaymentRequestSchema = z
  .object({
    orderId: z.string().uuid(),
    paymentMethodCode: paymentMethodCodeSchema,
    flow: paymentFlowSchema.default('checkout'),
    locale: localeSchema.optional(),
  })
  .strict();

/** The browser is back from the provider: the server asks the provider what happened. */
const completePaymentRequestSchema = z
  .object({
    orderId: z.string().uuid(),
    /** Stripe payment_intent id, or PayPal order id (the `token` query parameter). */
    reference: text({ max: 255 }).min(1),
    provider: z.enum(['stripe', 'paypal']),
  })
  .strict();

/** awaiting_approval: a company's order beyond a budget, not placed until an approver decides (docs/accounts.md). */
const ORDER_STATUSES = ['awaiting_approval', 'pending', 'confirmed', 'cancelled'] as const;

/** Why a company's order needed approval and what became of it; null for an order that never needed it. */
const orderApprovalSchema = z.object({
  reasons: z.array(z.enum(APPROVAL_REASONS)),
  /** Null while it waits; expired: nobody decided within the approval hold time. */
  decision: z.enum([...APPROVAL_DECISIONS, 'expired']).nullable(),
  decidedAt: z.string().nullable(),
  /** The approver's name, as the buyer is told who decided. */
  decidedBy: z.string().nullable(),
  comment: z.string().nullable(),
});
export const PAYMENT_STATUSES = ['open', 'awaiting', 'paid', 'failed'] as const;

export const orderSchema = z.object({
  id: z.string(),
  transactionnum: z.string(),
  status: z.enum(ORDER_STATUSES),
  confirmed: z.boolean(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethodCode: paymentMethodCodeSchema,
  createdDate: z.string(),
  lastModified: z.string(),
  email: z.string(),
  currency: z.string(),
  orderReference: z.string().nullable(),
  comment: z.string().nullable(),
  feedback: z.string().nullable(),
  /** True when the order belongs to a customer account (the thank-you page links to it). */
  hasAccount: z.boolean(),
  approval: orderApprovalSchema.nullable(),
  /** The cart as priced by the server when the order was placed, with addresses and shipping method. */
  cartInfo: cartSchema.extend({
    shippingMethod: z.object({ methodCode: z.string(), label: z.string() }).nullable(),
  }),
});
export type Order = z.infer<typeof orderSchema>;

export const orderResponseSchema = z.object({ order: orderSchema });
export const createOrderResponseSchema = z.object({ order: orderSchema, created: z.boolean() });
const paymentResponseSchema = z.object({ order: orderSchema, payment: paymentActionSchema });

// ---------------------------------------------------------------- operations

/** A request without parameters: still strict, so a body that sends anything is refused. */
const emptyRequestSchema = z.object({}).strict();

/** Errors of every checkout write: the cart is gone, someone else changed it, or the session ended. */
const CART_WRITE_ERRORS = ['CART_NOT_FOUND', 'CART_OUTDATED_ERROR', 'CUSTOMER_NOT_FOUND'] as const;

export const checkoutApi = {
  /**
   * Exactly one of shippingAddress, billingAddress, shippingMethod; optimistic on the cart version. A
   * missing company or guest email is VALIDATION_FAILED with the field's path in `details`.
   */
  update: operation({
    ...checkoutRoutes.update,
    request: updateCheckoutRequestSchema,
    response: cartResponseSchema,
    errors: [
      'PERMISSION_DENIED',
      ...CART_WRITE_ERRORS,
      'GUEST_CHECKOUT_DISABLED',
      'ADDRESS_NOT_FOUND',
      'ADDRESS_BOOK_FULL',
      'BILLING_MANAGEMENT_DISABLED',
      'SHIPPING_ADDRESS_REQUIRED',
      'SHIPPING_METHOD_UNAVAILABLE',
    ],
  }),
  /** A guest asks for an account with the order (newUser + password), or withdraws the wish. */
  user: operation({
    ...checkoutRoutes.user,
    request: checkoutUserRequestSchema,
    response: cartResponseSchema,
    errors: [...CART_WRITE_ERRORS, 'ALREADY_SIGNED_IN', 'REGISTRATION_DISABLED', 'TOO_MANY_ATTEMPTS', 'SERVER_BUSY'],
  }),
  /** The methods for a country (default: the cart's shipping country), priced for this cart. */
  shippingMethods: operation({
    ...checkoutRoutes.shippingMethods,
    reads: true,
    request: shippingMethodsRequestSchema,
    response: shippingMethodsResponseSchema,
    errors: ['CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'SHIPPING_ADDRESS_REQUIRED'],
  }),
  /** Only what this shop has configured. */
  paymentMethods: operation({
    ...checkoutRoutes.paymentMethods,
    reads: true,
    request: emptyRequestSchema,
    response: paymentMethodsResponseSchema,
    errors: [],
  }),
  /** The signed-in customer's saved addresses, defaults first; 401 for guests. */
  addresses: operation({
    ...checkoutRoutes.addresses,
    reads: true,
    request: emptyRequestSchema,
    response: addressesResponseSchema,
    errors: ['UNAUTHENTICATED', 'CUSTOMER_NOT_FOUND'],
  }),
};

/** What any call to a payment provider may answer: it is down, refuses our keys, the request or its state. */
const PROVIDER_ERRORS = [
  'PAYMENT_PROVIDER_UNAVAILABLE',
  'PAYMENT_PROVIDER_AUTH_FAILED',
  'PAYMENT_PROVIDER_REJECTED',
  'PAYMENT_PROVIDER_BAD_RESPONSE',
  'PAYMENT_NOT_APPROVED',
] as const;
/** Applying a provider's report: an attempt that is not this order's, or whose amount does not match it. */
const REPORT_ERRORS = ['ORDER_NOT_FOUND', 'PAYMENT_NOT_FOUND', 'PAYMENT_MISMATCH'] as const;

// Stripe's webhook (/api/payments/stripe/webhook) is no operation: Stripe, not the browser, calls it, and
// its signature covers the raw body, so it is read as such (src/lib/server/orders/handlers.ts).
export const paymentsApi = {
  /** What the browser does next to pay an order; the amount is the order's. */
  create: operation({
    ...paymentsRoutes.create,
    request: createPaymentRequestSchema,
    response: paymentResponseSchema,
    errors: [
      'PERMISSION_DENIED',
      ...REPORT_ERRORS,
      ...PROVIDER_ERRORS,
      'ORDER_CANCELLED',
      'ORDER_ALREADY_PAID',
      'ORDER_AWAITING_APPROVAL',
      'PAYMENT_METHOD_UNAVAILABLE',
    ],
  }),
  /** Back from Stripe or PayPal: the server asks the provider what happened and applies it once. */
  complete: operation({
    ...paymentsRoutes.complete,
    request: completePaymentRequestSchema,
    response: orderResponseSchema,
    errors: ['PERMISSION_DENIED', ...REPORT_ERRORS, ...PROVIDER_ERRORS, 'PAYMENT_METHOD_UNAVAILABLE'],
  }),
};
