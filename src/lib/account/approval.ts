// When a company's order needs an approver's decision before it is placed (issue 36, budgets and approval).
// Pure: the caller reads the limits and what was spent this month, under the company's row lock, so two
// orders of one company never both count the same remainder of a budget (src/lib/server/approvals).
//
// An order needs approval when its total exceeds the user's order limit, or the user's spend this month
// plus the order exceeds their monthly budget, or the company's spend this month plus the order exceeds
// the company's monthly budget. A limit of null is none; an order exactly at a limit passes. Spend counts
// the month's orders that are not cancelled (a rejected or expired one is cancelled), those still awaiting
// approval included: a waiting order is a claim on the budget until someone decides.

export const APPROVAL_REASONS = ['orderLimit', 'userBudget', 'companyBudget'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

export interface ApprovalFacts {
  /** The order's grand total in cents. */
  totalCents: number;
  user: { orderLimitCents: number | null; monthlyBudgetCents: number | null; spentCents: number };
  company: { monthlyBudgetCents: number | null; spentCents: number };
}

/** Why the order needs approval, in the order of APPROVAL_REASONS; empty when it is placed at once. */
export function approvalReasons({ totalCents, user, company }: ApprovalFacts): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (user.orderLimitCents !== null && totalCents > user.orderLimitCents) reasons.push('orderLimit');
  if (user.monthlyBudgetCents !== null && user.spentCents + totalCents > user.monthlyBudgetCents)
    reasons.push('userBudget');
  if (company.monthlyBudgetCents !== null && company.spentCents + totalCents > company.monthlyBudgetCents)
    reasons.push('companyBudget');
  return reasons;
}

/**
 * Whether `userId` may decide on an order `buyerId` placed. Nobody approves their own order, so a limit
 * means something, unless no other active user of the company may approve: then the order could never be
 * placed at all, and the limit still makes the buyer look at it a second time on the Approvals page.
 */
export function maySelfDecide(userId: string, buyerId: string | null, otherApprovers: number): boolean {
  return userId !== buyerId || otherApprovers === 0;
}

/**
 * A money amount typed into the budgets form, in major units ("500", "1.250,50", "1250.5"), as cents; empty
 * is null (no limit). The codes name what is wrong, so the page says it beside the field.
 */
export type ParsedAmount =
  | { ok: true; cents: number | null }
  | { ok: false; code: 'BUDGET_NOT_A_NUMBER' | 'BUDGET_NEGATIVE' | 'BUDGET_TOO_LARGE' };

/** The largest amount the database's integer cents hold, in whole units, rounded down to a round figure. */
const MAX_BUDGET_CENTS = 2_000_000_000;

export function parseAmount(input: string): ParsedAmount {
  const text = input.trim().replace(/\s/g, '');
  if (text === '') return { ok: true, cents: null };
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  // One decimal mark (comma or point) with up to two decimals; the other mark may group thousands.
  const match = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(digits);
  if (!match) return { ok: false, code: 'BUDGET_NOT_A_NUMBER' };
  const whole = match[1]!.replace(/[.,]/g, '');
  if (match[2] !== undefined && match[3] !== undefined && digits.charAt(match[1]!.length) === match[2])
    return { ok: false, code: 'BUDGET_NOT_A_NUMBER' };
  const cents = Number(whole) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (negative) return cents === 0 ? { ok: true, cents: 0 } : { ok: false, code: 'BUDGET_NEGATIVE' };
  if (cents > MAX_BUDGET_CENTS) return { ok: false, code: 'BUDGET_TOO_LARGE' };
  return { ok: true, cents };
}
