// The outbox: an event is written in the caller's transaction, beside the change it reports, so it
// exists exactly when the change was committed. With it go one delivery row per enabled endpoint
// that subscribed to its type, and a NOTIFY that PostgreSQL (and PGlite) hands to the listening
// delivery workers only on commit: the first attempt follows the commit at once, and a rolled back
// transaction wakes nobody.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import {
  orderEventTypes,
  type CustomerEventData,
  type OrderEventData,
  type OrderState,
  type WebhookEnvelope,
  type WebhookEventData,
  type WebhookEventType,
} from '#lib/webhooks/events.ts';

/** The channel the delivery workers LISTEN on. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

const CountRow = z.object({ count: z.number() });
const NumberRow = z.object({ customernum: z.string() });

/** `evt_` and 26 base32 characters (130 random bits): unique without asking the database. */
function newEventId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return `evt_${Array.from(randomBytes(26), (b) => alphabet[b & 31]).join('')}`;
}

/**
 * Records one event in the transaction `tx` (it must be one: outside a transaction the event could
 * outlive a change that fails after it). Returns the event id.
 */
export async function recordEvent<T extends WebhookEventType>(
  tx: Db,
  type: T,
  data: WebhookEventData[T],
): Promise<string> {
  const id = newEventId();
  const envelope: WebhookEnvelope<T> = { type, timestamp: new Date().toISOString(), data };
  await tx.execute(sql`
    INSERT INTO outbox_events (id, type, payload) VALUES (${id}, ${type}, ${JSON.stringify(envelope)}::jsonb)`);
  const [fanned] = await rows(
    tx,
    CountRow,
    sql`
    WITH created AS (
      INSERT INTO webhook_deliveries (endpoint_id, event_id)
      SELECT id, ${id} FROM webhook_endpoints
      WHERE enabled AND (event_types = '[]'::jsonb OR event_types @> jsonb_build_array(${type}::text))
      RETURNING 1)
    SELECT count(*)::int AS count FROM created`,
  );
  if ((fanned?.count ?? 0) > 0) await notifyDeliveries(tx);
  return id;
}

/** Wakes every instance's delivery worker when `tx` commits (not at all if it rolls back). */
export async function notifyDeliveries(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** The order columns an order event reports (an order row has them all). */
export interface OrderFacts extends OrderState {
  id: string;
  transactionnum: string;
  paymentMethodCode: string;
  customerId: string | null;
  email: string;
  currency: string;
  grandTotalCents: number;
  createdAt: Date;
}

/** What every order event reports of the order (its status events add the ERP's report). */
export async function orderEventData(tx: Db, order: OrderFacts): Promise<OrderEventData> {
  const [customer] = order.customerId
    ? await rows(tx, NumberRow, sql`SELECT customernum FROM customers WHERE id = ${order.customerId}`)
    : [];
  return {
    id: order.id,
    number: order.transactionnum,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethodCode,
    customerNumber: customer?.customernum ?? null,
    email: order.email,
    currency: order.currency,
    totals: { grandTotalCents: order.grandTotalCents },
    createdAt: order.createdAt.toISOString(),
  };
}

/**
 * Records the events an order's change raises (created, paid, cancelled: orderEventTypes), in the
 * transaction that made it. `before` is null for a new order.
 */
export async function recordOrderChange(tx: Db, before: OrderState | null, after: OrderFacts): Promise<void> {
  const types = orderEventTypes(before, after);
  if (types.length === 0) return;
  const data = await orderEventData(tx, after);
  for (const type of types) await recordEvent(tx, type, data);
}

/** A new customer account (registration or import), in the transaction that created it. */
export async function recordCustomerCreated(
  tx: Db,
  customer: { id: string; customernum: string; email: string; company: string | null },
): Promise<void> {
  const data: CustomerEventData = {
    id: customer.id,
    customerNumber: customer.customernum,
    email: customer.email,
    company: customer.company,
  };
  await recordEvent(tx, 'customer.created', data);
}
