// Payment methods: only what this shop has configured.
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = checkout.paymentMethods;
