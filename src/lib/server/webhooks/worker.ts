// The delivery worker: runs in the shop process (each instance has one; they share the work through
// the database, delivery.ts). It sends as soon as an event's transaction commits (the outbox's NOTIFY),
// and polls for retries that came due and for anything a missed notification left behind.
import type { Database } from '../db/client.ts';
import { logger } from '../log.ts';
import { metrics, timed } from '../metrics/index.ts';
import { deliverDue, releaseLeases, type DeliveryOptions, type PassResult } from './delivery.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';

export interface WorkerOptions extends DeliveryOptions {
  /** How often to look for due retries (default 5 s). */
  pollMs?: number;
  /** Told after every pass that did something (tests wait on it). */
  onPass?: (result: PassResult) => void;
}

export interface DeliveryWorker {
  /** Runs a pass now (or right after the one running). */
  wake(): void;
  /** Resolves when no pass is running or asked for. */
  idle(): Promise<void>;
  /** Stops polling and listening; a pass in flight finishes. */
  stop(): Promise<void>;
}

const DEFAULT_POLL_MS = 5_000;

export async function startDeliveryWorker(
  database: Pick<Database, 'db' | 'kind' | 'listen'>,
  options: WorkerOptions = {},
): Promise<DeliveryWorker> {
  const { db } = database;
  if (database.kind === 'pglite') await releaseLeases(db);
  let stopped = false;
  let asked = false;
  let running: Promise<void> | null = null;

  const loop = async () => {
    while (asked && !stopped) {
      asked = false;
      try {
        const result = await timed(metrics().jobs, { job: 'webhook delivery' }, () => deliverDue(db, options), true);
        if (result.delivered + result.failed + result.dead > 0) options.onPass?.(result);
      } catch (error) {
        logger.error({ err: error }, 'webhook delivery pass failed');
      }
    }
  };
  const wake = () => {
    asked = true;
    if (running || stopped) return;
    running = loop().finally(() => {
      running = null;
      // A wake that came while the loop was deciding to end.
      if (asked) wake();
    });
  };

  const unlisten = await database.listen(OUTBOX_CHANNEL, wake, wake);
  const timer = setInterval(wake, options.pollMs ?? DEFAULT_POLL_MS);
  timer.unref();
  wake();
  return {
    wake,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
