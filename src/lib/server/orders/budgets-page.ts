// /my-account/company-budgets: the company's monthly budget and each user's order limit and monthly
// budget, for users with the permission manageUsers. Each form posts to the page itself and is the JSON
// endpoint's own state change (approval-routes.ts): a save redirects back (303) saying so; a refused
// amount renders the page again (422) with what was typed and the reason beside the field.
import { ApiError } from '../http.ts';
import { formAction, formField, postedForm, submitForm } from '../http-form.ts';
import { getDb } from '../db/index.ts';
import type { AccountContext, AccountLoad } from '../account/index.ts';
import { companyBudgets, type UserBudget } from './budgets.ts';
import type { ApprovalChanges } from './approval-routes.ts';

const PATH = '/my-account/company-budgets';
const MAX_FORM_BYTES = 4 * 1024;

type BudgetProblem = 'BUDGET_NOT_A_NUMBER' | 'BUDGET_NEGATIVE' | 'BUDGET_TOO_LARGE' | 'form';

export interface BudgetsData {
  currency: string;
  /** The company's budget as the field shows it ('' for none). */
  companyBudget: string;
  users: (Pick<UserBudget, 'id' | 'name' | 'email' | 'role'> & { orderLimit: string; monthlyBudget: string })[];
  done: boolean;
  /** A refused form: whose ('' for the company's), what was typed, and which field is wrong why. */
  failed: {
    userId: string;
    values: { orderLimit: string; monthlyBudget: string };
    field: 'orderLimit' | 'monthlyBudget' | null;
    problem: BudgetProblem;
  } | null;
}

/** Cents as the field shows them: major units with two decimals, none for no limit. */
const amount = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

const PROBLEMS: readonly string[] = ['BUDGET_NOT_A_NUMBER', 'BUDGET_NEGATIVE', 'BUDGET_TOO_LARGE'];

export const budgetsPage = (changes: ApprovalChanges) => {
  const save = formAction(changes.budgets, {
    userId: formField.optional('userId'),
    orderLimit: (form) => (form.has('orderLimit') ? (form.get('orderLimit') ?? '') : undefined),
    monthlyBudget: formField.text('monthlyBudget'),
  });

  return async ({ request, shopper }: AccountContext): Promise<AccountLoad<BudgetsData>> => {
    let failed: BudgetsData['failed'] = null;
    if (request.request.method === 'POST') {
      const form = await postedForm(request.request, MAX_FORM_BYTES);
      const outcome =
        form instanceof ApiError ? { ok: false as const, error: form } : await submitForm(save, form, request);
      if (outcome.ok) return { redirectTo: `${PATH}?done=1` };
      const posted = form instanceof ApiError ? new URLSearchParams() : form;
      const { error } = outcome;
      const field = (error.details as { field?: unknown } | undefined)?.field;
      failed = {
        userId: posted.get('userId') ?? '',
        values: { orderLimit: posted.get('orderLimit') ?? '', monthlyBudget: posted.get('monthlyBudget') ?? '' },
        field: field === 'orderLimit' || field === 'monthlyBudget' ? field : null,
        problem: PROBLEMS.includes(error.code) ? (error.code as BudgetProblem) : 'form',
      };
    }
    const budgets = await companyBudgets(await getDb(), shopper.customerId);
    return {
      currency: budgets.currency,
      companyBudget: amount(budgets.monthlyBudgetCents),
      users: budgets.users.map((u) => ({
        id: u.id,
        name: u.name,
        email: u.email,
        role: u.role,
        orderLimit: amount(u.orderLimitCents),
        monthlyBudget: amount(u.monthlyBudgetCents),
      })),
      done: !failed && request.url.searchParams.get('done') === '1',
      failed,
    };
  };
};
