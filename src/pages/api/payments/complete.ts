// Back from Stripe or PayPal: the server asks the provider what happened and applies it once.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().completePayment(context));
