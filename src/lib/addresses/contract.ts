// Address-book contracts (spec "Add or update address; delete address"): list, add or update, delete,
// and make an address the default shipping or billing address. The address itself is the checkout's
// schema (src/lib/checkout/address.ts), so the account and the checkout accept exactly the same
// addresses with the same messages. Every operation is the signed-in customer's own: 401 for guests,
// and another customer's address id is the same 404 as an id that never existed.
import { z } from 'astro/zod';
import { addressSchema, savedAddressSchema } from '../checkout/address.ts';
import { operation } from '../http/contract.ts';
import { addressesRoutes } from './routes.ts';

const ADDRESS_KINDS = ['shipping', 'billing'] as const;
const addressKindSchema = z.enum(ADDRESS_KINDS);
export type AddressKind = z.infer<typeof addressKindSchema>;

const idSchema = z.uuid();

/**
 * Add (no `address.id`) or update (`address.id` of one of the customer's addresses). `defaultShipping`
 * / `defaultBilling` true also make it that default; false or absent leave the defaults as they are
 * (a default is given up only by choosing another address, or by deleting it).
 */
const saveAddressRequestSchema = z
  .object({
    address: addressSchema,
    defaultShipping: z.boolean().optional(),
    defaultBilling: z.boolean().optional(),
  })
  .strict();
export type SaveAddressInput = z.output<typeof saveAddressRequestSchema>;

const addressIdRequestSchema = z.object({ id: idSchema }).strict();
const setDefaultRequestSchema = z.object({ id: idSchema, kind: addressKindSchema }).strict();

/** The customer's addresses after the operation, default shipping first, then default billing, then oldest first. */
const addressListSchema = z.object({ addresses: z.array(savedAddressSchema) });
const savedResponseSchema = addressListSchema.extend({ address: savedAddressSchema });

/** An address that must stay as it is: billing data managed elsewhere, or a default the shop fixes. */
// Changing the book is refused by the shop's settings, or by a company role that may not manage addresses.
const LOCKED_ERRORS = ['BILLING_MANAGEMENT_DISABLED', 'DEFAULT_ADDRESS_LOCKED', 'PERMISSION_DENIED'] as const;

export const addressesApi = {
  list: operation({
    ...addressesRoutes.list,
    request: z.object({}).strict(),
    response: addressListSchema,
    errors: ['UNAUTHENTICATED'],
  }),
  save: operation({
    ...addressesRoutes.save,
    request: saveAddressRequestSchema,
    response: savedResponseSchema,
    errors: ['UNAUTHENTICATED', 'ADDRESS_NOT_FOUND', 'ADDRESS_BOOK_FULL', ...LOCKED_ERRORS],
  }),
  delete: operation({
    ...addressesRoutes.delete,
    request: addressIdRequestSchema,
    response: addressListSchema,
    errors: ['UNAUTHENTICATED', 'ADDRESS_NOT_FOUND', ...LOCKED_ERRORS],
  }),
  setDefault: operation({
    ...addressesRoutes.setDefault,
    request: setDefaultRequestSchema,
    response: addressListSchema,
    errors: ['UNAUTHENTICATED', 'ADDRESS_NOT_FOUND', ...LOCKED_ERRORS],
  }),
};
