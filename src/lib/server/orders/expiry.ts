// The unpaid order expiry job. An order takes its stock when it is placed; one that is still pending
// and unpaid after the hold time (an online payment never completed, or a checkout left before the
// order was confirmed) gives it back: the pieces it took (order_stock_holds, effective and external
// apart), the coupon redemption, and the order becomes cancelled, with a mail to the buyer.
//
// Each order is cancelled in a transaction of its own that locks the order row and checks it again, so
// a payment arriving at the same moment either gets there first (the order is paid and confirmed, and
// the job leaves it alone) or finds the order cancelled (applyAttemptReport then keeps the payment and
// logs it at error level for a person to refund it or restore the order). Cancelled orders are never
// picked again, so a run that dies half way, or two runs, cancel each order once. On PostgreSQL one
// instance runs the job at a time (an advisory lock), as the payment recovery job.
//
// An order waiting for approval (approval.ts) that no approver decided on within its own hold time
// (APPROVAL_HOLD_HOURS) is cancelled the same way and marked 'expired'; it was never placed, so it raises
// no outbound event. An approved online order's unpaid hold time starts with the approval.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Database } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { logger } from '../log.ts';
import { exclusively } from './recovery.ts';
import { findOrder, type OrderRow } from './queries.ts';
import { cancelAndRelease } from './release.ts';
import { recordOrderChange } from '../webhooks/index.ts';

const PendingOrderRow = z.object({ id: z.string(), status: z.string(), couponCode: z.string().nullable() });
const OrderIdRow = z.object({ id: z.string() });

export interface ExpiryOptions {
  /** At most this many orders per run, oldest first (default 200); the next run takes the rest. */
  limit?: number;
  /** How long an order waiting for approval holds its stock (default: the shipped 72 hours). */
  approvalHoldMs?: number;
}

/** APPROVAL_HOLD_HOURS as shipped. */
const APPROVAL_HOLD_MS = 72 * 3_600_000;

export interface ExpiryRun {
  /** False when another instance held the job (PostgreSQL): nothing was done. */
  ran: boolean;
  /** Orders this run cancelled. */
  cancelled: number;
  /** Orders that could not be cancelled (left for the next run). */
  errors: number;
}

/**
 * Arbitrary but fixed key of the advisory lock that keeps the job to one instance (recovery uses …271).
 * @internal Exported for the test that holds it.
 */
export const EXPIRY_LOCK_KEY = 7_305_112_272;

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} seconds`;

/**
 * Pending orders without money on its way, older than the hold time, that the ERP has not acted on
 * (an order it confirmed, shipped or invoiced is its business now, not the hold time's).
 */
const EXPIRED = (
  holdMs: number,
  approvalHoldMs: number,
) => sql`((status = 'pending' AND payment_status IN ('open', 'failed')
  AND coalesce(approval_decided_at, created_at) < now() - ${seconds(holdMs)}::interval
  AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = orders.id))
  OR (status = 'awaiting_approval' AND created_at < now() - ${seconds(approvalHoldMs)}::interval))`;

interface Holds {
  holdMs: number;
  approvalHoldMs: number;
}

/** Cancels one order if it is still expired under its row lock; returns it cancelled, or null. */
async function cancelExpired(db: Database['db'], orderId: string, holds: Holds): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    const [still] = await rows(
      tx,
      PendingOrderRow,
      sql`
      SELECT id, status, coupon_code AS "couponCode" FROM orders
      WHERE id = ${orderId} AND ${EXPIRED(holds.holdMs, holds.approvalHoldMs)} FOR UPDATE`,
    );
    if (!still) return null;
    await cancelAndRelease(tx, orderId, still.couponCode);
    if (still.status === 'awaiting_approval') {
      await tx.execute(sql`
        UPDATE orders SET approval_decision = 'expired', approval_decided_at = now() WHERE id = ${orderId}`);
      return (await findOrder(tx, orderId))!;
    }
    const cancelled = (await findOrder(tx, orderId))!;
    await recordOrderChange(tx, { status: 'pending', paymentStatus: cancelled.paymentStatus }, cancelled);
    return cancelled;
  });
}

/**
 * One run: cancels the expired orders and hands each to `onCancelled` after its commit (the caller mails
 * the buyer). A mail that fails is logged; the order stays cancelled.
 */
export async function expireUnpaidOrders(
  database: Pick<Database, 'db' | 'kind'>,
  holdMs: number,
  onCancelled: (order: OrderRow) => Promise<unknown>,
  options: ExpiryOptions = {},
): Promise<ExpiryRun> {
  const run: ExpiryRun = { ran: false, cancelled: 0, errors: 0 };
  const { db } = database;
  const holds: Holds = { holdMs, approvalHoldMs: options.approvalHoldMs ?? APPROVAL_HOLD_MS };
  run.ran = await exclusively(database, EXPIRY_LOCK_KEY, async () => {
    const due = await rows(
      db,
      OrderIdRow,
      sql`
      SELECT id FROM orders WHERE ${EXPIRED(holds.holdMs, holds.approvalHoldMs)} ORDER BY created_at LIMIT ${options.limit ?? 200}`,
    );
    for (const { id } of due) {
      let cancelled: OrderRow | null;
      try {
        cancelled = await cancelExpired(db, id, holds);
      } catch (error) {
        run.errors += 1;
        logger.warn({ err: error, orderId: id }, 'order expiry: order not cancelled');
        continue;
      }
      if (!cancelled) continue;
      run.cancelled += 1;
      logger.info(
        { orderId: id, transactionnum: cancelled.transactionnum },
        'unpaid order expired: cancelled, stock given back',
      );
      await onCancelled(cancelled).catch((error: unknown) =>
        logger.error(
          { err: error, orderId: id, transactionnum: cancelled.transactionnum },
          'order cancellation mail failed',
        ),
      );
    }
  });
  if (run.cancelled > 0 || run.errors > 0) logger.info({ ...run }, 'order expiry run');
  return run;
}
