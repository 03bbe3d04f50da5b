// What a cart's quoted lines need for their price: the terms of the accepted quote's line each was put
// in from (src/lib/quotes/rules.ts quotedPriceApplies decides whether they still hold). Read with every
// cart, so a quote declined, ordered or past its last day stops applying at the next look. And the
// claim create order makes on the quotes whose prices it charges, so each is charged once. The quotes
// themselves (asked, answered, accepted) are src/lib/server/quotes/'s.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { QUOTE_STATUSES, type QuoteStatus } from '#lib/quotes/rules.ts';

export interface QuoteTerms {
  quoteId: string;
  number: string;
  status: QuoteStatus;
  validUntil: string | null;
  customerId: string;
  currency: string;
  /** The quoted quantity: the price holds for exactly this many. */
  quantity: number;
  unitNetCents: number | null;
}

const TermsRow = z.object({
  lineId: z.string(),
  quoteId: z.string(),
  number: z.string(),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string().nullable(),
  customerId: z.string(),
  currency: z.string(),
  quantity: z.number(),
  unitNetCents: z.number().nullable(),
});

/** The terms of the quote lines `ids` (cart lines' quote_line_id), by quote line id. */
export async function quoteTermsOf(db: Db, ids: readonly string[]): Promise<Map<string, QuoteTerms>> {
  if (ids.length === 0) return new Map();
  const found = await rows(
    db,
    TermsRow,
    sql`
    SELECT l.id AS "lineId", q.id AS "quoteId", q.number, q.status, q.valid_until::text AS "validUntil",
      q.customer_id AS "customerId", q.currency, l.quantity, l.unit_net_cents AS "unitNetCents"
    FROM quote_lines l JOIN quotes q ON q.id = l.quote_id
    WHERE l.id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map(({ lineId, ...terms }) => [lineId, terms]));
}

const ClaimedRow = z.object({ id: z.string() });

/**
 * Inside create order's transaction: the quotes whose prices the order charges become ordered, so their
 * prices are charged once. A quote declined (or ordered by another cart) since the cart was priced
 * refuses the order; the caller answers that the prices changed.
 */
export async function claimQuotesForOrder(tx: Db, quoteIds: readonly string[]): Promise<boolean> {
  const ids = [...new Set(quoteIds)];
  if (ids.length === 0) return true;
  const claimed = await rows(
    tx,
    ClaimedRow,
    sql`
    UPDATE quotes SET status = 'ordered', version = version + 1, updated_at = now()
    WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) AND status = 'accepted'
    RETURNING id`,
  );
  return claimed.length === ids.length;
}
