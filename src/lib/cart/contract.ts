// Cart contracts shared by the integration layer and the typed client (see docs/cart.md).
// Requests are strict: an unknown field, and so any price or total a client might send, is rejected.
// Prices are never taken from a request; the server prices every line itself.
import { z } from 'astro/zod';
import { TAX_NOTES_TUPLE } from '../tax/notes.ts';
import { MAX_ACCESSORIES, MAX_QUANTITY } from './rules.ts';
import { customAttributeSchema, priceInfoSchema, stockSchema } from '../catalog/contract.ts';
import { localeSchema } from '../content/schemas.ts';
import { operation } from '../http/contract.ts';
import { int, text } from '../http/fields.ts';
import { cartRoutes } from './routes.ts';

/** The cart version the client last saw (optimistic concurrency). */
export const versionSchema = int({ min: 1 });
export const skuSchema = text({ max: 64 }).trim().min(1);
const lineIdSchema = z.string().uuid();
/** Optional: when sent it must be the shopper's current cart, else 404 CART_NOT_FOUND. */
const cartIdSchema = z.string().uuid().optional();
const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`;

const createCartRequestSchema = z
  .object({
    locale: localeSchema.optional(),
  })
  .strict();

const getCartRequestSchema = z
  .object({
    locale: localeSchema.optional(),
    cartId: cartIdSchema,
  })
  .strict();

/**
 * Add to cart. With `version`: optimistic (stale → 409 CART_OUTDATED_ERROR). Without: the product page
 * mode, serialised on the server so parallel adds never lose quantity.
 */
const addToCartRequestSchema = z
  .object({
    sku: skuSchema,
    quantity: z
      .number({ message: quantityMessage })
      .int({ message: quantityMessage })
      .min(1, { message: quantityMessage })
      .max(MAX_QUANTITY, { message: quantityMessage }),
    accessories: z.array(skuSchema).max(MAX_ACCESSORIES).optional(),
    version: versionSchema.optional(),
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
  })
  .strict();

const removeFromCartRequestSchema = z
  .object({
    lineId: lineIdSchema,
    version: versionSchema,
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
  })
  .strict();

/** Quantity 0 removes the line. */
const updateQuantityRequestSchema = z
  .object({
    lineId: lineIdSchema,
    quantity: z
      .number({ message: quantityMessage })
      .int({ message: quantityMessage })
      .min(0, { message: quantityMessage })
      .max(MAX_QUANTITY, { message: quantityMessage }),
    version: versionSchema,
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
  })
  .strict();

const deleteCartRequestSchema = z
  .object({
    version: versionSchema,
    cartId: cartIdSchema,
  })
  .strict();

/** An empty (or blank) code removes the coupon. */
const couponRequestSchema = z
  .object({
    code: text({ max: 64 }),
    version: versionSchema,
    cartId: cartIdSchema,
    locale: localeSchema.optional(),
  })
  .strict();

// ---------------------------------------------------------------- responses

const cartLinePriceSchema = z.object({
  /** Net major units for one piece of the line, accessories included; null when prices are hidden. */
  regular: z.number().nullable(),
  special: z.number().nullable(),
});

const selectedAccessorySchema = z.object({
  itemnum: z.string(),
  name: z.string(),
  /** Net major units per piece (special price if any); null when prices are hidden. */
  price: z.number().nullable(),
  /** The VAT rate charged on it, in percent (orders placed before rates were split lack it). */
  taxRatePercent: z.number().nullable().default(null),
});

const availabilitySchema = z.enum(['available', 'limited', 'limit-overflow', 'not-available']);

const cartItemSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  itemnum: z.string(),
  /**
   * The buyer's company's own number for the product (its material number); null when it keeps none.
   * Orders placed before there were such numbers stored their lines without it: they read as null.
   */
  customerItemNumber: z.string().nullable().default(null),
  /**
   * The accepted quote the line came from: its price applies (`applies`) while the quote is accepted,
   * its last day (`validUntil`, YYYY-MM-DD) has not passed and the quantity is the quoted one; else the
   * line has its list price. Null for other lines, and for orders placed before there were quotes.
   */
  quote: z
    .object({
      number: z.string(),
      validUntil: z.string().nullable(),
      applies: z.boolean(),
      /** What the line says about it, in the cart's language ("Quoted price: quote Q1001, valid until …"). */
      note: z.string().default(''),
    })
    .nullable()
    .default(null),
  quantity: z.number().int(),
  /** What one of `quantity` is: a UN/ECE unit code (C62 piece, PK pack, MTR metre). */
  orderUnit: z.string().default('C62'),
  /** The VAT rate charged on the product itself, in percent (its accessories have theirs). */
  taxRatePercent: z.number().nullable().default(null),
  price: cartLinePriceSchema,
  /** The product's own catalogue price (without accessories), as the price list reports it. */
  priceInfo: priceInfoSchema.nullable(),
  /** Net line total (unit price incl. accessories × quantity), and the same with VAT. */
  rowTotal: z.number().nullable(),
  rowTotalInclTax: z.number().nullable(),
  stock: stockSchema.nullable(),
  /** Availability of the line's quantity (see docs/stock.md); null when hidden from this shopper. */
  availability: availabilitySchema.nullable(),
  /** False when the product or an accessory is no longer sold (inactive, no price): not in the totals. */
  purchasable: z.boolean(),
  /** The product's order-quantity rule: at least `min`, then in steps of `step` (accessories keep theirs too). */
  quantityRule: z.object({ min: z.number().int(), step: z.number().int() }),
  /**
   * Why the line's quantity breaks the rule of its product or of an accessory (changed since the line
   * was filled), else null. Such a line stays in the totals, but the order is refused (QUANTITY_RULE).
   */
  quantityProblem: z.enum(['below-minimum', 'off-step']).nullable(),
  included: z.array(z.object({ itemnum: z.string(), name: z.string() })),
  custom_attributes: z.array(customAttributeSchema),
  /** Misspelt on purpose (a public field name clients rely on): the accessories of this line, keyed by sku. */
  selectedAddtionalProducts: z.record(z.string(), selectedAccessorySchema),
});
export type CartItem = z.infer<typeof cartItemSchema>;

const cartTotalsSchema = z.object({
  subtotal_excl_tax: z.number(),
  subtotal_incl_tax: z.number(),
  subtotal_with_discount: z.number(),
  discount_amount: z.number(),
  coupon_amount: z.number(),
  coupon_incl_tax: z.number(),
  shipping_amount: z.number(),
  shipping_incl_tax: z.number(),
  tax_amount: z.number(),
  grandTotalExclTax: z.number(),
  grandTotalIncTax: z.number(),
  /**
   * VAT per rate (highest first), what an invoice lists: the net it is charged on (goods after the
   * coupon and the rate's share of shipping) and the tax. Orders placed before rates were split lack it.
   */
  taxes: z.array(z.object({ ratePercent: z.number(), net: z.number(), tax: z.number() })).default([]),
});

const couponStatusSchema = z.enum([
  'applied',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_MIN_SUBTOTAL',
  'COUPON_EXHAUSTED',
  'COUPON_CURRENCY',
]);

export const cartSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  currency: z.string(),
  cartItems: z.array(cartItemSchema),
  /** Sum of the line quantities (the header badge). */
  items_qty: z.number().int(),
  couponCode: z.string().nullable(),
  /** 'applied', or why the stored coupon does not apply any more (then it gives no discount). */
  couponStatus: couponStatusSchema.nullable(),
  billingAddress: z.unknown().nullable(),
  shippingAddress: z.unknown().nullable(),
  shippingMethod: z.object({ methodCode: z.string() }).nullable(),
  newUser: z.boolean(),
  /** The customer is flagged excludeTax: no VAT, and the UI shows the account-excluded note. */
  displayExcludingTaxes: z.boolean(),
  /** The standard VAT rate the cart is charged, in percent: 0 when no VAT applies (see taxNote). */
  vatRatePercent: z.number(),
  /**
   * Why VAT is charged as it is, decided with the tax itself (src/lib/tax/regime.ts): null for the
   * ordinary domestic VAT. Orders placed before the regime was stored lack it.
   */
  taxNote: z.enum(TAX_NOTES_TUPLE).nullable().default(null),
  pricesVisible: z.boolean(),
  /** Major units; null when the shopper may not see prices. */
  totals: cartTotalsSchema.nullable(),
  /**
   * Fingerprint of every price and total behind this view (an opaque hash, not a price). Create order
   * sends back the one the shopper saw; a catalogue price change since then is refused with
   * CART_OUTDATED_ERROR even though the cart itself (and its version) did not change.
   */
  pricesHash: z.string(),
});
export type Cart = z.infer<typeof cartSchema>;

export const cartResponseSchema = z.object({ cart: cartSchema });
const maybeCartResponseSchema = z.object({ cart: cartSchema.nullable() });
const deletedCartResponseSchema = z.object({ cart: z.null() });

// ---------------------------------------------------------------- operations

/** Errors of every change to an existing cart: it is gone, someone else changed it, or the session ended. */
const CHANGE_ERRORS = ['CART_NOT_FOUND', 'CART_OUTDATED_ERROR', 'CUSTOMER_NOT_FOUND'] as const;
/** Why a line cannot be added (also what a reorder reports per line). */
export const LINE_ERRORS = [
  'INVALID_QUANTITY',
  'CART_TOO_MANY_LINES',
  'PRODUCT_NOT_FOUND',
  'PRODUCT_NOT_PURCHASABLE',
  'PRODUCT_NOT_AVAILABLE',
  'ACCESSORY_NOT_ALLOWED',
  'CART_VALUE_LIMIT',
  'QUANTITY_RULE',
] as const;

export const cartApi = {
  /** The shopper's active cart, created when missing (a guest gets the HttpOnly vsf-cart cookie). Idempotent. */
  create: operation({
    ...cartRoutes.create,
    request: createCartRequestSchema,
    response: cartResponseSchema,
    errors: ['CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND'],
  }),
  /** The shopper's cart, or { cart: null } when there is none yet. */
  get: operation({
    ...cartRoutes.get,
    reads: true,
    request: getCartRequestSchema,
    response: maybeCartResponseSchema,
    errors: ['CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND'],
  }),
  /** The same read as a plain GET with ?locale= (and ?cartId=). */
  getByQuery: operation({
    ...cartRoutes.getByQuery,
    request: getCartRequestSchema,
    response: maybeCartResponseSchema,
    errors: ['CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND'],
  }),
  /** Without `version` the add is serialised on the server and never answers CART_OUTDATED_ERROR. */
  add: operation({
    ...cartRoutes.add,
    request: addToCartRequestSchema,
    response: cartResponseSchema,
    errors: [...CHANGE_ERRORS, ...LINE_ERRORS],
  }),
  remove: operation({
    ...cartRoutes.remove,
    request: removeFromCartRequestSchema,
    response: cartResponseSchema,
    errors: [...CHANGE_ERRORS, 'CART_LINE_NOT_FOUND'],
  }),
  /** Quantity 0 removes the line. */
  quantity: operation({
    ...cartRoutes.quantity,
    request: updateQuantityRequestSchema,
    response: cartResponseSchema,
    errors: [...CHANGE_ERRORS, 'CART_LINE_NOT_FOUND', 'INVALID_QUANTITY', 'CART_VALUE_LIMIT', 'QUANTITY_RULE'],
  }),
  /** An empty code removes the coupon. */
  coupon: operation({
    ...cartRoutes.coupon,
    request: couponRequestSchema,
    response: cartResponseSchema,
    errors: [
      ...CHANGE_ERRORS,
      'COUPON_NOT_FOUND',
      'COUPON_EXPIRED',
      'COUPON_MIN_SUBTOTAL',
      'COUPON_EXHAUSTED',
      'COUPON_CURRENCY',
    ],
  }),
  /** Never retried on a newer version: the shopper has not seen what they would delete. */
  delete: operation({
    ...cartRoutes.delete,
    request: deleteCartRequestSchema,
    response: deletedCartResponseSchema,
    errors: CHANGE_ERRORS,
  }),
};
