// Contracts of a buyer's requisition lists (issue 37, item 2): named lists of products with quantities
// and notes, kept per user and shared with the whole company to view ('read') or to change its lines
// too ('edit'). Reading needs a signed-in company user (401); every change and adding a list to the
// cart needs the permission `order` (403 PERMISSION_DENIED). A list the asker may not see (another
// company's, a colleague's private one, or none) is REQUISITION_LIST_NOT_FOUND (404) on every
// operation, never 403, so an id tells nothing. Only the owner renames, shares and deletes a list
// (REQUISITION_LIST_OWNER_ONLY); a read-shared list's lines are REQUISITION_LIST_READ_ONLY to others.
// Requests are strict.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { dbId, int, text } from '../http/fields.ts';
import { LOCALES } from '../i18n/locales.ts';
import { cartSchema, LINE_ERRORS } from '../cart/contract.ts';
import { requisitionListsRoutes } from './routes.ts';
import {
  MAX_IMPORT_BODY_BYTES,
  MAX_ITEM_REF_LENGTH,
  MAX_LIST_LINES,
  MAX_LIST_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_QUANTITY,
  SHARINGS,
} from './rules.ts';

export const REQUISITION_LIST_MESSAGES = {
  required: 'Please fill in this field',
  tooLong: 'This is too long',
  invalidCharacters: 'This contains characters that are not allowed',
  quantity: 'Please enter a whole number',
} as const;
const M = REQUISITION_LIST_MESSAGES;

/** A list's name: one line of 1 to 100 characters, trimmed. */
const listNameSchema = text({
  max: MAX_LIST_NAME_LENGTH,
  error: M.required,
  tooLong: M.tooLong,
  invalid: M.invalidCharacters,
})
  .trim()
  .min(1, { error: M.required });
/** A line's note: up to 500 characters, line breaks allowed, trimmed; empty for none. */
export const noteSchema = text({
  max: MAX_NOTE_LENGTH,
  multiline: true,
  tooLong: M.tooLong,
  invalid: M.invalidCharacters,
}).trim();
/** The product a line names: the shop's item number or sku, or the company's own item number. */
export const itemRefSchema = text({
  max: MAX_ITEM_REF_LENGTH,
  error: M.required,
  tooLong: M.tooLong,
  invalid: M.invalidCharacters,
})
  .trim()
  .min(1, { error: M.required });
const quantitySchema = int({ min: 1, max: MAX_QUANTITY });
/** A list's id as a request names it: any short text; one that names no list the asker sees is a 404. */
const listIdSchema = text({ max: 64 });

const sharingSchema = z.enum(SHARINGS);

const listSchema = z.object({
  id: z.string(),
  name: z.string(),
  sharing: sharingSchema,
  /** The owner's name, and whether the asker is the owner. */
  owner: z.object({ name: z.string(), you: z.boolean() }),
  /** Whether the asker may change the lines (the owner, or anybody who may order on an 'edit' list). */
  editable: z.boolean(),
  lines: z.number(),
  updatedAt: z.string(),
});
export type RequisitionList = z.infer<typeof listSchema>;

const lineSchema = z.object({
  id: z.number(),
  sku: z.string(),
  itemnum: z.string(),
  /** The company's own item number for the product, when it keeps one. */
  customerItemNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number(),
  note: z.string(),
  /** What one quantity is (a pack of 100 pieces) and the quantity rule the cart applies. */
  unit: z.object({
    orderUnit: z.string(),
    contentUnit: z.string().nullable(),
    unitsPerOrderUnit: z.number().nullable(),
    min: z.number(),
    step: z.number(),
  }),
});
export type RequisitionListLine = z.infer<typeof lineSchema>;

const idOnly = z.object({ id: listIdSchema }).strict();

/**
 * One row of an import as read from the file: its line there and its three cells as they were. The
 * cells are judged row by row (a bad row is reported, never the whole file refused), so here they are
 * only bounded and free of control characters.
 */
const importRowSchema = z
  .object({
    line: int({ min: 1 }),
    item: text({ max: 1000 }),
    quantity: text({ max: 100 }),
    note: text({ max: 5000, multiline: true }),
  })
  .strict();
export type ListImportRow = z.infer<typeof importRowSchema>;

/** Why an import row was not written. */
const IMPORT_REFUSALS = [
  /** No product has this item number, sku or own number of the company. */
  'unknown-product',
  'invalid-item',
  /** Not a whole number from 1 to 9,999 (also after adding it to what the list holds). */
  'invalid-quantity',
  /** Longer than 500 characters. */
  'invalid-note',
  /** The list would hold more than 1,000 lines. */
  'list-full',
] as const;
export type ListImportRefusal = (typeof IMPORT_REFUSALS)[number];

const importReportSchema = z.object({
  /** Rows written: new lines and quantities added to lines the list had. */
  written: z.number(),
  refused: z.array(
    z.object({ line: z.number(), item: z.string(), quantity: z.string(), reason: z.enum(IMPORT_REFUSALS) }),
  ),
});
export type ListImportReport = z.infer<typeof importReportSchema>;

const CHANGE_ERRORS = ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'REQUISITION_LIST_NOT_FOUND'] as const;
const OWNER_ERRORS = [...CHANGE_ERRORS, 'REQUISITION_LIST_OWNER_ONLY'] as const;
const LINE_CHANGE_ERRORS = [...CHANGE_ERRORS, 'REQUISITION_LIST_READ_ONLY'] as const;

export const requisitionListsApi = {
  /** The asker's lists and the company's lists shared with them, by name. */
  list: operation({
    ...requisitionListsRoutes.list,
    request: z.object({}).strict(),
    response: z.object({ lists: z.array(listSchema) }),
    errors: ['UNAUTHENTICATED'],
  }),
  /** One list with its lines, the product names in `locale` (German where one has none). */
  get: operation({
    ...requisitionListsRoutes.get,
    request: z.object({ id: listIdSchema, locale: z.enum(LOCALES).optional() }).strict(),
    response: z.object({ list: listSchema, lines: z.array(lineSchema) }),
    errors: ['UNAUTHENTICATED', 'REQUISITION_LIST_NOT_FOUND'],
  }),
  create: operation({
    ...requisitionListsRoutes.create,
    status: 201,
    request: z.object({ name: listNameSchema }).strict(),
    response: z.object({ list: listSchema }),
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'REQUISITION_LIST_LIMIT'],
  }),
  rename: operation({
    ...requisitionListsRoutes.rename,
    request: z.object({ id: listIdSchema, name: listNameSchema }).strict(),
    response: z.object({ list: listSchema }),
    errors: OWNER_ERRORS,
  }),
  /** Private, shared with the company to view and order ('read'), or to change its lines too ('edit'). */
  share: operation({
    ...requisitionListsRoutes.share,
    request: z.object({ id: listIdSchema, sharing: sharingSchema }).strict(),
    response: z.object({ list: listSchema }),
    errors: OWNER_ERRORS,
  }),
  delete: operation({
    ...requisitionListsRoutes.delete,
    request: idOnly,
    response: z.object({ deleted: z.object({ id: z.string(), name: z.string() }) }),
    errors: OWNER_ERRORS,
  }),
  /** Adds a product by reference; a product the list has gets the quantity added (and the note, if one is given). */
  addLine: operation({
    ...requisitionListsRoutes.addLine,
    request: z
      .object({ id: listIdSchema, item: itemRefSchema, quantity: quantitySchema, note: noteSchema.optional() })
      .strict(),
    response: z.object({ line: lineSchema }),
    errors: [...LINE_CHANGE_ERRORS, 'PRODUCT_NOT_FOUND', 'REQUISITION_LIST_FULL', 'INVALID_QUANTITY'],
  }),
  updateLine: operation({
    ...requisitionListsRoutes.updateLine,
    request: z.object({ id: listIdSchema, line: dbId(), quantity: quantitySchema, note: noteSchema }).strict(),
    response: z.object({ line: lineSchema }),
    errors: [...LINE_CHANGE_ERRORS, 'REQUISITION_LINE_NOT_FOUND'],
  }),
  removeLine: operation({
    ...requisitionListsRoutes.removeLine,
    request: z.object({ id: listIdSchema, line: dbId() }).strict(),
    response: z.object({ removed: z.object({ line: z.number(), sku: z.string() }) }),
    errors: [...LINE_CHANGE_ERRORS, 'REQUISITION_LINE_NOT_FOUND'],
  }),
  /**
   * The whole list, or the chosen lines, into the asker's cart through the cart's own bulk write (every
   * cart rule applies, prices are the server's): what went in, and each refused line with the cart's reason.
   */
  addToCart: operation({
    ...requisitionListsRoutes.addToCart,
    request: z
      .object({
        id: listIdSchema,
        lines: z.array(dbId()).min(1).max(MAX_LIST_LINES).optional(),
        locale: z.enum(LOCALES).optional(),
      })
      .strict(),
    response: z.object({
      cart: cartSchema.nullable(),
      added: z.array(z.object({ line: z.number(), sku: z.string(), quantity: z.number() })),
      refused: z.array(z.object({ line: z.number(), sku: z.string(), code: z.enum(LINE_ERRORS) })),
    }),
    errors: [
      ...CHANGE_ERRORS,
      'REQUISITION_LINE_NOT_FOUND',
      'REQUISITION_LIST_EMPTY',
      'CART_NOT_FOUND',
      'CUSTOMER_NOT_FOUND',
    ],
  }),
  /** A new private list of the asker's cart: each product once with its quantity (accessories are not kept). */
  saveCart: operation({
    ...requisitionListsRoutes.saveCart,
    status: 201,
    request: z.object({ name: listNameSchema }).strict(),
    response: z.object({ list: listSchema }),
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'REQUISITION_LIST_LIMIT', 'CART_EMPTY'],
  }),
  /** Many rows at once: every good row written in one transaction, every bad one reported with its line. */
  import: operation({
    ...requisitionListsRoutes.import,
    request: z.object({ id: listIdSchema, entries: z.array(importRowSchema).max(MAX_LIST_LINES) }).strict(),
    response: importReportSchema,
    errors: LINE_CHANGE_ERRORS,
    maxBodyBytes: MAX_IMPORT_BODY_BYTES,
  }),
};
