// Shipping methods for a country, priced for the shopper's cart.
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = checkout.shippingMethods;
