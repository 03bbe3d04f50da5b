// What an order takes out of stock (step 4 of create.ts): the pieces per product, lines and accessories
// summed; taken under row locks in product id order, effective stock before the supplier's external
// stock; and recorded per order, so an order that expires, is rejected or cancelled gives back exactly that.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { CartSnapshot } from '../cart/index.ts';
import { outOfStock, type NamedItem } from './errors.ts';

const ProductSkuRow = z.object({ id: z.number(), sku: z.string() });
const StockRow = z.object({ effective: z.number(), external: z.number(), marked: z.boolean() });

/** The pieces of every product the order takes: lines and their accessories, summed per product. */
export async function demandByProduct(
  db: Db,
  snapshot: CartSnapshot,
): Promise<Map<number, { sku: string; quantity: number }>> {
  const demand = new Map<number, { sku: string; quantity: number }>();
  const add = (id: number, sku: string, quantity: number) => {
    const entry = demand.get(id);
    demand.set(id, { sku, quantity: (entry?.quantity ?? 0) + quantity });
  };
  const accessorySkus = [...new Set(snapshot.lines.flatMap((l) => l.accessorySkus.map((s) => s.toLowerCase())))];
  const accessoryIds = new Map<string, number>();
  if (accessorySkus.length > 0) {
    const found = await rows(
      db,
      ProductSkuRow,
      sql`
      SELECT id, sku FROM products WHERE lower(sku) IN (${sql.join(
        accessorySkus.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
    for (const p of found) accessoryIds.set(p.sku.toLowerCase(), p.id);
  }
  for (const line of snapshot.lines) {
    add(line.productId, line.sku, line.quantity);
    for (const sku of line.accessorySkus) {
      const id = accessoryIds.get(sku.toLowerCase());
      if (id !== undefined) add(id, sku, line.quantity);
    }
  }
  return demand;
}

/** Names of the lines' products and accessories by lower-case sku, for errors the shopper can act on. */
export function itemNames(
  lines: readonly { sku: string; name: string; accessories: readonly { sku: string; name: string }[] }[],
) {
  return new Map(
    lines.flatMap((l) => [
      [l.sku.toLowerCase(), l.name] as const,
      ...l.accessories.map((a) => [a.sku.toLowerCase(), a.name] as const),
    ]),
  );
}

/** Pieces one product gave to an order: effective and external stock apart. */
interface StockHold {
  productId: number;
  effective: number;
  external: number;
}

/**
 * Takes the pieces out of stock: effective stock first, then the supplier's external stock. Products
 * marked in stock are not counted (made or bought to order). A product without a stock row, or with
 * too little, fails the order. The row is locked before it is read, so concurrent orders never oversell
 * and the split taken is exactly what the row had. Returns what was taken, per product.
 */
export async function reserveStock(
  db: Db,
  demand: Map<number, { sku: string; quantity: number }>,
  names: Map<string, string>,
): Promise<StockHold[]> {
  const short: NamedItem[] = [];
  const holds: StockHold[] = [];
  for (const [productId, { sku, quantity }] of [...demand].sort(([a], [b]) => a - b)) {
    const [row] = await rows(
      db,
      StockRow,
      sql`
      SELECT effective_stock AS effective, external_stock AS external, marked_in_stock AS marked
      FROM stock WHERE product_id = ${productId} FOR UPDATE`,
    );
    if (row?.marked) continue;
    const effective = Math.max(0, Math.min(quantity, row?.effective ?? 0));
    if (!row || effective + row.external < quantity) {
      short.push({ sku, name: names.get(sku.toLowerCase()) ?? sku });
      continue;
    }
    holds.push({ productId, effective, external: quantity - effective });
    await db.execute(sql`
      UPDATE stock SET effective_stock = effective_stock - ${effective}, external_stock = external_stock - ${quantity - effective},
        updated_at = now()
      WHERE product_id = ${productId}`);
  }
  if (short.length > 0) throw outOfStock(short);
  return holds;
}

/** Records what the order took, so an expiry or a rejection gives back exactly that (release.ts). */
export async function recordHolds(db: Db, orderId: string, holds: readonly StockHold[]): Promise<void> {
  if (holds.length === 0) return;
  await db.execute(sql`
    INSERT INTO order_stock_holds (order_id, product_id, effective, external)
    VALUES ${sql.join(
      holds.map((h) => sql`(${orderId}, ${h.productId}, ${h.effective}, ${h.external})`),
      sql`, `,
    )}`);
}
