// Stripe webhook: signature verified on the raw body; each event applied once.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().stripeWebhook(context));
