// checkoutApi.shippingMethods (src/lib/checkout/contract.ts) says what this endpoint takes and answers.
import { checkout } from '#lib/server/checkout/index.ts';

export const POST = checkout.shippingMethods;
