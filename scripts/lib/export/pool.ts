// A bounded work pool and the operator's progress bar.

/** Runs `worker` over the items with `concurrency` at a time; the first failure stops the rest. */
export async function pool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  // Workers never throw: every one finishes its current item before the pool settles, so a caller
  // cleaning up after a failure does not race a write still in flight.
  const run = async () => {
    while (!failure && !signal?.aborted && next < items.length) {
      const item = items[next++]!;
      try {
        await worker(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, run));
  if (failure) throw failure.error;
  signal?.throwIfAborted();
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
