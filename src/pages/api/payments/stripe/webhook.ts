// Stripe posts its own signed event format here, so this endpoint is outside the JSON contracts: the
// signature is checked over the raw body and each event is applied once (src/lib/server/orders).
import { orders } from '#lib/server/orders/index.ts';

export const POST = orders.stripeWebhook;
