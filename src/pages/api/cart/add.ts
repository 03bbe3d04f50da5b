// Add to cart (spec section 7). Body { sku, quantity, accessories?, version?, cartId?, locale? }; without version the add is serialised.
import { endpoint } from '#lib/server/http.ts';
import { cart } from '#lib/server/cart/index.ts';

export const prerender = false;

export const POST = endpoint((context) => cart().add(context));
