// Get order by id (the id is the capability; see src/lib/server/orders/store.ts).
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.get;
