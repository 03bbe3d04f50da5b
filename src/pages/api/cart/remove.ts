// Remove from cart. Body { lineId, version, cartId?, locale? }.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.remove;
