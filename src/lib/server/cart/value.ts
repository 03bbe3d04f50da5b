// What one cart may be worth: its goods at most MAX_CART_NET_CENTS net (src/lib/cart/rules.ts), so an
// order's total always fits the integer column that keeps it. A write that adds pieces checks the sum
// in its own transaction, after the change and before the commit: a refused write changes nothing
// (a bulk add's line is rolled back alone). The order checks the priced cart again, as prices may
// have risen since the pieces went in.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { MAX_CART_NET_CENTS, cartValueExceeded, type CartTotalsCents } from '#lib/cart/rules.ts';
import { cartValueLimit } from './errors.ts';
import { priceLateral } from './pricing.ts';

const CartTermsRow = z.object({ currency: z.string(), priceListId: z.number().nullable() });
const GoodsRow = z.object({ net: z.string().nullable() });

/**
 * The cart's goods, net, as pricing charges them (each piece at its effective price for the line's
 * quantity, price breaks and accessories included) summed in SQL, so the check costs one round trip
 * and no rendering of the lines.
 */
export async function assertCartValue(tx: Db, cartId: string): Promise<void> {
  const [cart] = await rows(
    tx,
    CartTermsRow,
    sql`
    SELECT c.currency, cu.price_list_id AS "priceListId" FROM carts c LEFT JOIN customers cu ON cu.id = c.customer_id
    WHERE c.id = ${cartId}`,
  );
  if (!cart) return;
  const pricing = { currency: cart.currency, priceListId: cart.priceListId };
  // numeric: 100 lines of 9,999 pieces at any price cannot overflow the sum itself.
  const [goods] = await rows(
    tx,
    GoodsRow,
    sql`
    SELECT sum(ci.quantity::numeric * (coalesce(price.special, price.regular, 0) + coalesce(accessory.net, 0)))::text AS net
    FROM cart_items ci JOIN products p ON p.id = ci.product_id ${priceLateral(pricing, sql`ci.quantity`)}
    LEFT JOIN LATERAL (
      SELECT sum(coalesce(price.special, price.regular, 0)) AS net
      FROM jsonb_array_elements_text(ci.accessory_skus) AS s(sku) JOIN products p ON lower(p.sku) = lower(s.sku)
        ${priceLateral(pricing, sql`ci.quantity`)}
    ) accessory ON true
    WHERE ci.cart_id = ${cartId}`,
  );
  if (Number(goods?.net ?? 0) > MAX_CART_NET_CENTS) throw cartValueLimit(cart.currency);
}

/** Refuses to order a priced cart worth more than one order may be. */
export function assertOrderValue(cart: { currency: string; totals: CartTotalsCents }): void {
  if (cartValueExceeded(cart.totals)) throw cartValueLimit(cart.currency);
}
