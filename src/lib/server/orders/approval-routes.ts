// The approval and budget state changes, each defined once: the endpoints (src/pages/api/account) answer
// them as JSON, and /my-account/approvals and /my-account/company-budgets take them as plain forms.
// Deciding needs the permission `approve`, budgets `manageUsers` (src/lib/account/roles.ts); what belongs
// to another company is the 404 of a made-up id.
import type { AstroCookies } from 'astro';
import { approvalsApi } from '#lib/approvals/contract.ts';
import type { Order } from '#lib/checkout/contract.ts';
import { authorize } from '../auth/index.ts';
import { stateChange } from '../http.ts';
import { logger } from '../log.ts';
import type { CartDeps } from '../cart/index.ts';
import { decideOrder } from './approval.ts';
import { setBudgets } from './budgets.ts';
import { orderView } from './queries.ts';
import type { ConfirmResult } from './lifecycle.ts';

/** What a change reads of its request: the session's cookies. */
interface ChangeRequest {
  cookies: AstroCookies;
}

/** What the changes need of the order deps (handlers.ts). */
interface ApprovalDeps extends Pick<CartDeps, 'db' | 'shopper'> {
  /** Tells the buyer what became of their order waiting for approval. */
  sendApprovalOutcome(order: Order, locale: string): Promise<void>;
}

export function approvalChanges(deps: ApprovalDeps, afterConfirm: (result: ConfirmResult) => Promise<Order>) {
  return {
    decide: stateChange(approvalsApi.decide, async (body, req: ChangeRequest) => {
      const approver = authorize(await deps.shopper(req.cookies), 'approve');
      const db = await deps.db();
      const decided = await decideOrder(db, {
        customerId: approver.customerId,
        userId: approver.user.id,
        orderId: body.orderId,
        decision: body.decision,
        comment: body.comment,
      });
      // After the commit: a mail that fails is logged, the decision stands.
      await deps
        .sendApprovalOutcome(orderView(decided), decided.locale)
        .catch((error: unknown) => logger.error({ err: error, orderId: decided.id }, 'approval outcome mail failed'));
      // Approved on invoice, the order is confirmed: its confirmation mail goes out as for any order.
      if (decided.status === 'confirmed') await afterConfirm({ order: decided, becameConfirmed: true });
      return {
        order: {
          id: decided.id,
          transactionnum: decided.transactionnum,
          status: decided.status,
          decision: body.decision,
        },
      };
    }),

    budgets: stateChange(approvalsApi.budgets, async (body, req: ChangeRequest) => {
      const admin = authorize(await deps.shopper(req.cookies), 'manageUsers');
      return setBudgets(await deps.db(), { customerId: admin.customerId, ...body });
    }),
  };
}

export type ApprovalChanges = ReturnType<typeof approvalChanges>;
