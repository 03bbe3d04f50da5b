// Approval and budget contracts (docs/accounts.md, "Budgets and approval"): an approver decides on an order
// of their company that waits for approval; a company admin sets the company's monthly budget and each
// user's order limit and monthly budget. Both serve the JSON call and the account pages' plain forms.
import { z } from 'astro/zod';
import { operation } from '../http/contract.ts';
import { text } from '../http/fields.ts';
import { APPROVAL_DECISIONS } from '../account/approval.ts';
import { approvalsRoutes } from './routes.ts';

/** What an approver writes to the buyer; a rejection must say why. */
const APPROVAL_COMMENT_MAX = 1000;

const decideRequestSchema = z
  .object({
    orderId: z.string().uuid(),
    decision: z.enum(APPROVAL_DECISIONS),
    comment: z
      .string()
      .transform((v) => v.replace(/\r\n?/g, '\n').trim())
      .pipe(text({ max: APPROVAL_COMMENT_MAX, multiline: true, tooLong: 'tooLong', invalid: 'invalidCharacters' }))
      .default(''),
  })
  .strict()
  .refine((r) => r.decision !== 'rejected' || r.comment !== '', { path: ['comment'], error: 'required' });

const decideResponseSchema = z.object({
  order: z.object({
    id: z.string(),
    transactionnum: z.string(),
    status: z.string(),
    decision: z.enum(APPROVAL_DECISIONS),
  }),
});

/**
 * An amount in major units as typed ("500", "1.250,50"), '' for none. A string, so the form and the JSON call
 * meet the same rule (src/lib/account/approval.ts parseAmount) and the same coded errors.
 */
const amountSchema = text({ max: 40 });

const budgetsRequestSchema = z
  .object({
    /** The user whose limits these are; absent: the company's monthly budget. */
    userId: z.string().uuid().optional(),
    /** A user's largest order without approval; not for the company. */
    orderLimit: amountSchema.optional(),
    monthlyBudget: amountSchema,
  })
  .strict()
  .refine((r) => r.userId !== undefined || r.orderLimit === undefined, { path: ['orderLimit'], error: 'unknown' });

const budgetsResponseSchema = z.object({
  userId: z.string().nullable(),
  orderLimitCents: z.number().int().nullable(),
  monthlyBudgetCents: z.number().int().nullable(),
});

export const approvalsApi = {
  /**
   * Approve or reject an order of the approver's company that waits for approval. Another company's order,
   * or one the user may not see, is ORDER_NOT_FOUND; one decided already ORDER_NOT_AWAITING_APPROVAL (two
   * approvers at once: one decision counts); the approver's own order SELF_APPROVAL while a colleague may decide.
   */
  decide: operation({
    ...approvalsRoutes.decide,
    request: decideRequestSchema,
    response: decideResponseSchema,
    errors: ['UNAUTHENTICATED', 'PERMISSION_DENIED', 'ORDER_NOT_FOUND', 'ORDER_NOT_AWAITING_APPROVAL', 'SELF_APPROVAL'],
  }),
  /** Set the company's monthly budget, or one user's order limit and monthly budget ('' = none). */
  budgets: operation({
    ...approvalsRoutes.budgets,
    request: budgetsRequestSchema,
    response: budgetsResponseSchema,
    errors: [
      'UNAUTHENTICATED',
      'PERMISSION_DENIED',
      'BUDGET_NOT_A_NUMBER',
      'BUDGET_NEGATIVE',
      'BUDGET_TOO_LARGE',
      'BUDGET_USER_NOT_FOUND',
    ],
  }),
};
