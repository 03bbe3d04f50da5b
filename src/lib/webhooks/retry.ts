// When a failed delivery is tried again. A receiver that is down for maintenance, a weekend or a
// broken deploy gets about three days before a delivery is given up (status dead, redeliverable from
// the workspace). Jitter spreads the retries of many deliveries that failed together (the receiver's
// outage), so they do not all hit it in the same second when it comes back.

/** Delay after the nth failed attempt (index 0: after the first), in ms. The sum is about 3 days. */
export const RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  60 * 60_000,
  6 * 3600_000,
  12 * 3600_000,
  24 * 3600_000,
  24 * 3600_000,
] as const;

/**
 * The delay before the next attempt after `attempts` attempts failed, or null when that was the last.
 * `random` in [0, 1) moves the delay by up to ±20 %.
 */
export function retryDelayMs(
  attempts: number,
  delays: readonly number[] = RETRY_DELAYS_MS,
  random: () => number = Math.random,
): number | null {
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.8 + 0.4 * random()));
}
