// The company's monthly budget and each user's order limit and monthly budget, as a company admin sets
// them (permission manageUsers). Amounts come typed in major units and are parsed by one rule
// (src/lib/account/approval.ts parseAmount) for the JSON call and the page's form alike.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { parseAmount } from '#lib/account/approval.ts';
import { ApiError } from '../http.ts';

const MESSAGES = {
  BUDGET_NOT_A_NUMBER: 'Please enter an amount such as 500 or 1250.50, or nothing for no limit.',
  BUDGET_NEGATIVE: 'An amount cannot be below zero.',
  BUDGET_TOO_LARGE: 'This amount is larger than any order can be.',
} as const;

/** The amount in cents, or the coded error naming the field (details.field). */
function cents(field: 'orderLimit' | 'monthlyBudget', input: string): number | null {
  const parsed = parseAmount(input);
  if (!parsed.ok) throw new ApiError(parsed.code, MESSAGES[parsed.code], 400, { field });
  return parsed.cents;
}

const UserBudgetRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
  orderLimitCents: z.number().nullable(),
  monthlyBudgetCents: z.number().nullable(),
});
export type UserBudget = z.infer<typeof UserBudgetRow>;
const CompanyRow = z.object({ monthlyBudgetCents: z.number().nullable(), currency: z.string() });
const IdRow = z.object({ id: z.string() });

export interface BudgetChange {
  customerId: string;
  userId?: string | undefined;
  orderLimit?: string | undefined;
  monthlyBudget: string;
}

export interface BudgetResult {
  userId: string | null;
  orderLimitCents: number | null;
  monthlyBudgetCents: number | null;
}

/** Sets the company's budget, or a user's limits; a user of another company is BUDGET_USER_NOT_FOUND. */
export async function setBudgets(db: Db, change: BudgetChange): Promise<BudgetResult> {
  const monthlyBudgetCents = cents('monthlyBudget', change.monthlyBudget);
  if (change.userId === undefined) {
    await db.execute(
      sql`UPDATE customers SET monthly_budget_cents = ${monthlyBudgetCents}, updated_at = now() WHERE id = ${change.customerId}`,
    );
    return { userId: null, orderLimitCents: null, monthlyBudgetCents };
  }
  const orderLimitCents = cents('orderLimit', change.orderLimit ?? '');
  const updated = await rows(
    db,
    IdRow,
    sql`
    UPDATE customer_users SET order_limit_cents = ${orderLimitCents}, monthly_budget_cents = ${monthlyBudgetCents},
      updated_at = now()
    WHERE id = ${change.userId} AND customer_id = ${change.customerId} RETURNING id`,
  );
  if (updated.length === 0) throw new ApiError('BUDGET_USER_NOT_FOUND', 'There is no such user in your company.', 404);
  return { userId: change.userId, orderLimitCents, monthlyBudgetCents };
}

export interface CompanyBudgets {
  monthlyBudgetCents: number | null;
  currency: string;
  users: UserBudget[];
}

/** The company's budget and its users' limits, for the budgets page. */
export async function companyBudgets(db: Db, customerId: string): Promise<CompanyBudgets> {
  const [company] = await rows(
    db,
    CompanyRow,
    sql`SELECT monthly_budget_cents AS "monthlyBudgetCents", currency FROM customers WHERE id = ${customerId}`,
  );
  const users = await rows(
    db,
    UserBudgetRow,
    sql`
    SELECT id, name, email, role, status, order_limit_cents AS "orderLimitCents", monthly_budget_cents AS "monthlyBudgetCents"
    FROM customer_users WHERE customer_id = ${customerId} ORDER BY (id = customer_id) DESC, lower(name), id`,
  );
  return { monthlyBudgetCents: company?.monthlyBudgetCents ?? null, currency: company?.currency ?? 'EUR', users };
}
