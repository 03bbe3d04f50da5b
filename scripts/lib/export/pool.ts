// A bounded work pool and the operator's progress bar.

/** A work pool fed while it runs: what is pushed is worked on `concurrency` at a time. */
export interface Feed<T> {
  push(item: T): void;
  /** Items pushed and not finished. */
  readonly pending: number;
  /** Allows more (or fewer) at a time from now on. */
  setConcurrency(concurrency: number): void;
  /** Resolves once everything pushed is done; rejects with the first failure (which stops the rest) or on abort. */
  drain(): Promise<void>;
}

export function feed<T>(concurrency: number, worker: (item: T) => Promise<void>, signal?: AbortSignal): Feed<T> {
  const queue: T[] = [];
  let next = 0;
  let running = 0;
  let failure: { error: unknown } | undefined;
  const waiting: (() => void)[] = [];
  const stopped = () => failure !== undefined || signal?.aborted === true;
  // Workers never throw: every one finishes its current item before drain() settles, so a caller
  // cleaning up after a failure does not race a write still in flight.
  const pump = () => {
    while (!stopped() && running < concurrency && next < queue.length) {
      const item = queue[next]!;
      queue[next++] = undefined as T; // done with: let it go
      running++;
      worker(item)
        .catch((error: unknown) => void (failure ??= { error }))
        .finally(() => {
          running--;
          pump();
          if (running === 0) for (const wake of waiting.splice(0)) wake();
        });
    }
  };
  return {
    push(item) {
      queue.push(item);
      pump();
    },
    get pending() {
      return queue.length - next + running;
    },
    setConcurrency(n) {
      concurrency = n;
      pump();
    },
    async drain() {
      while (running > 0) await new Promise<void>((wake) => waiting.push(wake));
      if (failure) throw failure.error;
      signal?.throwIfAborted();
    },
  };
}

/** Runs `worker` over the items with `concurrency` at a time; the first failure stops the rest. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const work = feed(concurrency, worker, signal);
  for (const item of items) work.push(item);
  await work.drain();
}

/** `[#####.....] 1234/5000 pages  210 pages/s  eta 18 s` redrawn on a TTY; a plain line every 2 s elsewhere. */
export class Progress {
  done = 0;
  extra = '';
  readonly total: number;
  readonly unit: string;
  readonly started = performance.now();
  readonly stream: NodeJS.WriteStream | null;
  readonly timer: NodeJS.Timeout | undefined;

  constructor(total: number, stream: NodeJS.WriteStream | null, unit = 'pages') {
    this.total = total;
    this.unit = unit;
    this.stream = stream;
    if (stream) {
      this.timer = setInterval(() => this.draw(), stream.isTTY ? 200 : 2000);
      this.timer.unref();
    }
  }

  line(): string {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.done / seconds : 0;
    const eta = rate > 0 ? Math.ceil((this.total - this.done) / rate) : 0;
    const width = 30;
    const filled = this.total > 0 ? Math.round((this.done / this.total) * width) : width;
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.total} ${this.unit}  ${rate.toFixed(0)} ${this.unit}/s  eta ${eta} s${this.extra}`;
  }

  draw(): void {
    if (!this.stream) return;
    if (this.stream.isTTY) this.stream.write(`\r${this.line()}\x1b[K`);
    else this.stream.write(`[export] ${this.line()}\n`);
  }

  finish(): void {
    clearInterval(this.timer);
    if (this.stream?.isTTY) this.stream.write(`\r${this.line()}\x1b[K\n`);
  }
}
