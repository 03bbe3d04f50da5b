// The scheduled reorder runner: each pass (every minute in every shop process, started with the other
// background work, src/lib/server/scheduled-reorders/index.ts) places the orders that came due
// (place.ts: once per schedule and due date, however many instances run), then mails the buyer what
// each run did, then the reminders of tomorrow's dates. Each mail is claimed in the database before
// it is sent and released when sending fails, so every instance may pass and each mail goes once; a
// report a crash kept from going out is sent by the next pass. `now` is the pass's clock (tests pass
// their own; nothing here sleeps).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import { addDays, dayOf, REMINDER_DAYS_BEFORE } from '#lib/scheduled-reorders/rules.ts';
import { RUN_OUTCOMES, runReportSchema } from '#lib/scheduled-reorders/contract.ts';
import { isLocale, DEFAULT_LOCALE } from '#lib/i18n/locales.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { logger } from '../log.ts';
import type { ReorderReminder, ReorderReport } from '../mail/index.ts';
import { approversToAsk, confirmationSender, orderView, type OrderDeps } from '../orders/index.ts';
import { runDue, type PlaceDeps, type RunResult } from './place.ts';
import { readSchedule } from './store.ts';

/** How many due schedules, reports and reminders one pass takes at most; the rest wait for the next. */
const BATCH = 100;

export interface RunnerDeps extends PlaceDeps, Pick<OrderDeps, 'db' | 'sendConfirmation' | 'sendApprovalRequest'> {
  sendReminder(reminder: ReorderReminder): Promise<void>;
  sendReport(report: ReorderReport): Promise<void>;
}

export interface PassResult {
  runs: RunResult[];
  reports: number;
  reminders: number;
}

const DueRow = z.object({ id: z.string(), due: z.string() });
const Recipient = z.object({ email: z.string(), name: z.string(), locale: z.string() });

/** The buyer of a schedule (alias s, joined as u and c): their address, name and language. */
const RECIPIENT = sql`u.email, u.name, COALESCE(u.locale, c.locale) AS locale`;

/** Mails `send` once: claimed by `claim` (true when this pass has it), released by `release` when sending fails. */
async function claimed(claim: () => Promise<boolean>, send: () => Promise<void>, release: () => Promise<unknown>) {
  if (!(await claim())) return false;
  try {
    await send();
    return true;
  } catch (error) {
    logger.error({ err: error }, 'scheduled reorder mail failed');
    await release();
    return false;
  }
}

const ReportRow = Recipient.extend({
  scheduleId: z.string(),
  dueDate: z.string(),
  outcome: z.enum(RUN_OUTCOMES),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  report: runReportSchema,
});

async function sendReports(db: Db, deps: RunnerDeps): Promise<number> {
  const unsent = await rows(
    db,
    ReportRow,
    sql`
    SELECT r.schedule_id AS "scheduleId", r.due_date::text AS "dueDate", r.outcome, r.order_id AS "orderId",
      o.transactionnum AS "orderNumber", r.report, ${RECIPIENT}
    FROM scheduled_reorder_runs r
    JOIN scheduled_reorders s ON s.id = r.schedule_id
    JOIN customer_users u ON u.id = s.user_id
    JOIN customers c ON c.id = s.customer_id
    LEFT JOIN orders o ON o.id = r.order_id
    WHERE r.report_sent_at IS NULL ORDER BY r.ran_at LIMIT ${BATCH}`,
  );
  let sent = 0;
  for (const run of unsent) {
    const key = sql`schedule_id = ${run.scheduleId} AND due_date = ${run.dueDate}`;
    const mailed = await claimed(
      async () =>
        (
          await rows(
            db,
            DueRow.pick({ id: true }),
            sql`UPDATE scheduled_reorder_runs SET report_sent_at = now() WHERE ${key} AND report_sent_at IS NULL
            RETURNING schedule_id AS id`,
          )
        ).length > 0,
      () =>
        deps.sendReport({
          to: { email: run.email, name: run.name, locale: run.locale },
          dueDate: run.dueDate,
          outcome: run.outcome,
          order: run.orderId && run.orderNumber ? { id: run.orderId, number: run.orderNumber } : null,
          ...run.report,
        }),
      () => db.execute(sql`UPDATE scheduled_reorder_runs SET report_sent_at = NULL WHERE ${key}`),
    );
    if (mailed) sent += 1;
  }
  return sent;
}

async function sendReminders(db: Db, today: string, deps: RunnerDeps): Promise<number> {
  const day = addDays(today, REMINDER_DAYS_BEFORE);
  const due = await rows(
    db,
    DueRow.extend(Recipient.shape),
    sql`
    SELECT s.id, s.next_date::text AS due, ${RECIPIENT}
    FROM scheduled_reorders s
    JOIN customer_users u ON u.id = s.user_id
    JOIN customers c ON c.id = s.customer_id
    WHERE s.status = 'active' AND s.next_date = ${day} AND (s.end_date IS NULL OR s.end_date >= s.next_date)
      AND NOT EXISTS (SELECT 1 FROM scheduled_reorder_reminders m WHERE m.schedule_id = s.id AND m.due_date = s.next_date)
    LIMIT ${BATCH}`,
  );
  let sent = 0;
  for (const reminder of due) {
    const key = sql`schedule_id = ${reminder.id} AND due_date = ${reminder.due}`;
    const locale = isLocale(reminder.locale) ? reminder.locale : DEFAULT_LOCALE;
    const mailed = await claimed(
      async () =>
        (
          await rows(
            db,
            DueRow.pick({ id: true }),
            sql`INSERT INTO scheduled_reorder_reminders (schedule_id, due_date) VALUES (${reminder.id}, ${reminder.due})
            ON CONFLICT DO NOTHING RETURNING schedule_id AS id`,
          )
        ).length > 0,
      async () => {
        const schedule = await readSchedule(db, reminder.id, locale);
        await deps.sendReminder({
          to: { email: reminder.email, name: reminder.name, locale },
          dueDate: reminder.due,
          lines: schedule?.lines ?? [],
        });
      },
      () => db.execute(sql`DELETE FROM scheduled_reorder_reminders WHERE ${key}`),
    );
    if (mailed) sent += 1;
  }
  return sent;
}

/** One pass of the runner, as of `now`. */
export function scheduledReorderRunner(deps: RunnerDeps) {
  const afterConfirm = confirmationSender(deps);

  /** After the commit: the order's confirmation (claimed once), or the approvers told that it waits. */
  async function followUp(db: Db, run: RunResult): Promise<void> {
    try {
      if (run.confirmed) await afterConfirm(run.confirmed);
      else if (run.order?.status === 'awaiting_approval')
        await deps.sendApprovalRequest(
          orderView(run.order),
          await approversToAsk(db, run.order.customerId!, run.order.userId),
        );
    } catch (error) {
      logger.error({ err: error, orderId: run.order?.id }, 'scheduled reorder follow-up mail failed');
    }
  }

  return async function runPass(now: Date = new Date()): Promise<PassResult> {
    const db = await deps.db();
    const today = dayOf(now);
    const due = await rows(
      db,
      DueRow,
      sql`SELECT id, next_date::text AS due FROM scheduled_reorders WHERE status = 'active' AND next_date <= ${today}
      ORDER BY next_date, id LIMIT ${BATCH}`,
    );
    const runs: RunResult[] = [];
    for (const schedule of due) {
      try {
        const run = await runDue(db, schedule.id, schedule.due, today, now, deps);
        if (!run) continue;
        runs.push(run);
        await followUp(db, run);
      } catch (error) {
        // Rolled back, claim and all: the next pass runs the date again.
        logger.error({ err: error, scheduleId: schedule.id, due: schedule.due }, 'scheduled reorder run failed');
      }
    }
    return { runs, reports: await sendReports(db, deps), reminders: await sendReminders(db, today, deps) };
  };
}
