// Contracts of a company's own item numbers (issue 37, item 3): what the company calls the shop's
// products. List them (every user of the company), set one for a product named by its item number or
// sku, remove one, and import many rows at once (each needs the permission `order`: 403
// PERMISSION_DENIED). A company reaches only its own numbers: a product it has no number for is
// CUSTOMER_ITEM_NUMBER_NOT_FOUND (404), whoever else has one. Requests are strict.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { int, text } from '../http/fields.ts';
import { LOCALES } from '../i18n/locales.ts';
import { customerItemsRoutes } from './routes.ts';
import { MAX_CUSTOMER_NUMBER_LENGTH, MAX_IMPORT_BODY_BYTES, MAX_IMPORT_ROWS, MAX_ITEM_REF_LENGTH } from './rules.ts';

export const CUSTOMER_ITEM_MESSAGES = {
  required: 'Please fill in this field',
  tooLong: 'This is too long',
  invalidCharacters: 'This contains characters that are not allowed',
} as const;
const M = CUSTOMER_ITEM_MESSAGES;

const typed = (max: number) =>
  text({ max, error: M.required, tooLong: M.tooLong, invalid: M.invalidCharacters })
    .trim()
    .min(1, { error: M.required });

/** The company's own number: one line of text, kept as typed (matched without regard to case). */
export const customerNumberSchema = typed(MAX_CUSTOMER_NUMBER_LENGTH);
/** The shop's product: its item number or its sku. */
export const itemRefSchema = typed(MAX_ITEM_REF_LENGTH);

const entrySchema = z.object({
  sku: z.string(),
  /** The shop's item number. */
  itemnum: z.string(),
  /** The product's name in the requested language (German where it has none). */
  name: z.string(),
  /** The company's own number. */
  number: z.string(),
});
export type CustomerItemEntry = z.infer<typeof entrySchema>;

const listRequestSchema = z
  .object({
    /** Part of either number (or of the sku), without regard to case. */
    q: text({ max: MAX_ITEM_REF_LENGTH }).trim().optional(),
    page: z.coerce
      .number()
      .pipe(int({ min: 1, max: 100_000 }))
      .optional(),
    locale: z.enum(LOCALES).optional(),
  })
  .strict();

const setRequestSchema = z.object({ item: itemRefSchema, number: customerNumberSchema }).strict();
const removeRequestSchema = z.object({ item: itemRefSchema }).strict();

/**
 * One row of an import as read from the file: its line there, and the two cells as they were. The cells
 * are checked row by row by the import (a bad row is reported, never the whole file refused), so here
 * they are only bounded.
 */
const importRowSchema = z
  .object({
    line: int({ min: 1 }),
    // Judged row by row (each bad row is reported, not the whole request); only control characters and
    // broken Unicode, which no spreadsheet cell holds and a NUL of which the database would fail on,
    // refuse the request as a whole.
    item: text({ max: 1000 }),
    number: text({ max: 1000 }),
  })
  .strict();
export type ImportRow = z.infer<typeof importRowSchema>;

/** Why an import row was not written. */
const IMPORT_REFUSALS = [
  /** No product has this item number or sku. */
  'unknown-product',
  /** The company's number is empty, too long or holds control characters; or the item cell is such. */
  'invalid-number',
  'invalid-item',
  /** The company uses this number for another product (kept), or an earlier row of the file does. */
  'number-taken',
  /** An earlier row of the file names the same product. */
  'product-twice',
] as const;
export type ImportRefusal = (typeof IMPORT_REFUSALS)[number];

const importReportSchema = z.object({
  /** Rows written: new numbers and changed ones. */
  written: z.number(),
  /** Rows that named the number the product already had. */
  unchanged: z.number(),
  refused: z.array(
    z.object({ line: z.number(), item: z.string(), number: z.string(), reason: z.enum(IMPORT_REFUSALS) }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

const WRITE_ERRORS = ['UNAUTHENTICATED', 'PERMISSION_DENIED'] as const;

export const customerItemsApi = {
  /** The company's numbers, by own number, a page at a time. */
  list: operation({
    ...customerItemsRoutes.list,
    request: listRequestSchema,
    response: z.object({
      numbers: z.array(entrySchema),
      total: z.number(),
      page: z.number(),
      pages: z.number(),
    }),
    errors: ['UNAUTHENTICATED'],
  }),
  /** Gives the product the company's number, or changes it; a number of another of its products is taken. */
  set: operation({
    ...customerItemsRoutes.set,
    request: setRequestSchema,
    response: z.object({ entry: entrySchema.omit({ name: true }) }),
    errors: [...WRITE_ERRORS, 'PRODUCT_NOT_FOUND', 'CUSTOMER_ITEM_NUMBER_TAKEN'],
  }),
  remove: operation({
    ...customerItemsRoutes.remove,
    request: removeRequestSchema,
    response: z.object({ removed: z.object({ sku: z.string(), number: z.string() }) }),
    errors: [...WRITE_ERRORS, 'CUSTOMER_ITEM_NUMBER_NOT_FOUND'],
  }),
  /** Many rows at once: every good row written in one transaction, every bad one reported with its line. */
  import: operation({
    ...customerItemsRoutes.import,
    request: z.object({ entries: z.array(importRowSchema).max(MAX_IMPORT_ROWS) }).strict(),
    response: importReportSchema,
    errors: WRITE_ERRORS,
    maxBodyBytes: MAX_IMPORT_BODY_BYTES,
  }),
};
