// Where each approval and budget operation lives: method and path only (the contract adds the schemas).
import { route } from '../http/route.ts';

export const approvalsRoutes = {
  decide: route('POST', '/api/account/approvals/decide'),
  budgets: route('POST', '/api/account/budgets'),
} as const;
