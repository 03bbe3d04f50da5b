// Where the workspace's webhook operations live (method and path; webhook-contract.ts adds the schemas).
import { route } from '../http/route.ts';

export const webhookRoutes = {
  webhooks: route('GET', '/api/admin/webhooks'),
  createWebhook: route('POST', '/api/admin/webhooks'),
  updateWebhook: route('POST', '/api/admin/webhooks/update'),
  deleteWebhook: route('POST', '/api/admin/webhooks/delete'),
  webhookDeliveries: route('GET', '/api/admin/webhooks/deliveries'),
  redeliver: route('POST', '/api/admin/webhooks/redeliver'),
} as const;
