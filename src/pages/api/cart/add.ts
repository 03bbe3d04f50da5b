// Add to cart. Body { sku, quantity, accessories?, version?, cartId?, locale? }; without version the add is serialised.
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = cart.add;
