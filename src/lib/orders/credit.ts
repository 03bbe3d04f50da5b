// Payment on account: what a company may still buy on invoice. The limit is the merchant's (set by the
// customer import), the balance is what the company owes on unpaid invoice orders; both in cents of the
// company's currency. Pure, so the checkout's refusal and the account's figures are one computation.

export interface CreditStanding {
  /** The most the company may owe; null: no limit. */
  limitCents: number | null;
  /** What it owes now on unpaid, uncancelled invoice orders. */
  balanceCents: number;
  currency: string;
}

/** What is left to buy on invoice; null without a limit, never below 0 (a lowered limit can leave less). */
function availableCredit(standing: CreditStanding): number | null {
  if (standing.limitCents === null) return null;
  return Math.max(0, standing.limitCents - standing.balanceCents);
}

/** Whether an invoice order of `orderCents` keeps the balance within the limit; reaching it exactly is fine. */
export function creditAllows(standing: CreditStanding, orderCents: number): boolean {
  return standing.limitCents === null || standing.balanceCents + orderCents <= standing.limitCents;
}

/** The account's credit panel, formatted: limit and available are null for a company without a limit. */
export interface CreditSummary {
  limit: string | null;
  balance: string;
  available: string | null;
}

/** The panel's figures in the page's locale; null when there is nothing to say (no limit, nothing owed). */
export function creditSummary(standing: CreditStanding, format: (cents: number) => string): CreditSummary | null {
  if (standing.limitCents === null && standing.balanceCents === 0) return null;
  const available = availableCredit(standing);
  return {
    limit: standing.limitCents === null ? null : format(standing.limitCents),
    balance: format(standing.balanceCents),
    available: available === null ? null : format(available),
  };
}
