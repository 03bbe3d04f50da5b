// Confirm order: pending → confirmed once the payment allows it.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.confirm;
