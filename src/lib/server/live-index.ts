// An in-memory index of database rows (the search index, the price index): built on first use, then
// changed in place as change notices arrive, one change at a time and never into a build that read
// older rows. A failed build or change is logged and the index is built afresh on the next use.
import { logger } from './log.ts';
import { metrics, timed } from './metrics/index.ts';

export class LiveIndex<I> {
  private current: Promise<I> | null = null;
  /** Builds and changes run one after another, in the order they were asked for. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly name: string;
  private readonly build: () => Promise<I>;

  constructor(name: string, build: () => Promise<I>) {
    this.name = name;
    this.build = build;
  }

  /** The index, built first when there is none. */
  get(): Promise<I> {
    this.current ??= this.run(() => timed(metrics().indexBuilds, { index: this.name }, this.build));
    return this.current;
  }

  /** Everything may have changed: the next use builds the index again. */
  rebuild(): void {
    this.current = null;
  }

  /**
   * Applies a change to the built index; resolves once it is in (readers asking meanwhile wait for it).
   * Nothing built yet: nothing to do, the build will read the changed rows itself.
   */
  async change(apply: (index: I) => Promise<void>): Promise<void> {
    const previous = this.current;
    if (previous === null) return;
    this.current = this.run(async () => {
      const index = await previous;
      await apply(index);
      return index;
    });
    // A failure is logged by run(), and the index rebuilt on its next use.
    await this.current.catch(() => undefined);
  }

  private run(task: () => Promise<I>): Promise<I> {
    const next = this.queue.then(task);
    this.queue = next.catch(() => undefined);
    next.catch((error: unknown) => {
      logger.error(
        { err: error, index: this.name },
        'building or changing an in-memory index failed; rebuilding on next use',
      );
      if (this.current === next) this.current = null;
    });
    return next;
  }
}

/**
 * One index per database, made on first use. Keyed weakly, so a closed test database takes its index
 * with it; a failed build (a rejected promise) is forgotten, so the next use tries again.
 */
export function indexPerDatabase<D extends object, V>(make: (db: D) => V): (db: D) => V {
  const made = new WeakMap<D, V>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
      if (value instanceof Promise) value.catch(() => made.delete(db));
    }
    return value;
  };
}

/**
 * Feeds an index every row in id order, a batch at a time (a build holds one batch of rows, not the
 * whole catalogue): `read(after)` returns up to `batch` rows with ids above `after`.
 */
export async function putAllInBatches<R extends { id: number }>(
  read: (after: number) => Promise<R[]>,
  batch: number,
  put: (rows: R[]) => void,
): Promise<void> {
  for (let after = 0; ;) {
    const rows = await read(after);
    put(rows);
    if (rows.length < batch) return;
    after = rows.at(-1)!.id;
  }
}
