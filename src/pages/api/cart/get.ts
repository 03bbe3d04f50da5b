// Get cart: { cart } or { cart: null }. POST body { locale?, cartId? }, or GET ?locale=.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.get;
export const GET = cart.getByQuery;
