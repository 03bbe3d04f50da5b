// Many lines into a locked cart at once (a quick order of up to 1,000 lines, My Items' "add selected"):
// the cart's lines are read once, every line is checked in order as upsertLine checks one (the sum with
// what the cart or an earlier line of the request holds, MAX_QUANTITY, the quantity rules, the cart's
// line limit), and the accepted ones are written in one statement. Line by line, with a savepoint and
// a value check each, 1,000 lines took 12 s on PGlite; the cart's value is checked once here, after
// the write, by the caller (mutations.ts writeLines), which goes line by line only when it is exceeded.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { MAX_CART_LINES, MAX_QUANTITY, accessoriesKey } from '#lib/cart/rules.ts';
import { isLineError, lineQuantityExceeded, tooManyLines, type LineError } from './errors.ts';
import type { ResolvedLine } from './products.ts';
import { assertQuantityRules } from './quantity-rules.ts';

/** A line of several added at once that the cart refused, with the cart's reason. */
export interface RefusedLine {
  sku: string;
  error: LineError;
  index: number;
}
/** A line the cart would take; `index` is its position in the request, as a refusal's is. */
export interface CheckedLine {
  line: ResolvedLine;
  quantity: number;
  index: number;
}

const StoredLine = z.object({ sku: z.string(), key: z.string(), quantity: z.number() });

interface Pending {
  productId: number;
  sku: string;
  key: string;
  accessorySkus: string[];
  quantity: number;
}

/** Writes the lines the cart takes and returns the refused ones; the cart row must be locked by the caller. */
export async function writeLinesAtOnce(tx: Db, cartId: string, lines: readonly CheckedLine[]): Promise<RefusedLine[]> {
  const stored = await rows(
    tx,
    StoredLine,
    sql`SELECT sku, accessories_key AS key, quantity FROM cart_items WHERE cart_id = ${cartId}`,
  );
  const identity = (sku: string, key: string) => `${sku}\u0000${key}`;
  const quantities = new Map(stored.map((line) => [identity(line.sku, line.key), line.quantity]));
  let count = stored.length;
  const pending = new Map<string, Pending>();
  const refused: RefusedLine[] = [];
  for (const { line, quantity, index } of lines) {
    const key = accessoriesKey(line.accessorySkus);
    const id = identity(line.sku, key);
    const before = quantities.get(id);
    try {
      if (before === undefined && count >= MAX_CART_LINES) throw tooManyLines();
      const sum = (before ?? 0) + quantity;
      if (sum > MAX_QUANTITY) throw lineQuantityExceeded();
      assertQuantityRules(line.rules, sum);
      if (before === undefined) count += 1;
      quantities.set(id, sum);
      pending.set(id, {
        productId: line.productId,
        sku: line.sku,
        key,
        accessorySkus: line.accessorySkus,
        quantity: sum,
      });
    } catch (error) {
      if (!isLineError(error)) throw error;
      refused.push({ sku: line.sku, error, index });
    }
  }
  if (pending.size > 0) {
    const values = [...pending.values()].map(
      (p) =>
        sql`(${cartId}::uuid, ${p.productId}, ${p.sku}, ${p.quantity}, ${p.key}, ${JSON.stringify(p.accessorySkus)}::jsonb)`,
    );
    await tx.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, sku, quantity, accessories_key, accessory_skus)
      VALUES ${sql.join(values, sql`, `)}
      ON CONFLICT (cart_id, sku, accessories_key) DO UPDATE SET quantity = excluded.quantity`);
  }
  return refused;
}
