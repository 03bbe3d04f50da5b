// A company's credit on account (docs/accounts.md, "Credit limit"): the limit is the customer's
// credit_limit_cents, the open balance the sum of its invoice orders that are neither paid nor cancelled.
// The balance is summed, never stored, so an order, a cancellation or the ERP's payment report moves it by
// existing and nothing can drift. Orders awaiting a decision count too: they are promises the company made.
//
// Checked in the order's transaction under the company's row lock: two invoice orders placed at once by two
// users of one company queue on it, and the second sums the first, so together they never pass the limit.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { creditAllows, type CreditStanding } from '#lib/orders/credit.ts';
import { creditCurrency, creditLimitExceeded } from './errors.ts';

const CompanyCreditRow = z.object({ limitCents: z.number().nullable(), currency: z.string() });
const BalanceRow = z.object({ cents: z.number() });

/** What the company owes on unpaid, uncancelled invoice orders in `currency` (orders_open_invoice_idx). */
async function openBalance(db: Db, customerId: string, currency: string): Promise<number> {
  const [row] = await rows(
    db,
    BalanceRow,
    sql`
    SELECT coalesce(sum(grand_total_cents), 0)::int AS cents FROM orders
    WHERE customer_id = ${customerId} AND currency = ${currency}
      AND payment_method_code = 'invoice' AND status <> 'cancelled' AND payment_status <> 'paid'`,
  );
  return row?.cents ?? 0;
}

/** The company's credit as its admin sees it; null for a company that does not exist. */
export async function creditStanding(
  db: Db,
  customerId: string,
  options: { lock?: boolean } = {},
): Promise<CreditStanding | null> {
  const [company] = await rows(
    db,
    CompanyCreditRow,
    sql`
    SELECT credit_limit_cents AS "limitCents", currency FROM customers WHERE id = ${customerId}
    ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!company) return null;
  return { ...company, balanceCents: await openBalance(db, customerId, company.currency) };
}

export interface CreditedOrder {
  customerId: string | null;
  paymentMethodCode: string;
  grandTotalCents: number;
  currency: string;
}

/**
 * Refuses an invoice order that would take the company's open balance beyond its credit limit
 * (CREDIT_LIMIT_EXCEEDED, naming limit and balance), or one in a currency other than the one the limit is
 * kept in (CREDIT_CURRENCY). Guests, other payment methods and companies without a limit pass untouched.
 */
export async function checkCredit(db: Db, order: CreditedOrder): Promise<void> {
  if (order.customerId === null || order.paymentMethodCode !== 'invoice' || order.grandTotalCents === 0) return;
  const standing = await creditStanding(db, order.customerId, { lock: true });
  if (standing === null || standing.limitCents === null) return;
  // The limit is a sum of one currency; an order in another cannot be weighed against it without a rate.
  if (order.currency !== standing.currency) throw creditCurrency(standing.currency);
  if (!creditAllows(standing, order.grandTotalCents))
    throw creditLimitExceeded({ ...standing, limitCents: standing.limitCents }, order.grandTotalCents);
}
