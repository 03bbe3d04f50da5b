// Order rows and their public face (the API's Order). Holding an order id grants nothing: who may
// reach an order is decided in access.ts.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { isUuid, rows } from '../db/index.ts';
import type { Order } from '#lib/checkout/contract.ts';

export interface OrderRow {
  id: string;
  transactionnum: string;
  customerId: string | null;
  cartId: string | null;
  idempotencyKey: string | null;
  status: Order['status'];
  paymentStatus: Order['paymentStatus'];
  paymentMethodCode: Order['paymentMethodCode'];
  confirmed: boolean;
  email: string;
  locale: string;
  currency: string;
  grandTotalCents: number;
  cartInfo: Order['cartInfo'];
  orderReference: string | null;
  comment: string | null;
  feedback: string | null;
  confirmationSentAt: Date | string | null;
  /** SHA-256 (hex) of a guest order's access secret; null for registered customers' orders. Never leaves the server. */
  accessSecretHash: string | null;
  createdAt: Date | string;
  lastModified: Date | string;
}

export const COLUMNS = sql`o.id, o.transactionnum, o.customer_id AS "customerId", o.cart_id AS "cartId",
  o.idempotency_key AS "idempotencyKey", o.status, o.payment_status AS "paymentStatus",
  o.payment_method_code AS "paymentMethodCode", o.confirmed, o.email, o.locale, o.currency,
  o.grand_total_cents AS "grandTotalCents", o.cart_info AS "cartInfo", o.order_reference AS "orderReference",
  o.comment, o.feedback, o.confirmation_sent_at AS "confirmationSentAt",
  o.access_secret_hash AS "accessSecretHash", o.created_at AS "createdAt",
  o.last_modified AS "lastModified"`;

export function normalise(row: OrderRow): OrderRow {
  return {
    ...row,
    cartInfo: typeof row.cartInfo === 'string' ? JSON.parse(row.cartInfo) : row.cartInfo,
    grandTotalCents: Number(row.grandTotalCents),
  };
}

export async function findOrder(db: Db, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rows<OrderRow>(db, sql`
    SELECT ${COLUMNS} FROM orders o WHERE o.id = ${id} ${options.lock ? sql`FOR UPDATE` : sql``}`);
  return row ? normalise(row) : null;
}

export async function findOrderByKey(db: Db, idempotencyKey: string): Promise<OrderRow | null> {
  const [row] = await rows<OrderRow>(db, sql`SELECT ${COLUMNS} FROM orders o WHERE o.idempotency_key = ${idempotencyKey}`);
  return row ? normalise(row) : null;
}

const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function orderView(row: OrderRow): Order {
  return {
    id: row.id,
    transactionnum: row.transactionnum,
    status: row.status,
    confirmed: row.confirmed,
    paymentStatus: row.paymentStatus,
    paymentMethodCode: row.paymentMethodCode,
    createdDate: iso(row.createdAt),
    lastModified: iso(row.lastModified),
    email: row.email,
    currency: row.currency,
    orderReference: row.orderReference,
    comment: row.comment,
    feedback: row.feedback,
    hasAccount: row.customerId !== null,
    cartInfo: row.cartInfo,
  };
}
