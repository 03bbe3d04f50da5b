// Stripe webhook: signature verified on the raw body; each event applied once.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.stripeWebhook;
