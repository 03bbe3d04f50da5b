// Login hands the guest's cart over to the user who signs in (carts are per user, not per company): that
// user's active cart is used if it exists. Called by the auth flow right after a successful login, then
// clearCartCookie().
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { MAX_QUANTITY } from '#lib/cart/rules.ts';
import { isUuid, rows } from '../db/index.ts';
import { findOwnedCartId, lockCartHolder, setActiveCart } from './queries.ts';

/**
 * fitMergedQuantity (src/lib/cart/rules.ts) in SQL, for a capped quantity `q` and a products row `p`:
 * raised to the next quantity the rule allows, or the largest allowed one under MAX_QUANTITY.
 */
function fittedQuantity(q: SQL): SQL {
  const min = sql`GREATEST(p.min_quantity, 1)`;
  const step = sql`GREATEST(p.quantity_step, 1)`;
  const up = sql`(CASE WHEN ${q} <= ${min} THEN ${min}
    ELSE ${min} + ((${q} - ${min} + ${step} - 1) / ${step}) * ${step} END)`;
  return sql`CASE WHEN ${up} <= ${MAX_QUANTITY} THEN ${up}
    WHEN ${up} - ${step} >= ${min} THEN ${up} - ${step} ELSE ${q} END`;
}

const GuestCartRow = z.object({ id: z.string(), couponCode: z.string().nullable() });

export interface MergeResult {
  /** The user's active cart afterwards (null when neither cart existed). */
  cartId: string | null;
  /** True when guest lines were moved (or the guest cart was adopted). */
  merged: boolean;
}

/** The signed-in user a guest cart goes to, and their company. */
export interface CartHolder {
  customerId: string;
  userId: string;
}

/**
 * Moves a guest cart into the signed-in user's active cart by the cart's line rule (tests/integration/
 * cart-merge-rule.test.ts proves the SQL below agrees with its reference model): lines with the same
 * sku and accessory set are merged with quantities summed (capped at 9999 per line and fitted to the
 * product's quantity rule: a login must not fail), other lines are added, the user's coupon wins
 * over the guest's, and the guest cart is marked 'merged' so its cookie opens nothing any more.
 * Without an active cart of the user the guest cart itself becomes theirs, re-priced in their
 * company's currency. A colleague's cart is never touched.
 *
 * Safe to call twice or concurrently: the user row and both carts are locked, and a guest cart
 * that is no longer an active, unowned cart is left alone.
 */
export async function mergeGuestCartIntoAccount(db: Db, guestCartId: string, holder: CartHolder): Promise<MergeResult> {
  const owner = { ...holder, guestCartId: null };
  return db.transaction(async (tx) => {
    const { currency } = await lockCartHolder(tx, owner);
    const targetId = await findOwnedCartId(tx, owner);
    if (!isUuid(guestCartId)) return { cartId: targetId, merged: false };

    const [guest] = await rows(
      tx,
      GuestCartRow,
      sql`
      SELECT id, coupon_code AS "couponCode" FROM carts
      WHERE id = ${guestCartId} AND customer_id IS NULL AND user_id IS NULL AND status = 'active' FOR UPDATE`,
    );
    if (!guest || guest.id === targetId) return { cartId: targetId, merged: false };

    if (!targetId) {
      await tx.execute(sql`
        UPDATE carts SET customer_id = ${holder.customerId}, user_id = ${holder.userId}, currency = ${currency},
          version = version + 1, updated_at = now()
        WHERE id = ${guest.id}`);
      await setActiveCart(tx, holder.userId, guest.id);
      return { cartId: guest.id, merged: true };
    }

    await tx.execute(sql`SELECT id FROM carts WHERE id = ${targetId} FOR UPDATE`);
    // One statement: the guest cart holds each (sku, accessories_key) once, so no row is hit twice.
    await tx.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, sku, quantity, accessories_key, accessory_skus, created_at)
      SELECT ${targetId}, product_id, sku, quantity, accessories_key, accessory_skus, now() FROM cart_items
      WHERE cart_id = ${guest.id}
      ON CONFLICT (cart_id, sku, accessories_key)
      DO UPDATE SET quantity = LEAST(cart_items.quantity + excluded.quantity, ${MAX_QUANTITY})`);
    // Two allowed quantities need not sum to one (a minimum of 3 in steps of 2 allows 3 and 5, not 6),
    // and the cap need not be allowed: the lines the guest brought are fitted to their product's rule.
    await tx.execute(sql`
      UPDATE cart_items ci SET quantity = ${fittedQuantity(sql`ci.quantity`)}
      FROM products p
      WHERE p.id = ci.product_id AND ci.cart_id = ${targetId} AND (p.min_quantity > 1 OR p.quantity_step > 1)
        AND (ci.sku, ci.accessories_key) IN (
          SELECT g.sku, g.accessories_key FROM cart_items g WHERE g.cart_id = ${guest.id})`);
    await tx.execute(sql`
      UPDATE carts SET coupon_code = COALESCE(coupon_code, ${guest.couponCode}), version = version + 1, updated_at = now()
      WHERE id = ${targetId}`);
    await tx.execute(
      sql`UPDATE carts SET status = 'merged', version = version + 1, updated_at = now() WHERE id = ${guest.id}`,
    );
    return { cartId: targetId, merged: true };
  });
}
