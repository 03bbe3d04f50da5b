// Create cart: the shopper's active cart, created when missing. Body { locale? }.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.create;
