// cartApi.get and cartApi.getByQuery (src/lib/cart/contract.ts) say what this endpoint takes and answers.
import { cart } from '#lib/server/cart/index.ts';

export const POST = cart.get;
export const GET = cart.getByQuery;
