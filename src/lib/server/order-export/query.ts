// Pages of orders for the ERP, oldest change first, with a cursor that cannot skip or repeat an order:
// (last_modified, id) with microseconds kept (a JavaScript Date would drop them). An order changes its
// last_modified in the transaction that changes it, at that transaction's start, so one that commits
// late can carry an older time than orders already read; the export therefore leaves out what changed
// in the last SETTLE_SECONDS, by when every such transaction has committed (the shop's transactions
// take milliseconds), and an ERP that polls with the cursor sees every change at least once.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ORDER_COLUMNS, OrderRow, orderView } from '../orders/index.ts';
import type { ExportSource } from './shape.ts';

const SETTLE_SECONDS = 5;
export const MAX_PAGE = 200;

const ExportRow = OrderRow.extend({
  cursorAt: z.string(),
  customerNumber: z.string().nullable(),
  company: z.string().nullable(),
  couponCode: z.string().nullable(),
  termsVersion: z.string().nullable(),
});

/** Where a page starts: after this change. Opaque to the ERP (base64url). */
interface Cursor {
  at: string;
  id: string;
}

const encodeCursor = (c: Cursor): string => Buffer.from(`${c.at}|${c.id}`).toString('base64url');

/** The cursor's parts, or null when it is not one this shop handed out. */
export function decodeCursor(value: string): Cursor | null {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString().split('|');
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  return rest.length === 0 && at && id && iso.test(at) && uuid.test(id) ? { at, id } : null;
}

export interface ExportQuery {
  /** Only orders changed after this moment. */
  updatedAfter?: Date | undefined;
  cursor?: Cursor | undefined;
  limit: number;
  /** Tests pass 0; the endpoint uses SETTLE_SECONDS. */
  settleSeconds?: number;
}

function source(row: z.infer<typeof ExportRow>): ExportSource {
  return {
    order: orderView(row),
    customer:
      row.customerId && row.customerNumber
        ? { id: row.customerId, number: row.customerNumber, company: row.company }
        : null,
    locale: row.locale,
    couponCode: row.couponCode,
    termsVersion: row.termsVersion,
  };
}

/**
 * Orders the ERP sees: placed ones. An order waiting for approval, or rejected or expired before it was
 * approved, was never placed (src/lib/server/orders/approval.ts).
 */
const PLACED = sql`(o.approval_reasons IS NULL OR o.approval_decision = 'approved')`;

const SELECT = sql`SELECT ${ORDER_COLUMNS}, o.coupon_code AS "couponCode", o.terms_version AS "termsVersion",
    to_char(o.last_modified AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "cursorAt",
    c.customernum AS "customerNumber", c.company
  FROM orders o LEFT JOIN customers c ON c.id = o.customer_id`;

export interface ExportPage {
  orders: ExportSource[];
  /** Where the next call goes on: after this page's last order (the one given when the page is empty). */
  cursor: string | null;
  /** A full page: call again at once; otherwise poll again later with the cursor. */
  hasMore: boolean;
}

/** One page, and where the next one starts. */
export async function exportPage(db: Db, query: ExportQuery): Promise<ExportPage> {
  const settle = query.settleSeconds ?? SETTLE_SECONDS;
  const found = await rows(
    db,
    ExportRow,
    sql`${SELECT}
    WHERE o.last_modified <= now() - make_interval(secs => ${settle}) AND ${PLACED}
      ${query.updatedAfter ? sql`AND o.last_modified > ${query.updatedAfter.toISOString()}::timestamptz` : sql``}
      ${query.cursor ? sql`AND (o.last_modified, o.id) > (${query.cursor.at}::timestamptz, ${query.cursor.id}::uuid)` : sql``}
    ORDER BY o.last_modified, o.id
    LIMIT ${query.limit}`,
  );
  const last = found.at(-1);
  const after = last ? { at: last.cursorAt, id: last.id } : query.cursor;
  return {
    orders: found.map(source),
    cursor: after ? encodeCursor(after) : null,
    hasMore: found.length === query.limit,
  };
}

/** One order by id, whatever its age. */
export async function exportOne(db: Db, id: string): Promise<ExportSource | null> {
  const [row] = await rows(db, ExportRow, sql`${SELECT} WHERE o.id = ${id} AND ${PLACED}`);
  return row ? source(row) : null;
}
