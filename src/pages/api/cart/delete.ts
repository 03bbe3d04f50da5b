// Delete cart. Body { version, cartId? }; answers { cart: null }.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.delete;
