// The signed-in customer's saved addresses for the checkout forms.
import { endpoint } from '#lib/server/http.ts';
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = endpoint((context) => checkout().addresses(context));
