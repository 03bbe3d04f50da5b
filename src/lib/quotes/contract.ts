// Contracts of quote requests (issue 37, item 1). A company user who may order asks for a quote on
// the lines of their cart, asks again after an answer, accepts (the lines go into their cart at the
// quoted prices) or declines; every user of the company reads its quotes, and another company's
// quote, or no such quote, is QUOTE_NOT_FOUND (404) alike. A decision names the version it was made
// on: a quote revised meanwhile is QUOTE_CHANGED (409), a step its status does not allow
// QUOTE_NOT_OPEN (409), an accept past the valid day QUOTE_EXPIRED (409). Staff answer in the
// workspace (staffQuoteApi). Money is integer cents, as in the order export.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { int, text } from '../http/fields.ts';
import { LOCALES } from '../i18n/locales.ts';
import { MAX_QUOTE_LINES, MAX_QUOTE_MESSAGE_LENGTH, QUOTE_NUMBER_PATTERN, QUOTE_STATUSES } from './rules.ts';
import { quoteRoutes, staffQuoteRoutes } from './routes.ts';

const QUOTE_MESSAGES = {
  required: 'Please fill in this field',
  tooLong: 'This is too long',
  invalidCharacters: 'This contains characters that are not allowed',
  invalidDate: 'Please enter a valid date',
  invalidPrice: 'Please enter a price',
} as const;
const M = QUOTE_MESSAGES;

const numberSchema = z.string().regex(QUOTE_NUMBER_PATTERN);
const messageSchema = (required: boolean) => {
  const typed = text({
    max: MAX_QUOTE_MESSAGE_LENGTH,
    multiline: true,
    error: M.required,
    tooLong: M.tooLong,
    invalid: M.invalidCharacters,
  }).trim();
  return required ? typed.min(1, { error: M.required }) : typed;
};

export const quoteLineSchema = z.object({
  id: z.string(),
  sku: z.string(),
  itemnum: z.string(),
  name: z.string(),
  /** The buyer's company's own number for the product, if it keeps one. */
  customerItemNumber: z.string().nullable(),
  quantity: z.number(),
  orderUnit: z.string(),
  /** Names of the accessories that come with every piece of the line. */
  accessories: z.array(z.string()),
  /** Net cents per piece as quoted; null until staff answer. */
  unitNetCents: z.number().nullable(),
  rowNetCents: z.number().nullable(),
  /** What a piece costs the company without the quote today (null when it has no price): staff's reference. */
  listNetCents: z.number().nullable(),
});

const stepSchema = z.object({
  kind: z.enum(['request', 'answer', 'ask', 'accept', 'decline']),
  author: z.string(),
  body: z.string(),
  at: z.string(),
});

const quoteSchema = z.object({
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** Answered or accepted, and its last valid day has passed. */
  expired: z.boolean(),
  currency: z.string(),
  locale: z.enum(LOCALES),
  validUntil: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  requestedBy: z.string().nullable(),
  company: z.string(),
  customerNumber: z.string(),
  lines: z.array(quoteLineSchema),
  /** The quoted lines' sum; null until answered. */
  totalNetCents: z.number().nullable(),
  history: z.array(stepSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

const summarySchema = quoteSchema.omit({ lines: true, history: true }).extend({ lineCount: z.number() });
export type QuoteSummary = z.infer<typeof summarySchema>;

const decision = { number: numberSchema, version: int({ min: 1 }) };
const localeField = { locale: z.enum(LOCALES).optional() };

const NOT_FOUND = ['UNAUTHENTICATED', 'QUOTE_NOT_FOUND'] as const;
const DECIDED = [...NOT_FOUND, 'PERMISSION_DENIED', 'QUOTE_CHANGED', 'QUOTE_NOT_OPEN'] as const;

export const quotesApi = {
  /** The company's quotes, newest first. */
  list: operation({
    ...quoteRoutes.list,
    request: z.object({ ...localeField }).strict(),
    response: z.object({ quotes: z.array(summarySchema) }),
    errors: ['UNAUTHENTICATED'],
  }),
  show: operation({
    ...quoteRoutes.show,
    request: z.object({ number: numberSchema, ...localeField }).strict(),
    response: z.object({ quote: quoteSchema }),
    errors: NOT_FOUND,
  }),
  /** Asks for a quote on every line of the asker's cart (or of a list they see), which stays as it is. */
  request: operation({
    ...quoteRoutes.request,
    request: z
      .object({
        comment: messageSchema(false),
        /** A requisition list the asker sees: its lines instead of the cart's. */
        list: z.uuid().optional(),
        ...localeField,
      })
      .strict(),
    response: z.object({ quote: quoteSchema }),
    errors: [
      'UNAUTHENTICATED',
      'PERMISSION_DENIED',
      'QUOTE_EMPTY',
      'QUOTE_TOO_MANY_LINES',
      'REQUISITION_LIST_NOT_FOUND',
    ],
    status: 201,
  }),
  ask: operation({
    ...quoteRoutes.ask,
    request: z.object({ ...decision, comment: messageSchema(true), ...localeField }).strict(),
    response: z.object({ quote: quoteSchema }),
    errors: DECIDED,
  }),
  /** The quote's lines go into the asker's cart at their quoted quantities and prices. */
  accept: operation({
    ...quoteRoutes.accept,
    request: z.object({ ...decision, ...localeField }).strict(),
    response: z.object({ quote: quoteSchema }),
    errors: [...DECIDED, 'QUOTE_EXPIRED', 'CART_TOO_MANY_LINES', 'CART_VALUE_LIMIT'],
  }),
  decline: operation({
    ...quoteRoutes.decline,
    request: z.object({ ...decision, comment: messageSchema(false), ...localeField }).strict(),
    response: z.object({ quote: quoteSchema }),
    errors: DECIDED,
  }),
};

/** A day as YYYY-MM-DD that exists in the calendar. */
const daySchema = z
  .string({ error: M.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.invalidDate })
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    {
      error: M.invalidDate,
    },
  );

export const staffQuoteApi = {
  /** Quotes of one status (requested: what waits for an answer), oldest change first. */
  queue: operation({
    ...staffQuoteRoutes.queue,
    request: z.object({ status: z.enum(QUOTE_STATUSES).optional() }).strict(),
    response: z.object({ quotes: z.array(summarySchema), limited: z.boolean() }),
    errors: [],
  }),
  /**
   * Prices every line (net cents per piece), sets the last valid day (today up to a year ahead) and a
   * message; answering an answered quote revises it.
   */
  answer: operation({
    ...staffQuoteRoutes.answer,
    request: z
      .object({
        ...decision,
        validUntil: daySchema,
        message: messageSchema(false),
        prices: z
          .array(z.object({ line: z.uuid(), unitNetCents: int({ min: 0, max: 100_000_000 }) }).strict())
          .min(1)
          .max(MAX_QUOTE_LINES),
      })
      .strict(),
    response: z.object({ quote: quoteSchema }),
    errors: ['QUOTE_NOT_FOUND', 'QUOTE_CHANGED', 'QUOTE_NOT_OPEN', 'QUOTE_PRICE_MISSING', 'QUOTE_INVALID_DATE'],
  }),
};
