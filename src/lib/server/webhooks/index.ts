// Outbound webhooks (docs/webhooks.md): the outbox that the domains write their events to, in the
// transaction of their change, and the delivery worker that sends them, signed per Standard Webhooks,
// with retries for about three days.
import { database } from '../db/index.ts';
import { env } from '../env.ts';
import { logger } from '../log.ts';
import { onStop } from '../lifecycle/index.ts';
import { gaugeOnScrape } from '../metrics/index.ts';
import { undeliveredCounts } from './delivery.ts';
import { applyEnvEndpoint } from './env-endpoint.ts';
import { startDeliveryWorker, type DeliveryWorker } from './worker.ts';

export { orderEventData, recordCustomerCreated, recordEvent, recordOrderChange, notifyDeliveries } from './outbox.ts';
export { newSigningSecret } from './signing.ts';
// Tests and the benchmark run workers of their own on their own databases.
export { startDeliveryWorker } from './worker.ts';

let started: Promise<DeliveryWorker | null> | undefined;

/**
 * Starts this process's delivery worker, once, after writing the endpoint the environment defines;
 * called on the first request, as the order jobs are.
 */
export function startWebhookDelivery(): void {
  if (started) return;
  started = (async () => {
    const e = env();
    const db = await database();
    await applyEnvEndpoint(
      db.db,
      e.WEBHOOK_URL && e.WEBHOOK_URL_SECRET
        ? { url: e.WEBHOOK_URL, secret: e.WEBHOOK_URL_SECRET, eventTypes: e.WEBHOOK_EVENTS }
        : null,
    );
    gaugeOnScrape(
      'storefront_webhook_deliveries',
      'Webhook deliveries not delivered: pending (due or waiting to be retried) and dead',
      () => undeliveredCounts(db.db),
    );
    return startDeliveryWorker(db, e.WEBHOOK_RETRY_SCHEDULE ? { delays: e.WEBHOOK_RETRY_SCHEDULE } : {});
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'webhook delivery did not start');
    return null;
  });
  // A pass in flight finishes before the database closes.
  onStop('webhook delivery', async () => (await started)?.stop());
}
