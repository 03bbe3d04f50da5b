// A guest order placed with an account request (checkout's "create an account") becomes the new
// customer's when the account is activated from the mailed link, and its addresses become the
// account's defaults, as they would have had the account existed when the order was placed.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { document, rows } from '../db/index.ts';
import { saveAsDefault } from '../checkout/index.ts';
import type { Address } from '#lib/checkout/address.ts';

const ClaimedRow = z.object({
  billing: document<Address>('an address').nullable(),
  shipping: document<Address>('an address').nullable(),
});

/**
 * Only a guest order placed with the new customer's address is taken over. It becomes a customer's
 * order, placed by its primary user (the customer's own id): reached by its signed-in owner, so the guest
 * access secret is dropped.
 */
export async function claimGuestOrder(tx: Db, customer: { id: string; email: string }, orderId: string): Promise<void> {
  const [claimed] = await rows(
    tx,
    ClaimedRow,
    sql`
    UPDATE orders SET customer_id = ${customer.id}, user_id = ${customer.id}, access_secret_hash = NULL, last_modified = now()
    WHERE id = ${orderId} AND customer_id IS NULL AND lower(email) = lower(${customer.email})
    RETURNING cart_info -> 'billingAddress' AS billing, cart_info -> 'shippingAddress' AS shipping`,
  );
  if (!claimed) return;
  if (claimed.billing) await saveAsDefault(tx, customer.id, { ...claimed.billing, id: undefined }, 'billing');
  if (claimed.shipping) await saveAsDefault(tx, customer.id, { ...claimed.shipping, id: undefined }, 'shipping');
}
