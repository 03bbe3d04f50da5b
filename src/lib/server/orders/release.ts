// Giving back what a placed order took: the pieces of stock it holds (order_stock_holds, effective and
// external apart) and its coupon redemption. Shared by the expiry of an unpaid order and the ERP's
// cancellation (src/lib/server/orders/status), each inside the transaction that cancels the order.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';

const StockHoldRow = z.object({ productId: z.number(), effective: z.number(), external: z.number() });

/** Returns the order's stock and coupon redemption and marks it cancelled; the caller holds its row lock. */
export async function cancelAndRelease(tx: Db, orderId: string, couponCode: string | null): Promise<void> {
  const holds = await rows(
    tx,
    StockHoldRow,
    sql`
    DELETE FROM order_stock_holds WHERE order_id = ${orderId}
    RETURNING product_id AS "productId", effective, external`,
  );
  // Product rows in id order, as orders take them, so a cancellation and a checkout never deadlock.
  for (const hold of holds.sort((a, b) => a.productId - b.productId)) {
    await tx.execute(sql`
      UPDATE stock SET effective_stock = effective_stock + ${hold.effective}, external_stock = external_stock + ${hold.external},
        updated_at = now()
      WHERE product_id = ${hold.productId}`);
  }
  if (couponCode) {
    await tx.execute(sql`UPDATE coupons SET redemptions = GREATEST(redemptions - 1, 0) WHERE code = ${couponCode}`);
  }
  await tx.execute(sql`UPDATE orders SET status = 'cancelled', last_modified = now() WHERE id = ${orderId}`);
}
