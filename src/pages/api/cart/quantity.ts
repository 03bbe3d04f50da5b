// Update cart quantity; 0 removes the line. Body { lineId, quantity, version, cartId?, locale? }.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.quantity;
