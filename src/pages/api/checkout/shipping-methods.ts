// Shipping methods for a country, priced for the shopper's cart.
import { endpoint } from '#lib/server/http.ts';
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = endpoint((context) => checkout().shippingMethods(context));
