// customerItemsApi.set (src/lib/customer-items/contract.ts) says what this endpoint takes and answers.
import { customerItems } from '#lib/server/customer-items/index.ts';

export const POST = customerItems.set;
