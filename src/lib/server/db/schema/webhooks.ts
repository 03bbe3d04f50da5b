// Outbound webhooks (src/lib/server/webhooks, docs/webhooks.md): where to send, what happened (the
// outbox, written in the transaction of the change it reports; `webhook_events` is the other
// direction, payment providers' events received), and each endpoint's delivery of each
// event with its retry state. A delivery row is the unit of work of the delivery worker.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { staffUsers } from './staff.ts';

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /**
   * `whsec_` and the base64 of the signing key. Kept in clear text because the shop signs with it
   * (an HMAC key cannot be hashed like a token); shown to the admin once, at creation.
   */
  secret: text('secret').notNull(),
  /** The event types it receives; empty: every type, those added later included. */
  eventTypes: jsonb('event_types').$type<string[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  /** Defined by WEBHOOK_URL at start-up: the environment owns it, the workspace cannot delete it. */
  fromEnv: boolean('from_env').notNull().default(false),
  createdBy: integer('created_by').references(() => staffUsers.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The outbox: one row per change, committed with it, whether or not any endpoint wants it. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    /** `evt_` and random characters; the receiver's idempotency key (the webhook-id header). */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The envelope as sent: { type, timestamp, data }. */
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    /** pending (to send, or sending), delivered (a 2xx came back), dead (every attempt failed). */
    status: text('status').$type<'pending' | 'delivered' | 'dead'>().notNull().default('pending'),
    /** Attempts made in this round (a redelivery starts a new round). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While a worker is sending it: until when it is that worker's. A worker that dies mid-request
     * leaves this behind and the delivery is taken again once it passes (at least once).
     */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    /** The receiver's answer (start of its body) or why there was none (timeout, refused connection). */
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    // The worker's one query: due pending deliveries in order.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The workspace's delivery log: an endpoint's latest deliveries.
    index('webhook_deliveries_log_idx').on(t.endpointId, t.id),
    check('webhook_deliveries_status', sql`${t.status} IN ('pending', 'delivered', 'dead')`),
  ],
);
