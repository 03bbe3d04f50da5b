// The payment recovery job. A shopper who approves on PayPal and closes the tab before coming back,
// or a webhook that never arrives, would leave a payment open for ever: this job asks the provider
// about attempts that have been open for a while and settles them the way the shopper's return does
// (settlePayPalAttempt / settleStripeAttempt), so it can never capture or confirm twice: a capture
// carries the attempt's own PayPal-Request-Id, attempts move only forward under a row lock, and the
// confirmation mail is claimed once in the database. A PayPal attempt still not approved when PayPal's
// approval window has long closed is settled as failed, so the order shows that it still wants paying.
// On PostgreSQL one instance runs it at a time (an advisory lock); the embedded database has one process.
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Database } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { ApiError } from '../http.ts';
import { logger } from '../log.ts';
import { applyAttemptReport, type ConfirmResult } from './lifecycle.ts';
import { OpenAttempt, settlePayPalAttempt, settleStripeAttempt } from './payment-outcomes.ts';
import type { PaymentGateways } from './payments.ts';
import { metrics, timed } from '../metrics/index.ts';

const LockedRow = z.object({ locked: z.boolean() });

export interface RecoveryOptions {
  /** An attempt younger than this may still be in the shopper's hands: left alone (default 10 minutes). */
  staleAfterMs?: number;
  /**
   * A PayPal attempt that PayPal still reports unapproved this long after it began is settled as failed;
   * Stripe attempts are asked about until then (default 3 hours, PayPal's approval window).
   */
  abandonAfterMs?: number;
  /**
   * PayPal attempts older than this are no longer asked about (default 7 days): one that still cannot
   * be settled by then (it does not match its order) needs a person, not a retry every few minutes.
   */
  lookBackMs?: number;
  /** At most this many attempts per provider and run, oldest first (default 100). */
  limit?: number;
}

export interface RecoveryRun {
  /** False when another instance held the job (PostgreSQL), or no provider is configured: nothing was done. */
  ran: boolean;
  /** Attempts this run asked a provider about. */
  checked: number;
  /** Approved PayPal orders this run captured. */
  captured: number;
  /** Attempts whose outcome this run applied (paid, under way or failed at the provider). */
  settled: number;
  /** PayPal attempts settled as failed because they were never approved. */
  abandoned: number;
  /** Attempts the provider could not be asked about; the next run tries again. */
  errors: number;
}

const DEFAULTS = { staleAfterMs: 10 * 60_000, abandonAfterMs: 3 * 3600_000, lookBackMs: 7 * 24 * 3600_000, limit: 100 };

/**
 * Arbitrary but fixed key of the advisory lock that keeps the job to one instance (migrations use …270).
 * @internal Exported for the test that holds it.
 */
export const RECOVERY_LOCK_KEY = 7_305_112_271;

const StaleAttempt = OpenAttempt.extend({
  amountCents: z.number(),
  currency: z.string(),
  /** Began before the abandon horizon. */
  expired: z.boolean(),
});
type StaleAttempt = z.infer<typeof StaleAttempt>;

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 1000))} seconds`;

/** Open attempts of a provider older than staleAfter: PayPal's within the look-back, Stripe's within the abandon horizon. */
function staleAttempts(
  db: Database['db'],
  provider: 'stripe' | 'paypal',
  options: typeof DEFAULTS,
): Promise<StaleAttempt[]> {
  const abandon = sql`now() - ${seconds(options.abandonAfterMs)}::interval`;
  return rows(
    db,
    StaleAttempt,
    sql`
    SELECT id, order_id AS "orderId", provider_ref AS "providerRef", amount_cents AS "amountCents", currency,
      created_at < ${abandon} AS expired
    FROM payments
    WHERE provider = ${provider} AND status = 'created' AND provider_ref IS NOT NULL
      AND created_at < now() - ${seconds(options.staleAfterMs)}::interval
      AND created_at >= ${provider === 'stripe' ? abandon : sql`now() - ${seconds(options.lookBackMs)}::interval`}
    ORDER BY created_at LIMIT ${options.limit}`,
  );
}

/**
 * Runs `work` unless another instance holds the job's lock; on PGlite (one process) it always runs.
 * Shared by the order jobs (this one and expiry.ts), each with its own key.
 */
export async function exclusively(
  database: Pick<Database, 'db' | 'kind'>,
  lockKey: number,
  work: () => Promise<void>,
): Promise<boolean> {
  if (database.kind !== 'postgres') {
    await work();
    return true;
  }
  // The transaction only holds the lock (released at its end, even if this process dies); the work runs
  // on other pooled connections, so no row stays locked while a provider is asked.
  return database.db.transaction(async (tx) => {
    const [row] = await rows(tx, LockedRow, sql`SELECT pg_try_advisory_xact_lock(${lockKey}::bigint) AS locked`);
    if (!row?.locked) return false;
    await work();
    return true;
  });
}

/** The attempt's own order, amount and currency make the report: the shop gives up on it, PayPal took nothing. */
function abandon(db: Database['db'], attempt: StaleAttempt): Promise<ConfirmResult> {
  return applyAttemptReport(
    db,
    {
      provider: 'paypal',
      providerRef: attempt.providerRef,
      status: 'failed',
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      orderId: attempt.orderId,
      failureMessage: 'PayPal: not approved in time',
    },
    attempt.orderId,
  );
}

/**
 * One run over PayPal's and Stripe's stale attempts. `onSettled` receives every applied outcome (the
 * caller sends the confirmation mail for an order that became confirmed).
 */
export async function recoverPayments(
  database: Pick<Database, 'db' | 'kind'>,
  gateways: PaymentGateways,
  onSettled: (result: ConfirmResult) => Promise<unknown>,
  options: RecoveryOptions = {},
): Promise<RecoveryRun> {
  const settings = { ...DEFAULTS, ...options };
  const run: RecoveryRun = { ran: false, checked: 0, captured: 0, settled: 0, abandoned: 0, errors: 0 };
  const { paypal, stripe } = gateways;
  if (!paypal && !stripe) return run;
  const { db } = database;

  const failed = (attempt: StaleAttempt, error: unknown) => {
    run.errors += 1;
    logger.warn(
      { err: error, paymentId: attempt.id, orderId: attempt.orderId },
      'payment recovery: attempt not settled',
    );
  };

  run.ran = await exclusively(database, RECOVERY_LOCK_KEY, async () => {
    for (const attempt of paypal ? await staleAttempts(db, 'paypal', settings) : []) {
      run.checked += 1;
      try {
        const { captured, result } = await settlePayPalAttempt(db, paypal!, attempt);
        if (captured) run.captured += 1;
        if (result) {
          run.settled += 1;
          await onSettled(result);
        } else if (attempt.expired) {
          // Not approved (or approved for an order that is paid or cancelled by now): PayPal took nothing.
          await abandon(db, attempt);
          run.abandoned += 1;
        }
      } catch (error) {
        // PayPal not knowing the order at all (404) is as final as an unapproved one; an outage is not.
        if (attempt.expired && error instanceof ApiError && error.code === 'PAYMENT_PROVIDER_REJECTED') {
          await abandon(db, attempt).then(
            () => {
              run.abandoned += 1;
            },
            (e: unknown) => failed(attempt, e),
          );
        } else {
          failed(attempt, error);
        }
      }
    }
    for (const attempt of stripe ? await staleAttempts(db, 'stripe', settings) : []) {
      run.checked += 1;
      try {
        const result = await settleStripeAttempt(db, stripe!, attempt);
        if (result) {
          run.settled += 1;
          await onSettled(result);
        }
      } catch (error) {
        failed(attempt, error);
      }
    }
  });
  if (run.checked > 0) logger.info({ ...run }, 'payment recovery run');
  return run;
}

/**
 * Calls `run` every `intervalMs` (the first time after `firstDelayMs`), never two at once and never
 * keeping the process alive for it. Returns the function that stops it.
 */
export function repeatEvery(
  run: () => Promise<unknown>,
  intervalMs: number,
  firstDelayMs = intervalMs,
  name = 'payment recovery',
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | undefined;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = timed(metrics().jobs, { job: name }, run, true)
        .then(
          () => undefined,
          (error: unknown) => logger.error({ err: error }, `${name} failed`),
        )
        .finally(() => {
          running = undefined;
          schedule(intervalMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(firstDelayMs);
  // Resolves once a run in progress has finished: a stopping process waits for it before closing the database.
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
