// Payment methods (spec section 7): only what this shop has configured.
import { endpoint } from '#lib/server/http.ts';
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = endpoint((context) => checkout().paymentMethods(context));
