// A customer's order history (orders and order count with {limit, offset}): their own
// orders only, newest first. Both queries walk orders_customer_idx (customer_id, created_at).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { OrderList } from '#lib/orders/contract.ts';
import { COLUMNS, OrderRow, orderView } from './queries.ts';

const CountRow = z.object({ n: z.number() });

export async function orderHistory(
  db: Db,
  customerId: string,
  page: { limit: number; offset: number },
): Promise<OrderList> {
  // The id breaks ties between orders placed in the same instant, so pages never overlap or skip one.
  const found = await rows(
    db,
    OrderRow,
    sql`
    SELECT ${COLUMNS} FROM orders o WHERE o.customer_id = ${customerId}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [total] = await rows(
    db,
    CountRow,
    sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${customerId}`,
  );
  return { orders: found.map(orderView), count: total?.n ?? 0 };
}
