// Get cart (spec section 7): { cart } or { cart: null }. POST body { locale?, cartId? }, or GET ?locale=.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().get(context));
export const GET = endpoint((context) => cart().get(context, {}));
