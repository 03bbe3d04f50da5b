// An accepted quote's lines into the buyer's cart (src/lib/server/quotes/writes.ts): each at its quoted
// quantity and linked to its quote line, whose price then applies (priced-line.ts). A line of the same
// item and accessories already in the cart becomes the quoted line, quantity included: the quote's
// price holds for exactly that many. The cart's line and value limits apply as to any other write.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { MAX_CART_LINES } from '#lib/cart/rules.ts';
import { tooManyLines } from './errors.ts';
import { writeSerialised } from './mutations.ts';
import { ensureCart, type CartOwner } from './queries.ts';
import { assertCartValue } from './value.ts';

export interface QuotedLine {
  quoteLineId: string;
  productId: number;
  sku: string;
  accessoriesKey: string;
  accessorySkus: string[];
  quantity: number;
}

const CountRow = z.object({ count: z.number() });

/** Writes the lines into the signed-in owner's cart (opened when they have none), in the caller's transaction. */
export async function putQuotedLines(
  db: Db,
  owner: CartOwner,
  currency: string,
  lines: readonly QuotedLine[],
): Promise<void> {
  const { cartId } = await ensureCart(db, owner, currency);
  await writeSerialised(db, { owner, expectedCartId: cartId }, async (tx, id) => {
    const values = lines.map(
      (l) =>
        sql`(${id}::uuid, ${l.productId}, ${l.sku}, ${l.quantity}, ${l.accessoriesKey}, ${JSON.stringify(l.accessorySkus)}::jsonb, ${l.quoteLineId}::uuid)`,
    );
    await tx.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, sku, quantity, accessories_key, accessory_skus, quote_line_id)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (cart_id, sku, accessories_key)
      DO UPDATE SET quantity = excluded.quantity, quote_line_id = excluded.quote_line_id`);
    const [held] = await rows(tx, CountRow, sql`SELECT count(*)::int AS count FROM cart_items WHERE cart_id = ${id}`);
    if ((held?.count ?? 0) > MAX_CART_LINES) throw tooManyLines();
    await assertCartValue(tx, id);
  });
}
