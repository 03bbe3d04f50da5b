// cartApi.quantity (src/lib/cart/contract.ts) says what this endpoint takes and answers.
import { cart } from '#lib/server/cart/index.ts';

export const POST = cart.quantity;
