// Cart rows and who may touch them. Carts are per user: a signed-in user's cart is reachable only
// through that user (active, of their company), never through a colleague; a guest reaches a cart only
// through the id in their cookie, and only while nobody owns it. Every function takes the database (or
// a transaction) explicitly.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { document, isUuid, json, rows } from '../db/index.ts';
import type { Address } from '#lib/checkout/address.ts';
import { customerNotFound } from './errors.ts';

/**
 * Who is asking: a signed-in company user (the cart is theirs, its prices their company's), or a guest
 * with (maybe) a cart id from the cookie.
 */
export interface CartOwner {
  /** The signed-in user's company; null for a guest. */
  customerId: string | null;
  /** The signed-in user whose cart it is; null for a guest. */
  userId: string | null;
  guestCartId: string | null;
}

/** The owner a request's shopper stands for: their own cart when signed in, the cookie's cart otherwise. */
export function cartOwner(
  shopper: { customerId: string | null; user: { id: string } | null },
  guestCartId: string | null,
): CartOwner {
  return shopper.customerId && shopper.user
    ? { customerId: shopper.customerId, userId: shopper.user.id, guestCartId: null }
    : { customerId: null, userId: null, guestCartId };
}

/** The owner's user and company, both valid ids, or null for a guest (or ids no row can have). */
function signedInOwner(owner: CartOwner): { customerId: string; userId: string } | null {
  const { customerId, userId } = owner;
  return customerId && userId && isUuid(customerId) && isUuid(userId) ? { customerId, userId } : null;
}

/**
 * The owner's user row (alias u) while it is an active user of their company: a disabled user's cart
 * answers nobody, even a request whose session was resolved just before.
 */
function activeUser(user: { customerId: string; userId: string }): SQL {
  return sql`u.id = ${user.userId} AND u.customer_id = ${user.customerId} AND u.status = 'active'`;
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
  /** The accepted quote's line it came from (its price may apply: src/lib/server/quotes/cart-terms.ts). */
  quoteLineId: z.string().nullable(),
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
  const user = signedInOwner(owner);
  if (user) {
    return sql`c.user_id = ${user.userId} AND c.customer_id = ${user.customerId}
      AND c.id = (SELECT u.active_cart_id FROM customer_users u WHERE ${activeUser(user)})`;
  }
  if (owner.customerId || owner.userId) return sql`FALSE`;
  if (owner.guestCartId && isUuid(owner.guestCartId)) {
    return sql`c.customer_id IS NULL AND c.user_id IS NULL AND c.id = ${owner.guestCartId}`;
  }
  return sql`FALSE`;
}

const OwnedCart = z.object({ id: z.string(), currency: z.string(), customerId: z.string().nullable() });
export type OwnedCart = z.infer<typeof OwnedCart>;

const Id = z.object({ id: z.string() });
const CurrencyRow = z.object({ currency: z.string() });

/** The owner's active cart, or null. A user's is customer_users.active_cart_id, when still theirs and active. */
export async function findOwnedCart(db: Db, owner: CartOwner): Promise<OwnedCart | null> {
  if (owner.customerId || owner.userId) {
    const user = signedInOwner(owner);
    if (!user) return null;
    const [row] = await rows(
      db,
      OwnedCart,
      sql`
      SELECT c.id, c.currency, c.customer_id AS "customerId" FROM customer_users u JOIN carts c ON c.id = u.active_cart_id
      WHERE ${activeUser(user)} AND c.user_id = u.id AND c.customer_id = u.customer_id AND c.status = 'active'`,
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
          'accessoriesKey', i.accessories_key, 'accessorySkus', i.accessory_skus, 'quoteLineId', i.quote_line_id
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
 * Locks a signed-in owner's user row for this transaction (and their company's row against a currency
 * change) and answers the company's currency, the one every cart of theirs is in; CUSTOMER_NOT_FOUND
 * (401, sign in again) when the user is not (any more) an active user of that company. Cart creation and the sign-in merge run under it, so two
 * first requests at once still end with one active cart.
 */
export async function lockCartHolder(
  db: Db,
  owner: CartOwner,
): Promise<{ customerId: string; userId: string; currency: string }> {
  const user = signedInOwner(owner);
  if (!user) throw customerNotFound();
  const [holder] = await rows(
    db,
    CurrencyRow,
    sql`
    SELECT cu.currency FROM customer_users u JOIN customers cu ON cu.id = u.customer_id
    WHERE ${activeUser(user)} FOR UPDATE OF u FOR SHARE OF cu`,
  );
  if (!holder) throw customerNotFound();
  return { ...user, currency: holder.currency };
}

/** Makes `cartId` the user's active cart. */
export async function setActiveCart(db: Db, userId: string, cartId: string): Promise<void> {
  await db.execute(sql`UPDATE customer_users SET active_cart_id = ${cartId}, updated_at = now() WHERE id = ${userId}`);
}

/** The cart is nobody's active cart any more (ordered, deleted); found by its user's key, not a scan. */
export async function clearActiveCart(db: Db, cartId: string): Promise<void> {
  await db.execute(sql`UPDATE customer_users SET active_cart_id = NULL
    WHERE id = (SELECT user_id FROM carts WHERE id = ${cartId}) AND active_cart_id = ${cartId}`);
}

/** The owner's active cart, created when missing. A user's new cart becomes their active cart under lockCartHolder. */
export async function ensureCart(
  db: Db,
  owner: CartOwner,
  currency: string,
): Promise<{ cartId: string; created: boolean }> {
  const existing = await findOwnedCartId(db, owner);
  if (existing) return { cartId: existing, created: false };
  if (!owner.customerId && !owner.userId) {
    const [row] = await rows(db, Id, sql`INSERT INTO carts (currency) VALUES (${currency}) RETURNING id`);
    return { cartId: row!.id, created: true };
  }
  return db.transaction(async (tx) => {
    const holder = await lockCartHolder(tx, owner);
    const again = await findOwnedCartId(tx, owner);
    if (again) return { cartId: again, created: false };
    // A user's cart is always in their company's currency, whatever the guest cookie says.
    const [row] = await rows(
      tx,
      Id,
      sql`
      INSERT INTO carts (customer_id, user_id, currency) VALUES (${holder.customerId}, ${holder.userId}, ${holder.currency})
      RETURNING id`,
    );
    await setActiveCart(tx, holder.userId, row!.id);
    return { cartId: row!.id, created: true };
  });
}
