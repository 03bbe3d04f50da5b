// Cart rows and who may touch them. A cart owned by a customer is reachable only through that
// customer; a guest reaches a cart only through the id in their cookie, and only while no customer
// owns it. Every function takes the database (or a transaction) explicitly.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { document, isUuid, json, rows } from '../db/index.ts';
import type { Address } from '#lib/checkout/address.ts';
import { customerNotFound } from './errors.ts';

/** Who is asking: a signed-in customer, or a guest with (maybe) a cart id from the cookie. */
export interface CartOwner {
  customerId: string | null;
  guestCartId: string | null;
}

const CartRow = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  currency: z.string(),
  couponCode: z.string().nullable(),
  billingAddress: document<Partial<Address>>('an address').nullable(),
  shippingAddress: document<Partial<Address>>('an address').nullable(),
  shippingMethodCode: z.string().nullable(),
  newUser: z.boolean(),
  /** Hash of the password for the account to create with the order (never sent to a client). */
  newUserPasswordHash: z.string().nullable(),
  version: z.number(),
  status: z.string(),
});
type CartRow = z.infer<typeof CartRow>;

const CartLineRow = z.object({
  id: z.string(),
  productId: z.number(),
  sku: z.string(),
  quantity: z.number(),
  accessoriesKey: z.string(),
  accessorySkus: z.array(z.string()),
});
export type CartLineRow = z.infer<typeof CartLineRow>;

const SnapshotRow = CartRow.extend({ lines: json(z.array(CartLineRow)) });

/** A cart and its lines as of one statement: the version always matches the lines. */
export interface CartSnapshot {
  cart: CartRow;
  lines: CartLineRow[];
}

/** The WHERE part that limits carts (alias c) to the one this owner may use. */
export function ownedBy(owner: CartOwner): SQL {
  if (owner.customerId && isUuid(owner.customerId)) {
    return sql`c.customer_id = ${owner.customerId}
      AND c.id = (SELECT cu.active_cart_id FROM customers cu WHERE cu.id = ${owner.customerId})`;
  }
  if (owner.guestCartId && isUuid(owner.guestCartId)) return sql`c.customer_id IS NULL AND c.id = ${owner.guestCartId}`;
  return sql`FALSE`;
}

const OwnedCart = z.object({ id: z.string(), currency: z.string(), customerId: z.string().nullable() });
export type OwnedCart = z.infer<typeof OwnedCart>;

const Id = z.object({ id: z.string() });
const CurrencyRow = z.object({ currency: z.string() });

/** The owner's active cart, or null. A customer's is customers.active_cart_id, when still theirs and active. */
export async function findOwnedCart(db: Db, owner: CartOwner): Promise<OwnedCart | null> {
  if (owner.customerId) {
    if (!isUuid(owner.customerId)) return null;
    const [row] = await rows(
      db,
      OwnedCart,
      sql`
      SELECT c.id, c.currency, c.customer_id AS "customerId" FROM customers cu JOIN carts c ON c.id = cu.active_cart_id
      WHERE cu.id = ${owner.customerId} AND c.customer_id = cu.id AND c.status = 'active'`,
    );
    return row ?? null;
  }
  if (!owner.guestCartId || !isUuid(owner.guestCartId)) return null;
  const [row] = await rows(
    db,
    OwnedCart,
    sql`
    SELECT c.id, c.currency, c.customer_id AS "customerId" FROM carts c WHERE ${ownedBy(owner)} AND c.status = 'active'`,
  );
  return row ?? null;
}

export async function findOwnedCartId(db: Db, owner: CartOwner): Promise<string | null> {
  return (await findOwnedCart(db, owner))?.id ?? null;
}

/** True while the cart exists, is active and belongs to the owner. */
export async function isOwnedActive(db: Db, cartId: string, owner: CartOwner): Promise<boolean> {
  const found = await rows(
    db,
    Id,
    sql`
    SELECT c.id FROM carts c WHERE c.id = ${cartId} AND c.status = 'active' AND ${ownedBy(owner)}`,
  );
  return found.length > 0;
}

/** Locks the owner's active cart row for this transaction; null when it is not (any more) theirs. */
export async function lockOwnedCart(db: Db, cartId: string, owner: CartOwner): Promise<boolean> {
  const locked = await rows(
    db,
    Id,
    sql`
    SELECT c.id FROM carts c WHERE c.id = ${cartId} AND c.status = 'active' AND ${ownedBy(owner)} FOR UPDATE`,
  );
  return locked.length > 0;
}

export async function readSnapshot(db: Db, cartId: string): Promise<CartSnapshot | null> {
  const [row] = await rows(
    db,
    SnapshotRow,
    sql`
    SELECT c.id, c.customer_id AS "customerId", c.currency, c.coupon_code AS "couponCode",
      c.billing_address AS "billingAddress", c.shipping_address AS "shippingAddress",
      c.shipping_method_code AS "shippingMethodCode", c.new_user AS "newUser",
      c.new_user_password_hash AS "newUserPasswordHash", c.version, c.status,
      COALESCE((
        SELECT json_agg(json_build_object(
          'id', i.id, 'productId', i.product_id, 'sku', i.sku, 'quantity', i.quantity,
          'accessoriesKey', i.accessories_key, 'accessorySkus', i.accessory_skus
        ) ORDER BY i.created_at, i.id)
        FROM cart_items i WHERE i.cart_id = c.id
      ), '[]'::json) AS lines
    FROM carts c WHERE c.id = ${cartId}`,
  );
  if (!row) return null;
  const { lines, ...cart } = row;
  return { cart, lines };
}

/**
 * The owner's active cart, created when missing. A customer's new cart becomes customers.active_cart_id
 * under a lock on the customer row, so two first requests at once still end with one active cart.
 */
export async function ensureCart(
  db: Db,
  owner: CartOwner,
  currency: string,
): Promise<{ cartId: string; created: boolean }> {
  const existing = await findOwnedCartId(db, owner);
  if (existing) return { cartId: existing, created: false };
  if (!owner.customerId) {
    const [row] = await rows(db, Id, sql`INSERT INTO carts (currency) VALUES (${currency}) RETURNING id`);
    return { cartId: row!.id, created: true };
  }
  const customerId = owner.customerId;
  return db.transaction(async (tx) => {
    const [customer] = await rows(
      tx,
      CurrencyRow,
      sql`
      SELECT currency FROM customers WHERE id = ${customerId} FOR UPDATE`,
    );
    if (!customer) throw customerNotFound();
    const again = await findOwnedCartId(tx, owner);
    if (again) return { cartId: again, created: false };
    // A customer's cart is always in the customer's currency, whatever the guest cookie says.
    const [row] = await rows(
      tx,
      Id,
      sql`
      INSERT INTO carts (customer_id, currency) VALUES (${customerId}, ${customer.currency}) RETURNING id`,
    );
    await tx.execute(
      sql`UPDATE customers SET active_cart_id = ${row!.id}, updated_at = now() WHERE id = ${customerId}`,
    );
    return { cartId: row!.id, created: true };
  });
}
