// The signed-in customer's saved addresses for the checkout forms.
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = checkout.addresses;
