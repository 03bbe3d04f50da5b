// An approver's decision on a company order that waits for approval (docs/accounts.md, "Budgets and
// approval"). One transaction locks the order row and decides only while it still waits, so two approvers
// deciding at once make one decision: the second finds it decided (ORDER_NOT_AWAITING_APPROVAL).
//
//   - approved: the order is placed now. On invoice it is confirmed at once (the invoice is the payment
//     promise); paid online it becomes pending and the buyer pays it through the order's payment step
//     (/pay/{order}), its unpaid hold time starting now. Either way the outbox gets the order.created (and
//     order.paid) events the order would have raised when it was placed, and the ERP export lists it.
//   - rejected: cancelled, its stock and coupon given back (release.ts); it was never placed, so no event.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows, timestamp } from '../db/index.ts';
import { ROLES, hasPermission } from '#lib/account/roles.ts';
import { maySelfDecide, type ApprovalDecision, type ApprovalReason, APPROVAL_REASONS } from '#lib/account/approval.ts';
import { recordOrderChange } from '../webhooks/index.ts';
import { orderNotAwaitingApproval, orderNotFound, selfApproval } from './errors.ts';
import { findOrder, type OrderRow } from './queries.ts';
import { cancelAndRelease } from './release.ts';

/** The roles whose users may decide (src/lib/account/roles.ts), as SQL values. */
const APPROVER_ROLES = sql.join(
  ROLES.filter((role) => hasPermission(role, 'approve')).map((role) => sql`${role}`),
  sql`, `,
);

const CountRow = z.object({ n: z.number() });
const CouponRow = z.object({ couponCode: z.string().nullable() });
const ApproverRow = z.object({ id: z.string(), email: z.string(), name: z.string() });

export interface Decision {
  customerId: string;
  /** The deciding user (permission `approve`, checked by the caller). */
  userId: string;
  orderId: string;
  decision: ApprovalDecision;
  comment: string;
}

/** Active users of the company, other than `exceptUserId`, who may approve. */
async function otherApprovers(db: Db, customerId: string, exceptUserId: string | null): Promise<number> {
  const [row] = await rows(
    db,
    CountRow,
    sql`
    SELECT count(*)::int AS n FROM customer_users
    WHERE customer_id = ${customerId} AND status = 'active' AND role IN (${APPROVER_ROLES})
      AND id IS DISTINCT FROM ${exceptUserId}`,
  );
  return row?.n ?? 0;
}

/** Decides once; answers the order as decided. Another company's order is the 404 of a made-up id. */
export async function decideOrder(db: Db, d: Decision): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, d.orderId, { lock: true });
    if (!order || order.customerId !== d.customerId) throw orderNotFound();
    if (order.status !== 'awaiting_approval') throw orderNotAwaitingApproval();
    if (!maySelfDecide(d.userId, order.userId, await otherApprovers(tx, d.customerId, order.userId)))
      throw selfApproval();
    const comment = d.comment === '' ? null : d.comment;
    if (d.decision === 'rejected') {
      const [coupon] = await rows(
        tx,
        CouponRow,
        sql`SELECT coupon_code AS "couponCode" FROM orders WHERE id = ${order.id}`,
      );
      await cancelAndRelease(tx, order.id, coupon?.couponCode ?? null);
    } else {
      const next = order.paymentMethodCode === 'invoice' || order.paymentStatus === 'paid' ? 'confirmed' : 'pending';
      await tx.execute(sql`
        UPDATE orders SET status = ${next}, confirmed = ${next === 'confirmed'} WHERE id = ${order.id}`);
    }
    await tx.execute(sql`
      UPDATE orders SET approval_decision = ${d.decision}, approval_decided_by = ${d.userId},
        approval_decided_at = now(), approval_comment = ${comment}, last_modified = now()
      WHERE id = ${order.id}`);
    const decided = (await findOrder(tx, order.id))!;
    // Placed only now: the events its creation held back (create.ts).
    if (d.decision === 'approved') await recordOrderChange(tx, null, decided);
    return decided;
  });
}

/** Who gets the mail that an order waits: the company's active approvers other than its buyer, else the buyer. */
export async function approversToAsk(
  db: Db,
  customerId: string,
  buyerId: string | null,
): Promise<z.infer<typeof ApproverRow>[]> {
  const others = await rows(
    db,
    ApproverRow,
    sql`
    SELECT id, email, name FROM customer_users
    WHERE customer_id = ${customerId} AND status = 'active' AND role IN (${APPROVER_ROLES})
      AND id IS DISTINCT FROM ${buyerId}
    ORDER BY created_at, id`,
  );
  if (others.length > 0 || buyerId === null) return others;
  return rows(
    db,
    ApproverRow,
    sql`SELECT id, email, name FROM customer_users WHERE id = ${buyerId} AND role IN (${APPROVER_ROLES})`,
  );
}

const WaitingRow = z.object({
  id: z.string(),
  transactionnum: z.string(),
  createdAt: timestamp,
  grandTotalCents: z.number(),
  currency: z.string(),
  paymentMethodCode: z.string(),
  reasons: z.array(z.enum(APPROVAL_REASONS)),
  buyerId: z.string().nullable(),
  buyerName: z.string().nullable(),
  buyerEmail: z.string(),
});

export interface WaitingOrder {
  id: string;
  transactionnum: string;
  createdAt: Date;
  grandTotalCents: number;
  currency: string;
  paymentMethodCode: string;
  reasons: ApprovalReason[];
  buyerId: string | null;
  buyerName: string | null;
  buyerEmail: string;
}

/** The company's orders waiting for approval, oldest first (they expire first). */
export async function waitingOrders(db: Db, customerId: string): Promise<WaitingOrder[]> {
  return rows(
    db,
    WaitingRow,
    sql`
    SELECT o.id, o.transactionnum, o.created_at AS "createdAt", o.grand_total_cents AS "grandTotalCents", o.currency,
      o.payment_method_code AS "paymentMethodCode", o.approval_reasons AS reasons, o.user_id AS "buyerId",
      u.name AS "buyerName", o.email AS "buyerEmail"
    FROM orders o LEFT JOIN customer_users u ON u.id = o.user_id
    WHERE o.customer_id = ${customerId} AND o.status = 'awaiting_approval'
    ORDER BY o.created_at, o.id
    LIMIT 200`,
  );
}

/** Whether `userId` may decide on an order `buyerId` placed (the page offers the buttons accordingly). */
export async function mayDecide(db: Db, customerId: string, userId: string, buyerId: string | null): Promise<boolean> {
  return userId !== buyerId || maySelfDecide(userId, buyerId, await otherApprovers(db, customerId, buyerId));
}
