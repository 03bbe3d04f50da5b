// A customer's order history (orders and order count with {limit, offset}): their own
// orders only, newest first. Both queries walk orders_customer_idx (customer_id, created_at).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { OrderList } from '#lib/orders/contract.ts';
import { COLUMNS, normalise, orderView, type OrderRow } from './queries.ts';

export async function orderHistory(db: Db, customerId: string, page: { limit: number; offset: number }): Promise<OrderList> {
  // The id breaks ties between orders placed in the same instant, so pages never overlap or skip one.
  const found = await rows<OrderRow>(db, sql`
    SELECT ${COLUMNS} FROM orders o WHERE o.customer_id = ${customerId}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`);
  const [total] = await rows<{ n: number | string }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customerId}`);
  return { orders: found.map((row) => orderView(normalise(row))), count: Number(total?.n ?? 0) };
}
