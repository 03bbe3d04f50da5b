// A company's order history (orders and order count with {limit, offset}), as far as the user's scope
// reaches (access.ts: all of the company's, or their own), newest first. Both queries walk
// orders_customer_idx (customer_id, created_at); a user's own are a filter on it.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { OrderList } from '#lib/orders/contract.ts';
import { COLUMNS, OrderRow, orderView } from './queries.ts';
import type { OrderScope } from './access.ts';

const CountRow = z.object({ n: z.number() });

export async function orderHistory(
  db: Db,
  scope: OrderScope,
  page: { limit: number; offset: number },
): Promise<OrderList> {
  const where = sql`customer_id = ${scope.customerId}${scope.userId === null ? sql`` : sql` AND user_id = ${scope.userId}`}`;
  // The id breaks ties between orders placed in the same instant, so pages never overlap or skip one.
  const found = await rows(
    db,
    OrderRow,
    sql`
    SELECT ${COLUMNS} FROM orders o WHERE ${where}
    ORDER BY o.created_at DESC, o.id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [total] = await rows(db, CountRow, sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`);
  return { orders: found.map(orderView), count: total?.n ?? 0 };
}
