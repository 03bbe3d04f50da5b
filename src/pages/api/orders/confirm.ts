// Confirm order (spec section 4): pending → confirmed once the payment allows it.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().confirm(context));
