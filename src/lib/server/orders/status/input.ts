// What the ERP may POST to /api/admin/orders/{id}/events (docs/erp.md, "Status back"): one event per
// call, told apart by `type`, strict so a misspelt field is an error and not silently dropped.
import { z } from 'astro/zod';
import { text } from '#lib/http/fields.ts';
import { externalId } from '#lib/import/record-contract.ts';

/** The largest PDF an event carries: invoices with many lines and a logo stay far below it. */
const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Lines one shipment may list (an order holds at most this many lines, too). */
const MAX_SHIPPED_LINES = 500;

const common = {
  /** The ERP's own id of the report: the same id again answers the first report and changes nothing. */
  id: text({ max: 100 }).trim().min(1).optional(),
  /** When it happened; now when not given. */
  occurredAt: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 date and time such as 2026-11-01T09:30:00Z' })
    .optional(),
  /** A remark for the buyer (a cancellation's reason, a delivery note), shown on the order page and mailed. */
  note: text({ max: 500, multiline: true }).trim().min(1).optional(),
};

const pdf = z
  .base64({ error: 'must be the PDF file in base64' })
  .max(Math.ceil(MAX_DOCUMENT_BYTES / 3) * 4, {
    error: `must be a PDF of at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`,
  })
  .transform((value, context) => {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      context.addIssue({ code: 'custom', message: 'is not a PDF file (it must start with %PDF-)' });
      return z.NEVER;
    }
    return bytes;
  });

const documentFields = {
  /** The document's number in the ERP (invoice or credit note number). */
  number: externalId,
  /** Its date as printed on it. */
  date: z.iso.date({ error: 'must be a date such as 2026-11-28' }),
  pdf,
  /** The file name the buyer downloads; made from the kind and number when not given. */
  fileName: text({ max: 120 })
    .trim()
    .regex(/^[\p{L}\p{N}._\- ]+\.pdf$/iu, { error: 'must be a plain file name ending in .pdf' })
    .optional(),
};

export const statusEventInput = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('confirmed'), ...common }).strict(),
    z
      .object({
        type: z.literal('shipped'),
        ...common,
        carrier: text({ max: 64 }).trim().min(1),
        trackingNumber: text({ max: 64 })
          .trim()
          .min(1)
          .regex(/^[A-Za-z0-9 ._\-/]+$/, { error: 'may contain letters, digits, spaces and . _ - / only' }),
        trackingUrl: z
          .url({ protocol: /^https$/, error: 'must be an https address' })
          .max(500)
          .optional(),
        /** What left in this parcel; everything not yet shipped when not given. */
        lines: z
          .array(z.object({ sku: externalId, quantity: z.number().int().min(1).max(1_000_000) }).strict())
          .min(1)
          .max(MAX_SHIPPED_LINES)
          .optional(),
      })
      .strict(),
    z.object({ type: z.literal('invoiced'), ...common, ...documentFields }).strict(),
    // An invoice order settled in full: the company's open balance on account drops by its total.
    z.object({ type: z.literal('paid'), ...common }).strict(),
    z.object({ type: z.literal('cancelled'), ...common }).strict(),
    z.object({ type: z.literal('credit_note'), ...common, ...documentFields }).strict(),
  ],
  { error: 'must be one of confirmed, shipped, invoiced, paid, cancelled, credit_note' },
);
export type StatusEventInput = z.infer<typeof statusEventInput>;
