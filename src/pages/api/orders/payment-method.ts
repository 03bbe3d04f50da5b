// Post order payment method: change how an unpaid order will be paid.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.paymentMethod;
