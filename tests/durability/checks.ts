// What must hold in the database after a kill: every acknowledged write is there (the ledger of
// ./load.ts), no order twice, whole orders only, stock moved exactly by what was ordered, and
// tables and indexes that PostgreSQL's own checker (amcheck) finds intact.
import { sql } from 'drizzle-orm';
import type { Db } from '#lib/server/db/client.ts';
import { rows } from '../helpers/raw-rows.ts';
import { LOAD_SKUS, type CartState, type Ledger, type Lines } from './load.ts';

const skuList = sql.join(
  LOAD_SKUS.map((s) => sql`${s}`),
  sql`, `,
);

/** Per load sku: effective stock plus every piece ever ordered. Ordering moves stock from one to the other. */
export async function stockBalance(db: Db): Promise<Record<string, number>> {
  const found = await rows<{ sku: string; balance: number }>(
    db,
    sql`
    SELECT p.sku, s.effective_stock + coalesce((
      SELECT sum((item->>'quantity')::int) FROM orders o, jsonb_array_elements(o.cart_info->'cartItems') item
      WHERE item->>'sku' = p.sku), 0)::int AS balance
    FROM products p JOIN stock s ON s.product_id = p.id WHERE p.sku IN (${skuList}) ORDER BY p.sku`,
  );
  return Object.fromEntries(found.map((r) => [r.sku, Number(r.balance)]));
}

/** Enough stock that no order of the run is refused for it (the demo's own stock is random). */
export async function raiseStock(db: Db): Promise<void> {
  await db.execute(sql`UPDATE stock SET effective_stock = 1000000
    WHERE product_id IN (SELECT id FROM products WHERE sku IN (${skuList}))`);
}

const sameState = (a: CartState, b: CartState) =>
  a.version === b.version && a.status === b.status && sameLines(a.lines, b.lines);
const sameLines = (a: Lines, b: Lines) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Compares the database with the ledger and returns what is wrong. A cart whose last write was cut
 * off may show the state before or after it; which one it shows becomes the ledger's (a later kill
 * must not lose it either). An order create cut off may or may not have committed, once at most.
 */
export async function ledgerProblems(db: Db, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const cartIds = [...ledger.carts.keys()];
  if (cartIds.length > 0) {
    const found = await rows<{ id: string; version: number; status: CartState['status']; lines: Lines | string }>(
      db,
      sql`
      SELECT c.id, c.version, c.status,
        coalesce(jsonb_object_agg(i.sku, i.quantity) FILTER (WHERE i.sku IS NOT NULL), '{}'::jsonb) AS lines
      FROM carts c LEFT JOIN cart_items i ON i.cart_id = c.id
      WHERE c.id IN (${sql.join(
        cartIds.map((id) => sql`${id}`),
        sql`, `,
      )}) GROUP BY c.id`,
    );
    const byId = new Map(
      found.map((r) => [
        r.id,
        {
          version: Number(r.version),
          status: r.status,
          lines: typeof r.lines === 'string' ? (JSON.parse(r.lines) as Lines) : r.lines,
        },
      ]),
    );
    for (const record of ledger.carts.values()) {
      const state = byId.get(record.id);
      if (!state) {
        problems.push(`cart ${record.id} is gone (acknowledged as ${JSON.stringify(record.acked)})`);
      } else if (record.cut && sameState(state, record.cut)) {
        record.acked = record.cut;
      } else if (!sameState(state, record.acked)) {
        problems.push(
          `cart ${record.id} is ${JSON.stringify(state)}; acknowledged ${JSON.stringify(record.acked)}` +
            (record.cut ? ` (or, with the cut-off write, ${JSON.stringify(record.cut)})` : ''),
        );
      }
      delete record.cut;
    }
  }
  const keys = [...ledger.orders.keys()];
  if (keys.length > 0) {
    const found = await rows<{ id: string; key: string; cartId: string; transactionnum: string }>(
      db,
      sql`
      SELECT id, idempotency_key AS key, cart_id AS "cartId", transactionnum FROM orders
      WHERE idempotency_key IN (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
    const byKey = Map.groupBy(found, (o) => o.key);
    for (const attempt of ledger.orders.values()) {
      const orders = byKey.get(attempt.key) ?? [];
      if (orders.length > 1) problems.push(`key ${attempt.key} has ${orders.length} orders`);
      const [order] = orders;
      if (attempt.orderId && (order?.id !== attempt.orderId || order.transactionnum !== attempt.transactionnum)) {
        problems.push(
          `order ${attempt.orderId} (${attempt.transactionnum}) was acknowledged; the database has ${JSON.stringify(order ?? null)}`,
        );
      }
      if (order && order.cartId !== attempt.cartId)
        problems.push(`order ${order.id} belongs to cart ${order.cartId}, sent for ${attempt.cartId}`);
    }
  }
  return problems;
}

/** Rules of the whole database, each a query that must find nothing. */
const CONSISTENCY: Record<string, ReturnType<typeof sql>> = {
  'orders without lines': sql`SELECT id FROM orders WHERE jsonb_array_length(cart_info->'cartItems') = 0`,
  "orders whose total is not their snapshot's": sql`
    SELECT id FROM orders WHERE round((cart_info->'totals'->>'grandTotalIncTax')::numeric * 100) <> grand_total_cents`,
  'carts ordered more than once': sql`SELECT cart_id FROM orders WHERE cart_id IS NOT NULL GROUP BY cart_id HAVING count(*) > 1`,
  'orders whose cart is missing or still open': sql`
    SELECT o.id FROM orders o LEFT JOIN carts c ON c.id = o.cart_id WHERE o.cart_id IS NOT NULL AND c.status IS DISTINCT FROM 'ordered'`,
  'carts closed as ordered without an order': sql`
    SELECT c.id FROM carts c WHERE c.status = 'ordered' AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.id)`,
  'cart lines without a cart or quantity': sql`
    SELECT i.id FROM cart_items i LEFT JOIN carts c ON c.id = i.cart_id WHERE c.id IS NULL OR i.quantity < 1`,
  'payments without an order': sql`SELECT p.id FROM payments p LEFT JOIN orders o ON o.id = p.order_id WHERE o.id IS NULL`,
};

export async function consistencyProblems(db: Db): Promise<string[]> {
  const problems: string[] = [];
  for (const [rule, query] of Object.entries(CONSISTENCY)) {
    const found = await rows<Record<string, unknown>>(db, query);
    if (found.length > 0) problems.push(`${rule}: ${JSON.stringify(found.slice(0, 5))}`);
  }
  return problems;
}

/**
 * amcheck: every heap page of the shop's tables readable and sane, every btree index ordered and
 * holding every row (heapallindexed). Needs the amcheck extension available to the server.
 */
export async function storageProblems(db: Db): Promise<string[]> {
  await db.execute(sql`CREATE EXTENSION IF NOT EXISTS amcheck`);
  const problems: string[] = [];
  const tables = await rows<{ name: string }>(
    db,
    sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'`,
  );
  for (const { name } of tables) {
    const corrupt = await rows<{ msg: string }>(db, sql`SELECT msg FROM verify_heapam(${name}::regclass)`);
    if (corrupt.length > 0) problems.push(`table ${name}: ${corrupt.map((c) => c.msg).join('; ')}`);
  }
  const indexes = await rows<{ name: string }>(
    db,
    sql`
    SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
    JOIN pg_namespace n ON n.oid = c.relnamespace WHERE am.amname = 'btree' AND n.nspname = 'public'`,
  );
  for (const { name } of indexes) {
    try {
      await db.execute(sql`SELECT bt_index_check(${name}::regclass, true)`);
    } catch (error) {
      problems.push(`index ${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}
