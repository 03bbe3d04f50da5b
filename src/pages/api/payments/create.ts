// Create payment: what the browser does next to pay an order; the amount is the order's.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.createPayment;
