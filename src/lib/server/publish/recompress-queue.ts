// The pages waiting for their copy at brotli's best quality (~100 ms of CPU each). One at a time, so
// a burst of pages read again never takes every core from the requests, and by key only: a queued
// page holds no bytes, and one dropped or replaced meanwhile is skipped by the pass itself.

/**
 * Beyond this many waiting, a page asked again is not queued: it is queued on a later request once
 * the queue has room. Bounds the queue's memory and the time a queued page waits (~25 s at 256).
 */
const MAX_WAITING = 256;

export interface RecompressQueue {
  /** Queues the page unless it is queued already or the queue is full. */
  schedule(key: string): void;
  /** Pages waiting or being recompressed. */
  readonly size: number;
  /** Resolves once nothing is waiting (tests and benches). */
  idle(): Promise<void>;
}

export function createRecompressQueue(pass: (key: string) => Promise<void>): RecompressQueue {
  const waiting = new Set<string>();
  let running: Promise<void> | undefined;

  const drain = async () => {
    for (const key of waiting) {
      try {
        await pass(key);
      } catch {
        // A failed pass leaves the page at its first quality; a later request queues it again.
      }
      waiting.delete(key);
    }
    running = undefined;
  };

  return {
    schedule(key) {
      if (waiting.has(key) || waiting.size >= MAX_WAITING) return;
      waiting.add(key);
      running ??= drain();
    },
    get size() {
      return waiting.size;
    },
    async idle() {
      while (running) await running;
    },
  };
}
