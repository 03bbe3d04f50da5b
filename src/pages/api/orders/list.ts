// Orders and order count: POST {limit?, offset?} -> { orders, count }, the signed-in
// customer's own orders, newest first. 401 UNAUTHENTICATED for guests.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.list;
