// Contracts of the cart's bulk operations, for buyers who order by the list rather than by the page:
// adding several lines in one request (My Items' "add selected", a quick order's valid lines) and
// resolving typed or pasted item numbers before anything is added (the quick order's preview).
// Like every cart request they carry no price: the server prices and checks every line itself.
import { z } from 'astro/zod';
import { priceListEntrySchema } from '../catalog/contract.ts';
import { localeSchema } from '../content/schemas.ts';
import { operation } from '../http/contract.ts';
import { MAX_BULK_BODY_BYTES, MAX_BULK_LINES, MAX_QUANTITY } from './rules.ts';
import { cartSchema, LINE_ERRORS, skuSchema } from './contract.ts';
import { bulkCartRoutes } from './routes.ts';

const quantitySchema = z.number().int().min(1).max(MAX_QUANTITY);

const addManyRequestSchema = z
  .object({
    lines: z
      .array(z.object({ sku: skuSchema, quantity: quantitySchema }).strict())
      .min(1)
      .max(MAX_BULK_LINES),
    cartId: z.string().uuid().optional(),
    locale: localeSchema.optional(),
  })
  .strict();

const lineRefusalSchema = z.object({ sku: z.string(), code: z.enum(LINE_ERRORS) });
export type LineRefusal = z.infer<typeof lineRefusalSchema>;

/**
 * The cart after the write (null when nothing could be added and the shopper has no cart), what went
 * in, and each refused line with the reason a single add would give.
 */
const addManyResponseSchema = z.object({
  cart: cartSchema.nullable(),
  added: z.array(z.object({ sku: z.string(), quantity: z.number().int() })),
  refused: z.array(lineRefusalSchema),
});
export type AddManyResult = z.infer<typeof addManyResponseSchema>;

/** An item number or sku as typed or pasted, with its quantity. */
const resolveLinesRequestSchema = z
  .object({
    lines: z
      .array(z.object({ ref: skuSchema, quantity: quantitySchema }).strict())
      .min(1)
      .max(MAX_BULK_LINES),
    locale: localeSchema.optional(),
  })
  .strict();

/**
 * Each line as the shop sees it now: the item it names (with the shopper's price and the stock, as
 * the price call gives them) and, when the cart would refuse it, why. An unknown reference has no item.
 */
const resolvedLineSchema = z.object({
  ref: z.string(),
  quantity: z.number().int(),
  item: priceListEntrySchema
    .extend({
      itemnum: z.string(),
      /** The buyer's company's own number for the product; null when it keeps none. */
      customerItemNumber: z.string().nullable(),
      name: z.string(),
      /** What one ordered quantity is (a pack of 100 pieces) and the quantity rule. */
      unit: z.object({
        orderUnit: z.string(),
        contentUnit: z.string().nullable(),
        unitsPerOrderUnit: z.number().nullable(),
        min: z.number().int(),
        step: z.number().int(),
      }),
    })
    .nullable(),
  error: z.enum(LINE_ERRORS).nullable(),
});
export type ResolvedQuickLine = z.infer<typeof resolvedLineSchema>;

export const bulkCartApi = {
  /** Adds every line the cart accepts in one write (creating the cart when missing); refusals are listed, not thrown. */
  addMany: operation({
    ...bulkCartRoutes.addMany,
    maxBodyBytes: MAX_BULK_BODY_BYTES,
    request: addManyRequestSchema,
    response: addManyResponseSchema,
    errors: ['CART_NOT_FOUND', 'CUSTOMER_NOT_FOUND'],
  }),
  /** Changes nothing: what adding these lines would do, line by line. */
  resolveLines: operation({
    ...bulkCartRoutes.resolveLines,
    reads: true,
    maxBodyBytes: MAX_BULK_BODY_BYTES,
    request: resolveLinesRequestSchema,
    response: z.object({ lines: z.array(resolvedLineSchema) }),
    errors: ['CUSTOMER_NOT_FOUND'],
  }),
};
