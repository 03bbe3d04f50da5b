// bulkCartApi.addMany (src/lib/cart/bulk-contract.ts) says what this endpoint takes and answers.
import { bulkCart } from '#lib/server/cart/index.ts';

export const POST = bulkCart.addMany;
