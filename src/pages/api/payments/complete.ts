// Back from Stripe or PayPal: the server asks the provider what happened and applies it once.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.completePayment;
