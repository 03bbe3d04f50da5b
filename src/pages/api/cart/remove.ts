// Remove from cart (spec section 7). Body { lineId, version, cartId?, locale? }.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().remove(context));
