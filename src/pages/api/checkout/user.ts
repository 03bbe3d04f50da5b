// Update checkout user: a guest asks for an account with the order.
import { checkout } from '#lib/server/checkout/index.ts';

export const prerender = false;

export const POST = checkout.user;
