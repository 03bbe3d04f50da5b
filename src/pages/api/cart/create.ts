// Create cart (spec section 7): the shopper's active cart, created when missing. Body { locale? }.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().create(context));
