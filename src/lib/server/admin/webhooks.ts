// Webhook endpoints as the workspace manages them (admins only): the secret is made here and shown
// once, in the create answer; the shop keeps it to sign with. The endpoint WEBHOOK_URL defines is
// listed but belongs to the environment: only a new start-up changes it.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows, timestamp } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { newSigningSecret, notifyDeliveries } from '../webhooks/index.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '#lib/admin/webhook-contract.ts';
import { isWebhookEventType, type WebhookEventType } from '#lib/webhooks/events.ts';
import { audit, type Actor } from './audit.ts';

/** How many deliveries the log shows per endpoint. */
const LOG_LENGTH = 50;

const EndpointRecord = z.object({
  id: z.number(),
  url: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  fromEnv: z.boolean(),
  createdAt: timestamp,
  pending: z.number(),
  dead: z.number(),
});

const DeliveryRecord = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'dead']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: timestamp.nullable(),
  nextAttemptAt: timestamp,
  createdAt: timestamp,
});

const endpointRow = (r: z.infer<typeof EndpointRecord>): WebhookEndpointRow => ({
  ...r,
  // A type the code no longer knows (renamed since) is not shown as subscribed.
  eventTypes: r.eventTypes.filter(isWebhookEventType),
  createdAt: r.createdAt.toISOString(),
});

const deliveryRow = (r: z.infer<typeof DeliveryRecord>): WebhookDeliveryRow => ({
  ...r,
  lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

const ENDPOINTS = sql`
  SELECT w.id, w.url, w.event_types AS "eventTypes", w.enabled, w.from_env AS "fromEnv", w.created_at AS "createdAt",
    (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'pending') AS pending,
    (SELECT count(*)::int FROM webhook_deliveries d WHERE d.endpoint_id = w.id AND d.status = 'dead') AS dead
  FROM webhook_endpoints w`;

export async function listWebhooks(db: Db): Promise<WebhookEndpointRow[]> {
  return (await rows(db, EndpointRecord, sql`${ENDPOINTS} ORDER BY w.id`)).map(endpointRow);
}

async function endpointById(db: Db, id: number): Promise<WebhookEndpointRow> {
  const [row] = await rows(db, EndpointRecord, sql`${ENDPOINTS} WHERE w.id = ${id}`);
  if (!row) throw new ApiError('WEBHOOK_NOT_FOUND', 'There is no such webhook endpoint.', 404);
  return endpointRow(row);
}

/** An endpoint the workspace may change: it exists and the environment does not own it. */
async function ownEndpoint(db: Db, id: number): Promise<WebhookEndpointRow> {
  const endpoint = await endpointById(db, id);
  if (endpoint.fromEnv)
    throw new ApiError('WEBHOOK_FROM_ENV', 'This endpoint is set by WEBHOOK_URL; change the environment instead.', 409);
  return endpoint;
}

export async function createWebhook(
  db: Db,
  actor: Actor,
  input: { url: string; eventTypes: WebhookEventType[] },
): Promise<WebhookEndpointRow & { secret: string }> {
  const secret = newSigningSecret();
  const eventTypes = [...new Set(input.eventTypes)].sort();
  return db.transaction(async (tx) => {
    const [created] = await rows(
      tx,
      z.object({ id: z.number() }),
      sql`
      INSERT INTO webhook_endpoints (url, secret, event_types, created_by)
      VALUES (${input.url}, ${secret}, ${JSON.stringify(eventTypes)}::jsonb, ${actor.kind === 'staff' ? actor.id : null})
      RETURNING id`,
    );
    const id = created!.id;
    await audit(tx, actor, {
      action: 'webhook.create',
      target: `webhook:${id}`,
      details: { url: input.url, eventTypes },
    });
    return { ...(await endpointById(tx, id)), secret };
  });
}

/** Disabling pauses its deliveries (they wait, pending); enabling sends what waited. */
export async function setWebhookEnabled(
  db: Db,
  actor: Actor,
  id: number,
  enabled: boolean,
): Promise<WebhookEndpointRow> {
  return db.transaction(async (tx) => {
    await ownEndpoint(tx, id);
    await tx.execute(sql`UPDATE webhook_endpoints SET enabled = ${enabled} WHERE id = ${id}`);
    await audit(tx, actor, { action: enabled ? 'webhook.enable' : 'webhook.disable', target: `webhook:${id}` });
    if (enabled) await notifyDeliveries(tx);
    return endpointById(tx, id);
  });
}

/** Deletes the endpoint with its delivery log; undelivered events are not sent to it any more. */
export async function deleteWebhook(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const endpoint = await ownEndpoint(tx, id);
    await tx.execute(sql`DELETE FROM webhook_endpoints WHERE id = ${id}`);
    await audit(tx, actor, { action: 'webhook.delete', target: `webhook:${id}`, details: { url: endpoint.url } });
  });
}

const DELIVERIES = sql`
  SELECT d.id::int AS id, d.event_id AS "eventId", e.type AS "eventType", d.status, d.attempts,
    d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", d.last_attempt_at AS "lastAttemptAt",
    d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt"
  FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id`;

export async function webhookDeliveries(db: Db, endpointId: number): Promise<WebhookDeliveryRow[]> {
  await endpointById(db, endpointId);
  const found = await rows(
    db,
    DeliveryRecord,
    sql`${DELIVERIES} WHERE d.endpoint_id = ${endpointId} ORDER BY d.id DESC LIMIT ${LOG_LENGTH}`,
  );
  return found.map(deliveryRow);
}

/**
 * Sends a delivered or dead delivery again, as a new round of attempts with the same event id (the
 * receiver's idempotency key): for a receiver that lost what it got, or came back after the last retry.
 */
export async function redeliver(db: Db, actor: Actor, id: number): Promise<WebhookDeliveryRow> {
  return db.transaction(async (tx) => {
    const [delivery] = await rows(tx, DeliveryRecord, sql`${DELIVERIES} WHERE d.id = ${id} FOR UPDATE OF d`);
    if (!delivery) throw new ApiError('DELIVERY_NOT_FOUND', 'There is no such delivery.', 404);
    if (delivery.status === 'pending')
      throw new ApiError('DELIVERY_PENDING', 'This delivery is still being tried.', 409);
    await tx.execute(sql`
      UPDATE webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), leased_until = NULL,
        delivered_at = NULL
      WHERE id = ${id}`);
    await audit(tx, actor, {
      action: 'webhook.redeliver',
      target: `webhook-delivery:${id}`,
      details: { eventId: delivery.eventId, was: delivery.status },
    });
    await notifyDeliveries(tx);
    const [row] = await rows(tx, DeliveryRecord, sql`${DELIVERIES} WHERE d.id = ${id}`);
    return deliveryRow(row!);
  });
}
