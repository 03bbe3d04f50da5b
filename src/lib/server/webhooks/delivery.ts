// One pass of the delivery worker: claim the deliveries that are due, POST each to its endpoint,
// record the outcome. At least once: a delivery is marked delivered only after its 2xx came back.
//
// Claiming does not hold a transaction open across the HTTP request (PGlite runs one transaction at a
// time, and a pool connection per request in flight would not scale either). Instead a short
// transaction takes the due rows with FOR UPDATE SKIP LOCKED, so instances sharing PostgreSQL never
// take the same row, and leases them (leased_until) for longer than a request may take. A worker that
// dies mid-request leaves the lease behind; the delivery is taken again when it runs out, or at once
// when the embedded database starts again (releaseLeases: one process owns a PGlite data directory).
import { sql } from 'drizzle-orm';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { rows } from '../db/index.ts';
import { logger } from '../log.ts';
import { retryDelayMs, RETRY_DELAYS_MS } from '#lib/webhooks/retry.ts';
import { signatureHeaders } from './signing.ts';

export interface DeliveryOptions {
  /** The clock; tests move it instead of waiting for the retry delays. */
  now?: () => Date;
  /** Delays after each failed attempt (retry.ts); its length + 1 attempts in all. */
  delays?: readonly number[];
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** How long an endpoint has to answer (default 10 s). */
  timeoutMs?: number;
  /** Deliveries claimed and sent at once (default 16). */
  batch?: number;
}

export interface PassResult {
  delivered: number;
  failed: number;
  dead: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** What the receiver said, kept for the delivery log: enough to read an error page's first lines. */
const ERROR_CHARS = 500;

const ClaimedRow = z.object({
  id: z.number(),
  attempts: z.number(),
  eventId: z.string(),
  payload: z.unknown(),
  url: z.string(),
  secret: z.string(),
});
type Claimed = z.infer<typeof ClaimedRow>;

const at = (date: Date, ms = 0) => new Date(date.getTime() + ms).toISOString();

async function claimDue(db: Db, now: Date, leaseMs: number, batch: number): Promise<Claimed[]> {
  return db.transaction((tx) =>
    rows(
      tx,
      ClaimedRow,
      sql`
      WITH due AS (
        SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id AND w.enabled
        WHERE d.status = 'pending' AND d.next_attempt_at <= ${at(now)}
          AND (d.leased_until IS NULL OR d.leased_until <= ${at(now)})
        ORDER BY d.next_attempt_at, d.id LIMIT ${batch}
        FOR UPDATE OF d SKIP LOCKED)
      UPDATE webhook_deliveries d
      SET leased_until = ${at(now, leaseMs)}, attempts = d.attempts + 1, last_attempt_at = ${at(now)}
      FROM due, outbox_events e, webhook_endpoints w
      WHERE d.id = due.id AND e.id = d.event_id AND w.id = d.endpoint_id
      RETURNING d.id::int AS id, d.attempts, d.event_id AS "eventId", e.payload, w.url, w.secret`,
    ),
  );
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** One POST: the body is the stored envelope, byte for byte what was signed. */
async function send(delivery: Claimed, now: Date, timeoutMs: number): Promise<Outcome> {
  const body = JSON.stringify(delivery.payload);
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'b2b-storefront-webhooks/1',
        ...signatureHeaders(delivery.secret, delivery.eventId, body, now),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = (await response.text().catch(() => '')).slice(0, ERROR_CHARS);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: text || `HTTP ${response.status}` };
  } catch (error) {
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'failed';
    return { ok: false, status: null, error: reason.slice(0, ERROR_CHARS) };
  }
}

async function settle(
  db: Db,
  delivery: Claimed,
  outcome: Outcome,
  now: Date,
  options: Required<Pick<DeliveryOptions, 'delays' | 'random'>>,
): Promise<keyof PassResult> {
  if (outcome.ok) {
    await db.execute(sql`
      UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ${at(now)}, leased_until = NULL,
        last_status_code = ${outcome.status}, last_error = NULL
      WHERE id = ${delivery.id}`);
    return 'delivered';
  }
  const delay = retryDelayMs(delivery.attempts, options.delays, options.random);
  await db.execute(sql`
    UPDATE webhook_deliveries SET leased_until = NULL, last_status_code = ${outcome.status},
      last_error = ${outcome.error}, status = ${delay === null ? 'dead' : 'pending'},
      next_attempt_at = ${delay === null ? sql`next_attempt_at` : sql`${at(now, delay)}`}
    WHERE id = ${delivery.id}`);
  if (delay === null) {
    logger.warn(
      { deliveryId: delivery.id, eventId: delivery.eventId, url: delivery.url, attempts: delivery.attempts },
      'webhook delivery dead after its last attempt',
    );
    return 'dead';
  }
  return 'failed';
}

/** Sends every delivery due now, batch after batch, until none is left; what became of them. */
export async function deliverDue(db: Db, options: DeliveryOptions = {}): Promise<PassResult> {
  const clock = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Longer than any request may take, so a live worker's delivery is never taken from it.
  const leaseMs = 3 * timeoutMs;
  const retry = { delays: options.delays ?? RETRY_DELAYS_MS, random: options.random ?? Math.random };
  const result: PassResult = { delivered: 0, failed: 0, dead: 0 };
  for (;;) {
    const claimed = await claimDue(db, clock(), leaseMs, options.batch ?? 16);
    if (claimed.length === 0) return result;
    await Promise.all(
      claimed.map(async (delivery) => {
        const outcome = await send(delivery, clock(), timeoutMs);
        result[await settle(db, delivery, outcome, clock(), retry)] += 1;
      }),
    );
  }
}

/**
 * Frees every lease: only right after the embedded database was opened, when no other process can be
 * sending (a PGlite data directory belongs to one process), so a delivery cut off by a crash goes
 * out again at once instead of after its lease.
 */
export async function releaseLeases(db: Db): Promise<void> {
  await db.execute(sql`UPDATE webhook_deliveries SET leased_until = NULL WHERE leased_until IS NOT NULL`);
}

/** Deliveries not delivered (yet): pending ones (due or waiting for a retry) and dead ones, for the metrics. */
export async function undeliveredCounts(db: Db): Promise<Record<'pending' | 'dead', number>> {
  const found = await rows(
    db,
    z.object({ status: z.enum(['pending', 'dead']), count: z.coerce.number() }),
    sql`select status, count(*) as count from webhook_deliveries where status <> 'delivered' group by status`,
  );
  const counts = { pending: 0, dead: 0 };
  for (const { status, count } of found) counts[status] = count;
  return counts;
}
