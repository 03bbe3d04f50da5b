// Delete cart (spec section 7). Body { version, cartId? }; answers { cart: null }.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().delete(context));
