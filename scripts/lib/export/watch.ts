// Export watch mode: publish events, merged and debounced, become in-place re-renders.
import type { Invalidation, PublishBus, PublishedEvent } from '#lib/server/publish/bus.ts';
import type { BatchSummary } from './batch-summary.ts';

/** The part of the static export (../static-export.ts) a watcher drives. */
interface Rerenderer {
  rerender(invalidation: Invalidation): Promise<BatchSummary>;
}

export interface Watcher {
  /** Starts re-rendering (events seen before are merged into the first batch). */
  start(): void;
  /** Stops listening and waits for the running batch. */
  stop(): Promise<void>;
}

/**
 * Subscribes at once, so no event is missed while the first export runs. Events are merged for
 * `debounceMs` after the first one, and batches never overlap: what arrives during one waits for it.
 */
export function watchPublishEvents(
  exporter: Rerenderer,
  bus: Pick<PublishBus, 'subscribe'>,
  opts: { debounceMs: number; log: (line: string) => void },
): Watcher {
  let pending: { all: boolean; tags: Set<string>; ids: string[] } | undefined;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (!started || timer || running || !pending) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = runBatch().finally(() => {
        running = undefined;
        schedule();
      });
    }, opts.debounceMs);
  };

  const runBatch = async () => {
    const batch = pending!;
    pending = undefined;
    const invalidation: Invalidation = batch.all ? { all: true } : { tags: [...batch.tags] };
    try {
      const result = await exporter.rerender(invalidation);
      const changed = [...result.rewritten, ...result.added, ...result.removed];
      const shown = changed.slice(0, 20).join(' ') + (changed.length > 20 ? ` …(+${changed.length - 20})` : '');
      opts.log(
        `batch: ${result.rewritten.length} rewritten, ${result.added.length} added, ${result.removed.length} removed, ` +
          `${result.failed.length} failed, ${result.images} images in ${Math.round(result.ms)} ms ` +
          `(events ${batch.ids.join(', ')}; ${batch.all ? 'all' : `tags ${[...batch.tags].join(' ')}`}): ${shown}`,
      );
    } catch (error) {
      // Discovery failed (the sitemap did not answer): try again with the next event.
      opts.log(`batch failed: ${(error as Error).message}`);
    }
  };

  const unsubscribe = bus.subscribe((event: PublishedEvent) => {
    pending ??= { all: false, tags: new Set(), ids: [] };
    pending.ids.push(event.id);
    if (event.invalidation.all) pending.all = true;
    else for (const tag of event.invalidation.tags) pending.tags.add(tag);
    schedule();
  });

  return {
    start() {
      started = true;
      schedule();
    },
    async stop() {
      unsubscribe();
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
