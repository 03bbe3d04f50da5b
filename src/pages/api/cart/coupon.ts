// Update coupon code; an empty code removes it. Body { code, version, cartId?, locale? }.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.coupon;
