// Order rows and their public face (the API's Order). Holding an order id grants nothing: who may
// reach an order is decided in access.ts.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { document, isUuid, rows, timestamp } from '../db/index.ts';
import { orderSchema, type Order } from '#lib/checkout/contract.ts';
import { APPROVAL_REASONS } from '#lib/account/approval.ts';

export const OrderRow = z.object({
  id: z.string(),
  transactionnum: z.string(),
  customerId: z.string().nullable(),
  /** The company user who placed it; null for guest orders (and orders of a user since deleted). */
  userId: z.string().nullable(),
  cartId: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  status: orderSchema.shape.status,
  paymentStatus: orderSchema.shape.paymentStatus,
  paymentMethodCode: orderSchema.shape.paymentMethodCode,
  confirmed: z.boolean(),
  email: z.string(),
  locale: z.string(),
  currency: z.string(),
  grandTotalCents: z.number(),
  cartInfo: document<Order['cartInfo']>('the priced cart'),
  orderReference: z.string().nullable(),
  comment: z.string().nullable(),
  feedback: z.string().nullable(),
  confirmationSentAt: timestamp.nullable(),
  /** SHA-256 (hex) of a guest order's access secret; null for registered customers' orders. Never leaves the server. */
  accessSecretHash: z.string().nullable(),
  /** Why it needed approval (src/lib/account/approval.ts); null when it never did. */
  approvalReasons: z.array(z.enum(APPROVAL_REASONS)).nullable(),
  approvalDecision: z.enum(['approved', 'rejected', 'expired']).nullable(),
  approvalDecidedAt: timestamp.nullable(),
  /** The deciding approver's name (a join), null while undecided or once that user is deleted. */
  approvalDecidedBy: z.string().nullable(),
  approvalComment: z.string().nullable(),
  createdAt: timestamp,
  lastModified: timestamp,
});
export type OrderRow = z.infer<typeof OrderRow>;

export const COLUMNS = sql`o.id, o.transactionnum, o.customer_id AS "customerId", o.user_id AS "userId", o.cart_id AS "cartId",
  o.idempotency_key AS "idempotencyKey", o.status, o.payment_status AS "paymentStatus",
  o.payment_method_code AS "paymentMethodCode", o.confirmed, o.email, o.locale, o.currency,
  o.grand_total_cents AS "grandTotalCents", o.cart_info AS "cartInfo", o.order_reference AS "orderReference",
  o.comment, o.feedback, o.confirmation_sent_at AS "confirmationSentAt",
  o.access_secret_hash AS "accessSecretHash", o.approval_reasons AS "approvalReasons",
  o.approval_decision AS "approvalDecision", o.approval_decided_at AS "approvalDecidedAt",
  (SELECT d.name FROM customer_users d WHERE d.id = o.approval_decided_by) AS "approvalDecidedBy",
  o.approval_comment AS "approvalComment", o.created_at AS "createdAt",
  o.last_modified AS "lastModified"`;

export async function findOrder(db: Db, id: string, options: { lock?: boolean } = {}): Promise<OrderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rows(
    db,
    OrderRow,
    sql`
    SELECT ${COLUMNS} FROM orders o WHERE o.id = ${id} ${options.lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row ?? null;
}

export async function findOrderByKey(db: Db, idempotencyKey: string): Promise<OrderRow | null> {
  const [row] = await rows(
    db,
    OrderRow,
    sql`SELECT ${COLUMNS} FROM orders o WHERE o.idempotency_key = ${idempotencyKey}`,
  );
  return row ?? null;
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
    approval: row.approvalReasons
      ? {
          reasons: row.approvalReasons,
          decision: row.approvalDecision,
          decidedAt: row.approvalDecidedAt ? iso(row.approvalDecidedAt) : null,
          decidedBy: row.approvalDecidedBy,
          comment: row.approvalComment,
        }
      : null,
    cartInfo: row.cartInfo,
  };
}
