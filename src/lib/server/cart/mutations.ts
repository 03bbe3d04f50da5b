// Cart writes. Each runs in one transaction that also moves the cart's version:
//
// - Optimistic (the client sends the version it last saw): the first statement is
//   UPDATE carts SET version = version + 1 WHERE id = $1 AND version = $2. On PostgreSQL a concurrent
//   writer blocks on the row lock and then re-checks the WHERE against the committed row, so of many
//   writers holding one version exactly one succeeds; the others get CART_OUTDATED_ERROR and change nothing.
// - Serialised (add to cart from a product page, no version): SELECT ... FOR UPDATE on the cart row,
//   then an upsert that sums the quantity in SQL, so parallel adds queue up and lose nothing.
//
// A failure after the version moved (unknown line, quantity limit, quantity rule) rolls the whole
// transaction back.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { ApiError } from '../http.ts';
import {
  MAX_CART_LINES,
  MAX_QUANTITY,
  accessoriesKey,
  couponProblem,
  isValidQuantity,
  normaliseCouponCode,
} from '#lib/cart/rules.ts';
import {
  cartNotFound,
  cartOutdated,
  couponError,
  invalidQuantity,
  isLineError,
  lineNotFound,
  lineQuantityExceeded,
  tooManyLines,
} from './errors.ts';
import { resolveLine, resolvePlainLines, type ResolvedLine } from './products.ts';
import { customerTerms } from './pricing.ts';
import { isUuid, rows } from '../db/index.ts';
import {
  findOwnedCart,
  findOwnedCartId,
  isOwnedActive,
  lockOwnedCart,
  ownedBy,
  readSnapshot,
  clearActiveCart,
  type CartOwner,
  type CartSnapshot,
  type OwnedCart,
} from './queries.ts';
import { assertQuantityRules, storedLineRules } from './quantity-rules.ts';
import { findCoupon, subtotalNetCents } from './view.ts';
import { assertCartValue } from './value.ts';
import { writeLinesAtOnce, type CheckedLine, type RefusedLine } from './bulk-write.ts';

export type { CheckedLine, RefusedLine } from './bulk-write.ts';

const VersionRow = z.object({ version: z.number() });
const LineStateRow = z.object({ lines: z.number(), present: z.boolean() });
const QuantityRow = z.object({ quantity: z.number() });
const LineIdRow = z.object({ id: z.string() });

export interface CartTarget {
  owner: CartOwner;
  /** The cart id the client believes it has; when given it must be the owner's cart. */
  expectedCartId?: string | undefined;
  /** The owner's cart when the caller has just looked it up (saves a round trip). */
  known?: OwnedCart | undefined;
}

/**
 * The cart a write is about. An expected id is taken as is: every write re-checks ownership in the
 * statement that locks the row, so looking it up first would only cost a round trip.
 */
async function targetCartId(db: Db, target: CartTarget): Promise<string> {
  if (target.expectedCartId !== undefined) {
    if (!isUuid(target.expectedCartId)) throw cartNotFound();
    return target.expectedCartId;
  }
  const cartId = await findOwnedCartId(db, target.owner);
  if (!cartId) throw cartNotFound();
  return cartId;
}

/**
 * Optimistic write: bump the version only if it is still the one the client saw, then run `change`
 * in the same transaction. Returns what `change` returns.
 */
async function versioned<T>(
  db: Db,
  target: CartTarget,
  version: number,
  change: (tx: Db, cartId: string) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const cartId = await targetCartId(tx, target);
    const bumped = await rows(
      tx,
      VersionRow,
      sql`
      UPDATE carts c SET version = c.version + 1, updated_at = now()
      WHERE c.id = ${cartId} AND c.version = ${version} AND c.status = 'active' AND ${ownedBy(target.owner)}
      RETURNING c.version`,
    );
    if (bumped.length === 0) {
      // Lost to another writer, or the cart went away (ordered, merged) in between.
      throw (await isOwnedActive(tx, cartId, target.owner)) ? cartOutdated() : cartNotFound();
    }
    return change(tx, cartId);
  });
}

export function writeWithVersion(
  db: Db,
  target: CartTarget,
  version: number,
  change: (tx: Db, cartId: string) => Promise<void>,
): Promise<CartSnapshot> {
  return versioned(db, target, version, async (tx, cartId) => {
    await change(tx, cartId);
    return snapshotOf(tx, cartId);
  });
}

async function snapshotOf(db: Db, cartId: string): Promise<CartSnapshot> {
  const snapshot = await readSnapshot(db, cartId);
  if (!snapshot) throw cartNotFound();
  return snapshot;
}

/** Serialised write: lock the cart row, apply `change`, bump the version. */
export async function writeSerialised(
  db: Db,
  target: CartTarget,
  change: (tx: Db, cartId: string) => Promise<void>,
): Promise<CartSnapshot> {
  return db.transaction(async (tx) => {
    const cartId = await targetCartId(tx, target);
    if (!(await lockOwnedCart(tx, cartId, target.owner))) throw cartNotFound();
    await change(tx, cartId);
    await tx.execute(sql`UPDATE carts SET version = version + 1, updated_at = now() WHERE id = ${cartId}`);
    return snapshotOf(tx, cartId);
  });
}

export interface AddInput {
  sku: string;
  quantity: number;
  accessories?: readonly string[] | undefined;
  /** Omitted: serialised product-page add. */
  version?: number | undefined;
}

/**
 * Upserts one resolved line into the locked cart: quantities of the same sku and accessory set are
 * summed. The sum is checked against the quantity rules again: two allowed quantities need not add up
 * to one (a minimum of 3 in steps of 2 allows 3 and 5, not 6).
 */
async function upsertLine(tx: Db, cartId: string, line: ResolvedLine, quantity: number): Promise<void> {
  const key = accessoriesKey(line.accessorySkus);
  const [state] = await rows(
    tx,
    LineStateRow,
    sql`
    SELECT count(*)::int AS lines, COALESCE(bool_or(sku = ${line.sku} AND accessories_key = ${key}), false) AS present
    FROM cart_items WHERE cart_id = ${cartId}`,
  );
  if (!state!.present && state!.lines >= MAX_CART_LINES) throw tooManyLines();
  const upserted = await rows(
    tx,
    QuantityRow,
    sql`
    INSERT INTO cart_items (cart_id, product_id, sku, quantity, accessories_key, accessory_skus)
    VALUES (${cartId}, ${line.productId}, ${line.sku}, ${quantity}, ${key}, ${JSON.stringify(line.accessorySkus)}::jsonb)
    ON CONFLICT (cart_id, sku, accessories_key)
    DO UPDATE SET quantity = cart_items.quantity + excluded.quantity
    WHERE cart_items.quantity + excluded.quantity <= ${MAX_QUANTITY}
    RETURNING quantity`,
  );
  if (upserted.length === 0) throw lineQuantityExceeded();
  assertQuantityRules(line.rules, upserted[0]!.quantity);
  await assertCartValue(tx, cartId);
}

/** The owner's cart as a write target: the one the caller found, or looked up now; 404 when it is not theirs. */
async function ownedTarget(
  db: Db,
  target: CartTarget,
): Promise<CartTarget & { expectedCartId: string; known: OwnedCart }> {
  const cart = target.known ?? (await findOwnedCart(db, target.owner));
  if (!cart || (target.expectedCartId !== undefined && target.expectedCartId !== cart.id)) throw cartNotFound();
  return { ...target, expectedCartId: cart.id, known: cart };
}

/** Adds to the line with the same sku and accessory set (quantities summed), or opens a new line. */
export async function addToCart(db: Db, target: CartTarget, input: AddInput): Promise<CartSnapshot> {
  if (!isValidQuantity(input.quantity)) throw invalidQuantity();
  const next = await ownedTarget(db, target);
  const terms = await customerTerms(db, next.known.customerId);
  const line = await resolveLine(db, input, { currency: next.known.currency, priceListId: terms.priceListId });
  const change = (tx: Db, cartId: string) => upsertLine(tx, cartId, line, input.quantity);
  return input.version === undefined
    ? writeSerialised(db, next, change)
    : writeWithVersion(db, next, input.version, change);
}

/**
 * Several lines checked as single adds check them (My Items' "add selected", quick order), before any
 * write and in one statement: the ones the cart would take, and the refused ones with the error a
 * single add would give.
 */
export async function checkLines(
  db: Db,
  lines: readonly { sku: string; quantity: number }[],
  pricing: { currency: string; priceListId: number | null },
): Promise<{ accepted: CheckedLine[]; refused: RefusedLine[] }> {
  const accepted: CheckedLine[] = [];
  const refused: RefusedLine[] = [];
  const counted = lines.filter((input) => isValidQuantity(input.quantity));
  const resolved = await resolvePlainLines(db, counted, pricing);
  let next = 0;
  for (const [index, input] of lines.entries()) {
    const line = isValidQuantity(input.quantity) ? resolved[next++]! : invalidQuantity();
    if (!(line instanceof ApiError)) accepted.push({ line, quantity: input.quantity, index });
    else if (isLineError(line)) refused.push({ sku: input.sku, error: line, index });
    else throw line;
  }
  return { accepted, refused };
}

/**
 * Writes checked lines in one serialised transaction, in order, so the cart's line limit refuses the
 * last ones; a line refused there (the line limit, a line's quantity limit) is reported and the others
 * stay. All at once (bulk-write.ts) unless the cart's value limit is passed: then line by line, each
 * in a savepoint, so exactly the lines past the limit are refused.
 */
export async function writeLines(
  db: Db,
  target: CartTarget,
  lines: readonly CheckedLine[],
): Promise<{ snapshot: CartSnapshot; refused: RefusedLine[] }> {
  let refused: RefusedLine[] = [];
  const snapshot = await writeSerialised(db, await ownedTarget(db, target), async (tx, cartId) => {
    try {
      refused = await tx.transaction(async (bulkTx) => {
        const refusedAtOnce = await writeLinesAtOnce(bulkTx, cartId, lines);
        await assertCartValue(bulkTx, cartId);
        return refusedAtOnce;
      });
      return;
    } catch (error) {
      if (!isLineError(error) || error.code !== 'CART_VALUE_LIMIT') throw error;
    }
    for (const { line, quantity, index } of lines) {
      try {
        await tx.transaction((lineTx) => upsertLine(lineTx, cartId, line, quantity));
      } catch (error) {
        if (!isLineError(error)) throw error;
        refused.push({ sku: line.sku, error, index });
      }
    }
  });
  return { snapshot, refused };
}

export async function removeLine(
  db: Db,
  target: CartTarget,
  input: { lineId: string; version: number },
): Promise<CartSnapshot> {
  return writeWithVersion(db, target, input.version, async (tx, cartId) => {
    const deleted = await rows(
      tx,
      LineIdRow,
      sql`
      DELETE FROM cart_items WHERE id = ${input.lineId} AND cart_id = ${cartId} RETURNING id`,
    );
    if (deleted.length === 0) throw lineNotFound();
  });
}

/** Sets a line's quantity; 0 removes the line. Stock is reported, not enforced; the quantity rules are. */
export async function updateQuantity(
  db: Db,
  target: CartTarget,
  input: { lineId: string; quantity: number; version: number },
): Promise<CartSnapshot> {
  if (!isValidQuantity(input.quantity, { allowZero: true })) throw invalidQuantity(true);
  return writeWithVersion(db, target, input.version, async (tx, cartId) => {
    const changed =
      input.quantity === 0
        ? await rows(
            tx,
            LineIdRow,
            sql`DELETE FROM cart_items WHERE id = ${input.lineId} AND cart_id = ${cartId} RETURNING id`,
          )
        : await rows(
            tx,
            LineIdRow,
            sql`
        UPDATE cart_items SET quantity = ${input.quantity} WHERE id = ${input.lineId} AND cart_id = ${cartId} RETURNING id`,
          );
    if (changed.length === 0) throw lineNotFound();
    if (input.quantity === 0) return;
    assertQuantityRules(await storedLineRules(tx, cartId, input.lineId), input.quantity);
    await assertCartValue(tx, cartId);
  });
}

export interface CouponOptions {
  shopCurrency: string;
  now?: Date | undefined;
}

/** Applies a coupon code, or removes it when the code is blank. Redemptions are counted at order time. */
export async function setCoupon(
  db: Db,
  target: CartTarget,
  input: { code: string; version: number },
  options: CouponOptions,
): Promise<CartSnapshot> {
  const code = normaliseCouponCode(input.code);
  return writeWithVersion(db, target, input.version, async (tx, cartId) => {
    if (code === '') {
      await tx.execute(sql`UPDATE carts SET coupon_code = NULL WHERE id = ${cartId}`);
      return;
    }
    const coupon = await findCoupon(tx, code);
    const snapshot = await snapshotOf(tx, cartId);
    const problem = couponProblem(coupon, {
      now: options.now ?? new Date(),
      subtotalNetCents: await subtotalNetCents(tx, snapshot),
      cartCurrency: snapshot.cart.currency,
      shopCurrency: options.shopCurrency,
    });
    if (problem) throw couponError(problem);
    await tx.execute(sql`UPDATE carts SET coupon_code = ${coupon!.code} WHERE id = ${cartId}`);
  });
}

/** Deletes the cart and its lines; its user's active-cart pointer is cleared with it. */
export async function deleteCart(db: Db, target: CartTarget, input: { version: number }): Promise<void> {
  await versioned(db, target, input.version, async (tx, cartId) => {
    await clearActiveCart(tx, cartId);
    await tx.execute(sql`DELETE FROM carts WHERE id = ${cartId}`);
  });
}
