// The shopper's currency choice, server side: moving the current cart into the chosen one. Lines
// carry no prices (a cart is priced when read, in its own currency), so moving a cart is one column
// and a version bump.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { isUuid, rows } from '../db/index.ts';
import type { Currency } from '#lib/shared/currency.ts';
import { ownedBy, type CartOwner } from './queries.ts';

const MovedRow = z.object({ id: z.string(), userId: z.string().nullable() });

/**
 * Moves the owner's active cart (if any) to `currency`. The version moves too, so a tab holding the
 * old cart refetches it instead of showing prices in the old currency. A signed-in user's currency is
 * their company's, and every cart of a company is in it: the active carts of all its users move
 * together (each user still sees only their own). Returns the owner's own cart id, or null when the
 * owner has no active cart or it already is in that currency.
 */
export async function moveCartToCurrency(db: Db, owner: CartOwner, currency: Currency): Promise<string | null> {
  const company = owner.customerId && isUuid(owner.customerId) ? owner.customerId : null;
  const moved = await rows(
    db,
    MovedRow,
    sql`
    UPDATE carts c SET currency = ${currency}, version = c.version + 1, updated_at = now()
    WHERE c.status = 'active' AND c.currency <> ${currency}
      AND ${company ? sql`c.customer_id = ${company}` : ownedBy(owner)}
    RETURNING c.id, c.user_id AS "userId"`,
  );
  return (company ? moved.find((row) => row.userId === owner.userId) : moved[0])?.id ?? null;
}
