// Contracts of scheduled reorders (issue 37, item 5): a signed-in company user makes one of their past
// orders recurring (every N weeks from a next date, until an optional end date), and lists, changes,
// pauses, resumes and ends the company's schedules. A user reaches the schedules their role sees of
// the company's orders (their own; all with the permission to see all orders); changing one takes the
// permission `order` (403 PERMISSION_DENIED). Any other schedule, another company's above all, is
// SCHEDULED_REORDER_NOT_FOUND (404). The orders are paid on invoice: where the shop does not offer
// it, a schedule is refused (SCHEDULED_REORDER_NO_INVOICE, 409). Requests are strict.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { LOCALES } from '../i18n/locales.ts';
import { scheduledReordersRoutes } from './routes.ts';
import { isIsoDay, MAX_INTERVAL_WEEKS, MIN_INTERVAL_WEEKS } from './rules.ts';

export const SCHEDULE_MESSAGES = {
  interval: 'Please choose every 1 to 52 weeks',
  date: 'Please give a date',
  past: 'Please choose a date from today on',
  tooFar: 'Please choose a date within the next 400 days',
  endBeforeNext: 'The end date must not be before the next date',
} as const;
const M = SCHEDULE_MESSAGES;

const idSchema = z.uuid();
const daySchema = z.string({ error: M.date }).refine(isIsoDay, { error: M.date });
/** When a schedule orders: every `intervalWeeks` weeks from `nextDate`, up to `endDate` (none: no end). */
const timingSchema = z.object({
  intervalWeeks: z
    .number({ error: M.interval })
    .int({ error: M.interval })
    .min(MIN_INTERVAL_WEEKS, { error: M.interval })
    .max(MAX_INTERVAL_WEEKS, { error: M.interval }),
  nextDate: daySchema,
  endDate: daySchema.optional(),
  /** The language the answer names the products in. */
  locale: z.enum(LOCALES).optional(),
});

/** Why a line of a run was left out of its order. */
const LEFT_OUT_REASONS = [
  /** No product has the sku any more. */
  'gone',
  /** The product is not sold (any more): switched off, no price for the company. */
  'not-orderable',
  /** Not in stock, where the product needs stock. */
  'out-of-stock',
  /** The quantity breaks the product's quantity rules as they are now, or the cart's limits. */
  'quantity',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export const RUN_OUTCOMES = ['placed', 'awaiting_approval', 'nothing_orderable', 'refused'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

const lineSchema = z.object({
  sku: z.string(),
  /** The product's name in the requested language (the sku where the product is gone). */
  name: z.string(),
  quantity: z.number(),
  /** Where the line came from: a past order, or (later) a requisition list. */
  source: z.enum(['order', 'list']),
});

const leftOutSchema = z.object({ sku: z.string(), name: z.string(), reason: z.enum(LEFT_OUT_REASONS) });
export type LeftOutLine = z.infer<typeof leftOutSchema>;

/** What a run reports besides its outcome (and what the runs table keeps of it). */
export const runReportSchema = z.object({
  leftOut: z.array(leftOutSchema).default([]),
  /** Why no order was placed at all: the checkout's error code (a credit limit, an order cap). */
  refusal: z.string().nullable().default(null),
});

const runSchema = z
  .object({
    dueDate: z.string(),
    outcome: z.enum(RUN_OUTCOMES),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
  })
  .extend(runReportSchema.shape);

export const scheduleSchema = z.object({
  id: z.string(),
  /** The buyer the orders are placed as. */
  buyer: z.string(),
  intervalWeeks: z.number(),
  nextDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(['active', 'paused', 'ended']),
  sourceOrderId: z.string().nullable(),
  sourceOrderNumber: z.string().nullable(),
  lines: z.array(lineSchema),
  lastRun: runSchema.nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

const byId = z.object({ id: idSchema, locale: z.enum(LOCALES).optional() }).strict();
const WRITE_ERRORS = ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'SCHEDULED_REORDER_NOT_FOUND'] as const;

export const scheduledReordersApi = {
  /** The schedules the user sees, next due first. */
  list: operation({
    ...scheduledReordersRoutes.list,
    request: z.object({ locale: z.enum(LOCALES).optional() }).strict(),
    response: z.object({ schedules: z.array(scheduleSchema) }),
    errors: ['UNAUTHENTICATED'],
  }),
  /** A past order of the user's scope made recurring: its lines, addresses and shipping method, on invoice. */
  create: operation({
    ...scheduledReordersRoutes.create,
    request: timingSchema.extend({ orderId: idSchema }).strict(),
    response: z.object({ schedule: scheduleSchema }),
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'SCHEDULED_REORDER_NO_INVOICE'],
  }),
  /** New timing: interval, next date and end date (left out: no end). An ended schedule cannot change. */
  change: operation({
    ...scheduledReordersRoutes.change,
    request: timingSchema.extend({ id: idSchema }).strict(),
    response: z.object({ schedule: scheduleSchema }),
    errors: WRITE_ERRORS,
  }),
  pause: operation({
    ...scheduledReordersRoutes.pause,
    request: byId,
    response: z.object({ schedule: scheduleSchema }),
    errors: WRITE_ERRORS,
  }),
  /** Active again; a next date the pause passed moves on by whole intervals to today or later. */
  resume: operation({
    ...scheduledReordersRoutes.resume,
    request: byId,
    response: z.object({ schedule: scheduleSchema }),
    errors: WRITE_ERRORS,
  }),
  /** Ends (deletes) the schedule and its history. */
  end: operation({
    ...scheduledReordersRoutes.end,
    request: byId,
    response: z.object({ ended: z.object({ id: z.string() }) }),
    errors: WRITE_ERRORS,
  }),
};
