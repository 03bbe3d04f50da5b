// The in-process side of publishing: whoever caches rendered pages (the page cache, the static
// export mirror) listens here, and every applied publish event, whether received by this instance's
// webhook, raised by its own code or announced by another instance over PostgreSQL, is emitted once.
//
// The bus lives on globalThis under a registered symbol: the bundled server (dist/server) and a
// script embedding it (scripts/export.ts imports the server and this module from source) load two
// copies of this file, and both must reach the same listeners.

import { metrics } from '../metrics/index.ts';

/** What to drop: every page, or the pages that declared any of these tags. */
export type Invalidation = { all: true } | { all?: false; tags: string[] };

export interface PublishedEvent {
  id: string;
  invalidation: Invalidation;
  /** When the change was applied (ms since the epoch); pages' Last-Modified and sitemaps' lastmod come from it. */
  at: number;
}

type Listener = (event: PublishedEvent) => void | Promise<void>;

export interface PublishBus {
  /** Returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
  /** Runs every listener; resolves when all have finished (a failing listener does not stop the others). */
  emit(event: PublishedEvent): Promise<PromiseSettledResult<void>[]>;
}

function createBus(): PublishBus {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async emit(event) {
      const settled = await Promise.allSettled(
        [...listeners].map(async (listener) => {
          await listener(event);
        }),
      );
      metrics().publishLag.observe(Math.max(0, Date.now() - event.at) / 1000);
      return settled;
    },
  };
}

const KEY = Symbol.for('storefront.publish-bus');
const registry = globalThis as typeof globalThis & { [KEY]?: PublishBus };

export const publishBus: PublishBus = (registry[KEY] ??= createBus());
