// Post order comment: the shopper's feedback from the thank-you page.
import { orders } from '#lib/server/orders/index.ts';

export const prerender = false;

export const POST = orders.comment;
