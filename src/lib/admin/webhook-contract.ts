// Contracts of the workspace's webhook endpoints (admins only; docs/webhooks.md): list, create (the
// signing secret is in that answer only), enable or disable, delete, and an endpoint's delivery log
// with redelivery.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { dbId, text } from '../http/fields.ts';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../webhooks/events.ts';
import { webhookRoutes } from './webhook-routes.ts';

const endpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  /** Empty: every event type, those added later included. */
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Defined by WEBHOOK_URL: the workspace shows it but cannot change or delete it. */
  fromEnv: z.boolean(),
  createdAt: z.string(),
  /** Deliveries still to be sent, and given up. */
  pending: z.number(),
  dead: z.number(),
});
export type WebhookEndpointRow = z.infer<typeof endpointSchema>;

const deliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryRow = z.infer<typeof deliverySchema>;

/** An http(s) address without credentials in it (they would show in the workspace and the logs). */
const endpointUrl = text({ max: 2000 })
  .trim()
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http or https address' }))
  .refine((value) => !/^https?:\/\/[^/]*@/.test(value), 'must not contain a user name or password');

export const webhookApi = {
  webhooks: operation({
    ...webhookRoutes.webhooks,
    request: z.object({}).strict(),
    response: z.object({ endpoints: z.array(endpointSchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  createWebhook: operation({
    ...webhookRoutes.createWebhook,
    request: z
      .object({
        url: endpointUrl,
        eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)).max(WEBHOOK_EVENT_TYPES.length),
      })
      .strict(),
    /** The signing secret is in this answer only; the receiver needs it to verify deliveries. */
    response: endpointSchema.extend({ secret: z.string() }),
    status: 201,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN'],
  }),
  updateWebhook: operation({
    ...webhookRoutes.updateWebhook,
    request: z.object({ id: dbId(), enabled: z.boolean() }).strict(),
    response: endpointSchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'WEBHOOK_NOT_FOUND', 'WEBHOOK_FROM_ENV'],
  }),
  deleteWebhook: operation({
    ...webhookRoutes.deleteWebhook,
    request: z.object({ id: dbId() }).strict(),
    response: z.object({ ok: z.literal(true) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'WEBHOOK_NOT_FOUND', 'WEBHOOK_FROM_ENV'],
  }),
  webhookDeliveries: operation({
    ...webhookRoutes.webhookDeliveries,
    request: z.object({ endpoint: z.coerce.number().pipe(dbId()) }).strict(),
    /** The latest 50, newest first. */
    response: z.object({ deliveries: z.array(deliverySchema) }),
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'WEBHOOK_NOT_FOUND'],
  }),
  redeliver: operation({
    ...webhookRoutes.redeliver,
    request: z.object({ id: dbId() }).strict(),
    response: deliverySchema,
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'DELIVERY_NOT_FOUND', 'DELIVERY_PENDING'],
  }),
};
