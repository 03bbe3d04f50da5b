// What happens to an order after the shop: the ERP's status reports (docs/erp.md) and the documents it
// sends back, shown on the buyer's order page and mailed to the buyer.
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { orders } from './commerce.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * One status report per row: confirmed, shipped, invoiced, paid, cancelled or credit_note. source_id is the
 * ERP's own id for the report, so a retried POST finds its row and is answered with it, not applied twice.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sourceId: text('source_id'),
    type: text('type').notNull(),
    /** The report's facts (carrier, tracking, shipped lines, document number and date, reason). */
    data: jsonb('data').notNull(),
    /** When the ERP says it happened; created_at is when the shop heard of it. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_events_source_idx').on(t.orderId, t.sourceId),
    index('order_events_order_idx').on(t.orderId, t.occurredAt),
    check(
      'order_events_type',
      sql`${t.type} IN ('confirmed', 'shipped', 'invoiced', 'paid', 'cancelled', 'credit_note')`,
    ),
  ],
);

/** A PDF the ERP sent with an event (invoice, credit note): kept apart so a timeline never loads the bytes. */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => orderEvents.id, { onDelete: 'cascade' }),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    number: text('number').notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_documents_order_idx').on(t.orderId), uniqueIndex('order_documents_event_idx').on(t.eventId)],
);
