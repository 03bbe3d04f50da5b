// Whether a company's new order needs approval (src/lib/account/approval.ts), read in the order's
// transaction. The monthly spend is what the company's (and the user's) orders of this calendar month (UTC)
// add up to, not cancelled, in the order's currency (amounts are not converted, as the order caps).
//
// Races: two buyers of one company ordering at once would each read the spend without the other's order
// and both stay within the last of a budget. When a monthly budget applies, the company's row is locked
// (FOR UPDATE) before the spend is read and held until the order commits, so the second order reads the
// first one's total and waits for approval. An order limit alone needs no lock: it looks at one order.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { approvalReasons, type ApprovalReason } from '#lib/account/approval.ts';

const LimitsRow = z.object({
  orderLimitCents: z.number().nullable(),
  userBudgetCents: z.number().nullable(),
  companyBudgetCents: z.number().nullable(),
});
const SpendRow = z.object({ company: z.number(), user: z.number() });

/** The calendar month (UTC) an order placed now counts in. */
const MONTH_START = sql`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

export interface SpendQuestion {
  customerId: string;
  userId: string;
  totalCents: number;
  currency: string;
}

/** Why this order waits for approval; empty when it is placed at once. Call inside the order's transaction. */
export async function orderApprovalReasons(tx: Db, q: SpendQuestion): Promise<ApprovalReason[]> {
  const [limits] = await rows(
    tx,
    LimitsRow,
    sql`
    SELECT u.order_limit_cents AS "orderLimitCents", u.monthly_budget_cents AS "userBudgetCents",
      c.monthly_budget_cents AS "companyBudgetCents"
    FROM customer_users u JOIN customers c ON c.id = u.customer_id
    WHERE u.id = ${q.userId} AND u.customer_id = ${q.customerId}`,
  );
  if (!limits) return [];
  const budgets = limits.userBudgetCents !== null || limits.companyBudgetCents !== null;
  let companyBudgetCents = limits.companyBudgetCents;
  let spent = { company: 0, user: 0 };
  if (budgets) {
    // The lock that makes the company's orders count one after the other (see above); the budget is read
    // again under it, so a change an admin just committed counts too.
    const [locked] = await rows(
      tx,
      z.object({ budget: z.number().nullable() }),
      sql`SELECT monthly_budget_cents AS budget FROM customers WHERE id = ${q.customerId} FOR UPDATE`,
    );
    companyBudgetCents = locked?.budget ?? null;
    [spent = spent] = await rows(
      tx,
      SpendRow,
      sql`
      SELECT coalesce(sum(grand_total_cents), 0)::bigint::float8 AS company,
        coalesce(sum(grand_total_cents) FILTER (WHERE user_id = ${q.userId}), 0)::bigint::float8 AS "user"
      FROM orders
      WHERE customer_id = ${q.customerId} AND status <> 'cancelled' AND currency = ${q.currency}
        AND created_at >= ${MONTH_START}`,
    );
  }
  return approvalReasons({
    totalCents: q.totalCents,
    user: {
      orderLimitCents: limits.orderLimitCents,
      monthlyBudgetCents: limits.userBudgetCents,
      spentCents: spent.user,
    },
    company: { monthlyBudgetCents: companyBudgetCents, spentCents: spent.company },
  });
}
