// Update checkout user (spec section 7): a guest asks for an account with the order.
import { endpoint } from '#lib/server/http.ts';
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = endpoint((context) => checkout().user(context));
