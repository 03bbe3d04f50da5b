// A company's scheduled reorders as its users keep them (issue 37, item 5): made from a past order,
// read, retimed, paused, resumed and ended. Every function takes the scope of the asking user (their
// company, and their own schedules unless their role sees all the company's orders), so a schedule
// outside it, another company's above all, is SCHEDULED_REORDER_NOT_FOUND whoever has it.
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Locale } from '#lib/i18n/locales.ts';
import { DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import { scheduleSchema, type Schedule } from '#lib/scheduled-reorders/contract.ts';
import { dueFromToday } from '#lib/scheduled-reorders/rules.ts';
import type { Db } from '../db/client.ts';
import { json, rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import type { OrderRow } from '../orders/index.ts';

const scheduleNotFound = () => new ApiError('SCHEDULED_REORDER_NOT_FOUND', 'There is no such scheduled reorder.', 404);

/** The schedules a user reaches: their company's, and only their own unless `userId` is null (all). */
export interface ScheduleScope {
  customerId: string;
  userId: string | null;
}

export interface Timing {
  intervalWeeks: number;
  nextDate: string;
  endDate: string | null;
}

const inScope = (scope: ScheduleScope): SQL =>
  scope.userId === null
    ? sql`s.customer_id = ${scope.customerId}`
    : sql`s.customer_id = ${scope.customerId} AND s.user_id = ${scope.userId}`;

/**
 * The lines of the schedule aliased `s` as JSON, in order: sku, quantity, source and accessories, each
 * named in `locale` (German where the product has no name in it, the sku where the product is gone).
 */
export const scheduleLines = (locale: SQL) => sql`COALESCE((
    SELECT json_agg(json_build_object('sku', l.sku, 'quantity', l.quantity, 'source', l.source,
      'accessorySkus', l.accessory_skus, 'name', COALESCE(t.name, d.name, l.sku)) ORDER BY l.position)
    FROM scheduled_reorder_lines l
    LEFT JOIN products p ON p.sku = l.sku
    LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ${locale}
    LEFT JOIN product_translations d ON d.product_id = p.id AND d.locale = ${DEFAULT_LOCALE}
    WHERE l.schedule_id = s.id
  ), '[]'::json)`;

/** A schedule as read: its lines and last run are JSON the statement builds. */
const ScheduleRow = scheduleSchema.extend({
  lines: json(scheduleSchema.shape.lines),
  lastRun: json(scheduleSchema.shape.lastRun),
});

/** The schedules (alias s) `where` picks, each with its lines named in `locale` and its latest run. */
async function readSchedules(db: Db, where: SQL, locale: Locale): Promise<Schedule[]> {
  const found = await rows(
    db,
    ScheduleRow,
    sql`
    SELECT s.id, u.name AS buyer, s.interval_weeks AS "intervalWeeks", s.next_date::text AS "nextDate",
      s.end_date::text AS "endDate", s.status, s.source_order_id AS "sourceOrderId",
      src.transactionnum AS "sourceOrderNumber",
      ${scheduleLines(sql`${locale}`)} AS lines,
      (SELECT json_build_object('dueDate', r.due_date::text, 'outcome', r.outcome, 'orderId', r.order_id,
          'orderNumber', o.transactionnum, 'leftOut', r.report->'leftOut', 'refusal', r.report->'refusal')
        FROM scheduled_reorder_runs r LEFT JOIN orders o ON o.id = r.order_id
        WHERE r.schedule_id = s.id ORDER BY r.due_date DESC LIMIT 1) AS "lastRun"
    FROM scheduled_reorders s
    JOIN customer_users u ON u.id = s.user_id
    LEFT JOIN orders src ON src.id = s.source_order_id
    WHERE ${where}
    ORDER BY s.status = 'ended', s.next_date, s.created_at, s.id`,
  );
  return found;
}

export function listSchedules(db: Db, scope: ScheduleScope, locale: Locale = DEFAULT_LOCALE): Promise<Schedule[]> {
  return readSchedules(db, inScope(scope), locale);
}

async function oneSchedule(db: Db, scope: ScheduleScope, id: string, locale: Locale): Promise<Schedule> {
  const [found] = await readSchedules(db, sql`s.id = ${id} AND ${inScope(scope)}`, locale);
  if (!found) throw scheduleNotFound();
  return found;
}

const IdRow = z.object({ id: z.string() });
const StateRow = z.object({ nextDate: z.string(), intervalWeeks: z.number(), status: z.string() });

/**
 * A schedule of the order's lines (product, quantity, accessories), its addresses and shipping method,
 * placed as `userId` on invoice. The lines say they came from an order; a list fills them the same way.
 */
export async function createFromOrder(
  db: Db,
  order: OrderRow,
  owner: { customerId: string; userId: string },
  timing: Timing,
  locale: Locale,
): Promise<Schedule> {
  const { cartInfo } = order;
  const id = await db.transaction(async (tx) => {
    const [row] = await rows(
      tx,
      IdRow,
      sql`
      INSERT INTO scheduled_reorders (customer_id, user_id, source_order_id, interval_weeks, next_date, end_date,
        shipping_address, billing_address, shipping_method_code)
      VALUES (${owner.customerId}, ${owner.userId}, ${order.id}, ${timing.intervalWeeks}, ${timing.nextDate},
        ${timing.endDate}, ${JSON.stringify(cartInfo.shippingAddress)}::jsonb,
        ${JSON.stringify(cartInfo.billingAddress)}::jsonb, ${cartInfo.shippingMethod?.methodCode ?? ''})
      RETURNING id`,
    );
    const lines = cartInfo.cartItems.map(
      (item, position) =>
        sql`(${row!.id}, ${position}, 'order', ${item.sku}, ${item.quantity}, ${JSON.stringify(Object.keys(item.selectedAddtionalProducts))}::jsonb)`,
    );
    if (lines.length > 0)
      await tx.execute(sql`
        INSERT INTO scheduled_reorder_lines (schedule_id, position, source, sku, quantity, accessory_skus)
        VALUES ${sql.join(lines, sql`, `)}`);
    return row!.id;
  });
  return oneSchedule(db, { customerId: owner.customerId, userId: null }, id, locale);
}

/** Locks a schedule of the scope that has not ended, or 404. */
async function lockOpen(tx: Db, scope: ScheduleScope, id: string) {
  const [found] = await rows(
    tx,
    StateRow,
    sql`
    SELECT s.next_date::text AS "nextDate", s.interval_weeks AS "intervalWeeks", s.status FROM scheduled_reorders s
    WHERE s.id = ${id} AND ${inScope(scope)} AND s.status <> 'ended' FOR UPDATE`,
  );
  if (!found) throw scheduleNotFound();
  return found;
}

/** Applies `change` (SET …) to a schedule of the scope that has not ended, and reads it back. */
async function update(
  db: Db,
  scope: ScheduleScope,
  id: string,
  locale: Locale,
  change: (state: z.infer<typeof StateRow>) => SQL,
): Promise<Schedule> {
  await db.transaction(async (tx) => {
    const state = await lockOpen(tx, scope, id);
    await tx.execute(sql`UPDATE scheduled_reorders SET ${change(state)}, updated_at = now() WHERE id = ${id}`);
  });
  return oneSchedule(db, scope, id, locale);
}

export const changeTiming = (db: Db, scope: ScheduleScope, id: string, timing: Timing, locale: Locale) =>
  update(
    db,
    scope,
    id,
    locale,
    () => sql`interval_weeks = ${timing.intervalWeeks}, next_date = ${timing.nextDate}, end_date = ${timing.endDate}`,
  );

export const pauseSchedule = (db: Db, scope: ScheduleScope, id: string, locale: Locale) =>
  update(db, scope, id, locale, () => sql`status = 'paused'`);

/** Active again from its next date, or, where the pause passed it, the first due date from `today` on. */
export const resumeSchedule = (db: Db, scope: ScheduleScope, id: string, today: string, locale: Locale) =>
  update(
    db,
    scope,
    id,
    locale,
    (state) => sql`status = 'active', next_date = ${dueFromToday(state.nextDate, state.intervalWeeks, today)}`,
  );

/** Deletes the schedule, its lines and its runs (the orders it placed stay). */
export async function endSchedule(db: Db, scope: ScheduleScope, id: string): Promise<{ id: string }> {
  const [gone] = await rows(
    db,
    IdRow,
    sql`DELETE FROM scheduled_reorders s WHERE s.id = ${id} AND ${inScope(scope)} RETURNING s.id`,
  );
  if (!gone) throw scheduleNotFound();
  return gone;
}

/** One schedule whoever's it is: for the runner's mails, never for a request. */
export async function readSchedule(db: Db, id: string, locale: Locale): Promise<Schedule | null> {
  const [found] = await readSchedules(db, sql`s.id = ${id}`, locale);
  return found ?? null;
}
