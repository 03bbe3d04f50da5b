// approvalsApi.budgets (src/lib/approvals/contract.ts) says what this endpoint takes and answers.
import { orders } from '#lib/server/orders/index.ts';

export const POST = orders.budgets;
