// Mail that must not hold up, or shape, the HTTP answer: the reset request answers the same, and as
// fast, whether or not the account exists, so the lookup and the sending happen after it.
import { logger } from '../log.ts';

const pending = new Set<Promise<void>>();

export function inBackground(label: string, task: () => Promise<unknown>): void {
  const run: Promise<void> = task()
    .then(
      () => undefined,
      (error: unknown) => logger.error({ err: error, task: label }, 'background mail failed'),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/**
 * Resolves once every background task started so far has finished.
 * @internal Tests wait on it before reading the outbox; the running shop never needs to.
 */
export async function backgroundSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
