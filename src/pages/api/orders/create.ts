// Create order: idempotent per key; prices, stock and coupon checked on the server.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.create;
