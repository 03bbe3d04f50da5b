// Create payment (spec section 7): what the browser does next to pay an order; the amount is the order's.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().createPayment(context));
