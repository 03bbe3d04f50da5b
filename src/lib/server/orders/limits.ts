// Caps on what one order and one client may take (docs/stock.md, "Caps on orders"). An order takes its
// stock when it is placed, and a guest's invoice order costs its sender nothing until it is paid: without
// caps one script could empty the shop's stock for everybody else. So, checked in the order's transaction
// before any stock is taken:
//
//   - an order's grand total, and for guests the pieces it takes from stock, have a maximum;
//   - open unpaid orders (not paid, not cancelled, younger than the hold time) are capped per guest
//     client address and per guest e-mail, so neither rotating e-mails nor rotating addresses helps,
//     and per signed-in customer; a B2B customer's own limits (customers table) replace the defaults.
//
// Counting and ordering must not race: on PostgreSQL two parallel orders from one address would both
// count two open orders and both pass a cap of three. Each subject's advisory transaction lock is taken
// before counting, in one global key order (no deadlock), and held until the order commits, so the
// second order counts the first.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import type { Env } from '../env.ts';
import { orderValueLimit, orderQuantityLimit, tooManyOpenOrders } from './errors.ts';

const CustomerCapsRow = z.object({ maxTotalCents: z.number().nullable(), maxOpenOrders: z.number().nullable() });
const OpenOrdersRow = z.object({ n: z.number(), freeIn: z.number().nullable() });

interface OrderCaps {
  /** Largest grand total in cents of the order's currency (amounts are not converted); null: no cap. */
  maxTotalCents: number | null;
  /** Most pieces one order takes from stock, accessories included; null: no cap. */
  maxPieces: number | null;
  /** Most open unpaid orders per subject (guest address, guest e-mail, customer); null: no cap. */
  maxOpenOrders: number | null;
}

export interface OrderLimits {
  /** How long an unpaid order holds its stock; only orders younger than this count as open. */
  holdMs: number;
  /** How long an order waiting for approval holds its stock before it is cancelled (APPROVAL_HOLD_HOURS). */
  approvalHoldMs: number;
  guest: OrderCaps;
  /** A signed-in customer's defaults, where the customer has no limit of its own. */
  customer: OrderCaps;
}

/** 0 in the environment (or a customer's column) switches a cap off. */
const cap = (value: number, unit = 1): number | null => (value > 0 ? value * unit : null);

export function orderLimitsFromEnv(
  e: Pick<
    Env,
    | 'ORDER_HOLD_HOURS'
    | 'APPROVAL_HOLD_HOURS'
    | 'GUEST_ORDER_MAX_TOTAL'
    | 'GUEST_ORDER_MAX_PIECES'
    | 'GUEST_OPEN_ORDERS_MAX'
    | 'CUSTOMER_ORDER_MAX_TOTAL'
    | 'CUSTOMER_OPEN_ORDERS_MAX'
  >,
): OrderLimits {
  return {
    holdMs: e.ORDER_HOLD_HOURS * 3_600_000,
    approvalHoldMs: e.APPROVAL_HOLD_HOURS * 3_600_000,
    guest: {
      maxTotalCents: cap(e.GUEST_ORDER_MAX_TOTAL, 100),
      maxPieces: cap(e.GUEST_ORDER_MAX_PIECES),
      maxOpenOrders: cap(e.GUEST_OPEN_ORDERS_MAX),
    },
    // A business account is known, bound by its terms and reachable: no piece cap (a thousand screws is
    // an ordinary order), and higher defaults that its own settings may raise or lower.
    customer: {
      maxTotalCents: cap(e.CUSTOMER_ORDER_MAX_TOTAL, 100),
      maxPieces: null,
      maxOpenOrders: cap(e.CUSTOMER_OPEN_ORDERS_MAX),
    },
  };
}

/** What the caps look at of an order about to be placed. */
export interface OrderFootprint {
  customerId: string | null;
  /** The e-mail the order goes to (a guest's billing e-mail). */
  email: string;
  /** The client address as the rate limits see it; 'unknown' when the server could not tell. */
  clientIp: string;
  grandTotalCents: number;
  currency: string;
  /** Pieces taken from stock, accessories included. */
  pieces: number;
}

/**
 * The key an order keeps of its client address: a SHA-256, so the table holds no address. Null for an
 * address the server could not tell: all such orders would otherwise share one budget.
 */
function clientKeyOf(clientIp: string): string | null {
  return clientIp === 'unknown' ? null : createHash('sha256').update(`order-client\u0000${clientIp}`).digest('hex');
}

/** A signed 64-bit advisory lock key for a subject (the first 8 bytes of its SHA-256). */
function lockKey(subject: string): bigint {
  return createHash('sha256').update(`order-cap\u0000${subject}`).digest().readBigInt64BE(0);
}

async function customerCaps(db: Db, customerId: string, defaults: OrderCaps): Promise<OrderCaps> {
  const [own] = await rows(
    db,
    CustomerCapsRow,
    sql`
    SELECT max_order_total_cents AS "maxTotalCents", max_open_orders AS "maxOpenOrders" FROM customers WHERE id = ${customerId}`,
  );
  return {
    ...defaults,
    maxTotalCents: own?.maxTotalCents == null ? defaults.maxTotalCents : cap(own.maxTotalCents),
    maxOpenOrders: own?.maxOpenOrders == null ? defaults.maxOpenOrders : cap(own.maxOpenOrders),
  };
}

interface Subject {
  /** Names the subject for the lock (never stored). */
  lock: string;
  /** The orders of this subject. */
  where: ReturnType<typeof sql>;
}

function subjectsOf(order: OrderFootprint, clientKey: string | null): Subject[] {
  if (order.customerId)
    return [{ lock: `customer:${order.customerId}`, where: sql`customer_id = ${order.customerId}` }];
  const email = order.email.trim().toLowerCase();
  return [
    ...(clientKey ? [{ lock: `address:${clientKey}`, where: sql`client_key = ${clientKey}` }] : []),
    { lock: `email:${email}`, where: sql`lower(email) = ${email} AND customer_id IS NULL` },
  ];
}

/**
 * Refuses an order over the caps (ORDER_VALUE_LIMIT, ORDER_QUANTITY_LIMIT, TOO_MANY_OPEN_ORDERS); run in
 * the order's transaction, before stock is taken. Returns the client key the order keeps.
 */
export async function checkOrderLimits(
  db: Db,
  limits: OrderLimits,
  order: OrderFootprint,
): Promise<{ clientKey: string | null }> {
  const clientKey = clientKeyOf(order.clientIp);
  const caps = order.customerId ? await customerCaps(db, order.customerId, limits.customer) : limits.guest;
  if (caps.maxTotalCents !== null && order.grandTotalCents > caps.maxTotalCents) {
    throw orderValueLimit(caps.maxTotalCents, order.currency);
  }
  if (caps.maxPieces !== null && order.pieces > caps.maxPieces) throw orderQuantityLimit(caps.maxPieces);
  if (caps.maxOpenOrders === null) return { clientKey };

  const subjects = subjectsOf(order, clientKey).map((s) => ({ ...s, key: lockKey(s.lock) }));
  for (const { key } of [...subjects].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${key.toString()}::bigint)`);
  }
  const holdSeconds = Math.ceil(limits.holdMs / 1000);
  for (const subject of subjects) {
    const [open] = await rows(
      db,
      OpenOrdersRow,
      sql`
      SELECT count(*)::int AS n,
        ceil(extract(epoch FROM min(created_at) + make_interval(secs => ${holdSeconds}) - now()))::int AS "freeIn"
      FROM orders
      WHERE ${subject.where} AND status <> 'cancelled' AND payment_status <> 'paid'
        AND created_at > now() - make_interval(secs => ${holdSeconds})`,
    );
    if ((open?.n ?? 0) >= caps.maxOpenOrders)
      throw tooManyOpenOrders(caps.maxOpenOrders, Math.max(1, open?.freeIn ?? 1));
  }
  return { clientKey };
}
