// Update cart address or method: one of shippingAddress, billingAddress, shippingMethod.
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = checkout.update;
