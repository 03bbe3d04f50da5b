// PayPal posts its own event format here, so this endpoint is outside the JSON contracts: PayPal itself
// verifies each delivery (verify-webhook-signature) and each event is applied once (src/lib/server/orders).
// Off (404) until PAYPAL_WEBHOOK_ID is set.
import { orders } from '#lib/server/orders/index.ts';

export const POST = orders.paypalWebhook;
