// Scheduled reorders (issue 37, item 5; migration 0031): a company user's order placed again every N
// weeks through the checkout's rules (src/lib/server/scheduled-reorders). The lines have a table of
// their own and name their source, so a requisition list can fill a schedule as a past order does.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers, customerUsers } from './customers.ts';
import { orders } from './commerce.ts';

/** One schedule: who orders, how often, when next, where to and how it is paid (on invoice only). */
export const scheduledReorders = pgTable(
  'scheduled_reorders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The buyer the orders are placed as: their limit, budgets and approvers apply. */
    userId: uuid('user_id')
      .notNull()
      .references(() => customerUsers.id, { onDelete: 'cascade' }),
    /** The past order it was made from; null for another source or once that order is gone. */
    sourceOrderId: uuid('source_order_id').references(() => orders.id, { onDelete: 'set null' }),
    intervalWeeks: integer('interval_weeks').notNull(),
    /** The next due date (a calendar day, UTC). */
    nextDate: date('next_date').notNull(),
    /** The last day an order may be placed; null: no end. */
    endDate: date('end_date'),
    /** active | paused | ended */
    status: text('status').notNull().default('active'),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    shippingMethodCode: text('shipping_method_code').notNull(),
    /** Invoice: the one method charged without the buyer present. */
    paymentMethodCode: text('payment_method_code').notNull().default('invoice'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_reorders_customer_idx').on(t.customerId),
    index('scheduled_reorders_due_idx')
      .on(t.nextDate)
      .where(sql`${t.status} = 'active'`),
    check('scheduled_reorders_interval_range', sql`${t.intervalWeeks} BETWEEN 1 AND 52`),
    check('scheduled_reorders_status_known', sql`${t.status} IN ('active', 'paused', 'ended')`),
    check('scheduled_reorders_invoice_only', sql`${t.paymentMethodCode} = 'invoice'`),
  ],
);

/** A schedule's lines, in order: a product and its quantity, and where the line came from ('order', 'list'). */
export const scheduledReorderLines = pgTable(
  'scheduled_reorder_lines',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => scheduledReorders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    source: text('source').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    accessorySkus: jsonb('accessory_skus')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.position] }),
    check('scheduled_reorder_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND 9999`),
    check('scheduled_reorder_lines_source_known', sql`${t.source} IN ('order', 'list')`),
  ],
);

/**
 * One run per schedule and due date, claimed by its key in the transaction that places the order: what
 * it placed (or why nothing), and whether the buyer has been told.
 */
export const scheduledReorderRuns = pgTable(
  'scheduled_reorder_runs',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => scheduledReorders.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    /** placed | awaiting_approval | nothing_orderable | refused */
    outcome: text('outcome').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The lines left out and why, and a refusal's code (src/lib/scheduled-reorders/contract.ts). */
    report: jsonb('report')
      .notNull()
      .default(sql`'{}'::jsonb`),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    reportSentAt: timestamp('report_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.dueDate] }),
    index('scheduled_reorder_runs_unsent_idx')
      .on(t.ranAt)
      .where(sql`${t.reportSentAt} IS NULL`),
    check(
      'scheduled_reorder_runs_outcome_known',
      sql`${t.outcome} IN ('placed', 'awaiting_approval', 'nothing_orderable', 'refused')`,
    ),
  ],
);

/** The reminder a day before a due date, claimed once per schedule and date. */
export const scheduledReorderReminders = pgTable(
  'scheduled_reorder_reminders',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => scheduledReorders.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.dueDate] })],
);
