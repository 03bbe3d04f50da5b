// Orders and order count (spec section 7): POST {limit?, offset?} -> { orders, count }, the signed-in
// customer's own orders, newest first. 401 UNAUTHENTICATED for guests.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().list(context));
