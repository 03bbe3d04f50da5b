// Update cart address or method (spec section 7): one of shippingAddress, billingAddress, shippingMethod.
import { endpoint } from '#lib/server/http.ts';
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = endpoint((context) => checkout().update(context));
