// Create order (spec section 7): idempotent per key; prices, stock and coupon checked on the server.
import { endpoint } from '#lib/server/http.ts';
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = endpoint((context) => orders().create(context));
