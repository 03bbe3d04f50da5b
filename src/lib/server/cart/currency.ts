// The shopper's currency choice, server side: moving the current cart into the chosen one. Lines
// carry no prices (a cart is priced when read, in its own currency), so moving a cart is one column
// and a version bump.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { Currency } from '#lib/shared/currency.ts';
import { ownedBy, type CartOwner } from './queries.ts';

const MovedRow = z.object({ id: z.string() });

/**
 * Moves the owner's active cart (if any) to `currency`. The version moves too, so a tab holding the
 * old cart refetches it instead of showing prices in the old currency. Returns the cart id, or null
 * when the owner has no active cart or it already is in that currency.
 */
export async function moveCartToCurrency(db: Db, owner: CartOwner, currency: Currency): Promise<string | null> {
  const [moved] = await rows(
    db,
    MovedRow,
    sql`
    UPDATE carts c SET currency = ${currency}, version = c.version + 1, updated_at = now()
    WHERE c.status = 'active' AND c.currency <> ${currency} AND ${ownedBy(owner)}
    RETURNING c.id`,
  );
  return moved?.id ?? null;
}
