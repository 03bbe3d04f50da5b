// Update coupon code (spec section 7); an empty code removes it. Body { code, version, cartId?, locale? }.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().coupon(context));
