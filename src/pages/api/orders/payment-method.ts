// Post order payment method: change how an unpaid order will be paid.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().paymentMethod(context));
