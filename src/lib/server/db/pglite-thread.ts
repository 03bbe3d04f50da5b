// The embedded database on a thread of its own (pglite-worker.ts), seen from the main thread as the
// part of PGlite's client the shop uses: query, exec, transaction, listen, dumpDataDir, close. A slow
// statement then keeps only the database busy; the main thread goes on answering cached pages, static
// files and whatever needs no database (measured in bench/database-thread.ts). Statements still run
// one at a time, as PGlite runs them.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { reviveError, type Notice, type Reply, type Request, type WorkerInput } from './pglite-protocol.ts';

/** Options of a statement as drizzle passes them. Parsers must return the text unchanged (see rawTypes). */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string) => unknown>;
}

/** What a statement inside a transaction is sent through. */
interface TransactionHandle {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
}

/** Omit<Request, 'id'> kept distributive, so each op keeps its own fields. */
type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

const WORKER_FILE = 'pglite-worker.ts';

/**
 * The worker's source file. Run from the repository (scripts, tests) it sits beside this module; the
 * built server has this module bundled into dist/server/chunks, and the source tree beside dist/
 * (the container image ships src/ for the start script too).
 */
function workerFile(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, WORKER_FILE)];
  for (let dir = here, i = 0; i < 5; dir = dirname(dir), i += 1) {
    candidates.push(join(dir, 'src', 'lib', 'server', 'db', WORKER_FILE));
  }
  const found = candidates.find((file) => existsSync(file));
  if (!found)
    throw new Error(`the embedded database's worker (${WORKER_FILE}) is missing; looked in ${candidates.join(', ')}`);
  return found;
}

export class ThreadedPglite implements TransactionHandle {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the thread and opens the database in `dir` there; rejects with PGlite's error if it cannot.
   * `onLost` hears of the thread ending other than by close() (PGlite aborting, out of memory), after
   * which every statement fails. `resourceLimits` bound the thread's JavaScript heap (not PGlite's
   * WebAssembly memory); the shop sets none.
   */
  static async open(
    input: WorkerInput,
    onLost?: (error: Error) => void,
    resourceLimits?: ResourceLimits,
  ): Promise<ThreadedPglite> {
    const worker = new Worker(workerFile(), { workerData: input, resourceLimits });
    const client = new ThreadedPglite(worker);
    let opened = false;
    const lost = (error: Error) => {
      const unexpected = !client.#stopped;
      client.#stop(error);
      if (opened && unexpected) onLost?.(error);
    };
    await new Promise<void>((ready, failed) => {
      worker.on('message', (message: Reply | Notice) => {
        if ('ready' in message) ready();
        else if ('failed' in message) failed(reviveError(message.failed));
        else client.#receive(message);
      });
      worker.on('error', (error) => {
        failed(error);
        lost(error);
      });
      worker.on('exit', (code) => {
        const error = new Error(`the embedded database's thread ended (exit code ${code})`);
        failed(error);
        lost(error);
      });
    });
    opened = true;
    // An idle database must not keep a script alive; a statement in flight does (#call).
    worker.unref();
    return client;
  }

  query<T>(text: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results<T>> {
    // Functions cannot cross threads. drizzle's parsers keep timestamps, dates and intervals as the
    // database wrote them, so the types are sent and the worker keeps those as text.
    const rawTypes = Object.keys(options.parsers ?? {}).map(Number);
    return this.#call({ op: 'query', tx, text, params, rowMode: options.rowMode ?? 'object', rawTypes }) as Promise<
      Results<T>
    >;
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.#call({ op: 'exec', tx, text }) as Promise<Results[]>;
  }

  /** Commits when `run` resolves, rolls back when it throws; other statements wait until then, as in PGlite. */
  async transaction<T>(run: (tx: TransactionHandle) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    const handle: TransactionHandle = {
      query: (text, params, options) => this.query(text, params, options, tx),
      exec: (text) => this.exec(text, tx),
    };
    let result: T;
    try {
      result = await run(handle);
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.#call({ op: 'listen', channel })) as number;
    this.#listeners.set(listener, onMessage);
    return async () => {
      this.#listeners.delete(listener);
      await this.#call({ op: 'unlisten', listener });
    };
  }

  dumpDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
    return this.#call({ op: 'dump', compression }) as Promise<Blob>;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    this.#stop(new Error('the embedded database is closed'));
    await this.#worker.terminate();
  }

  #call(call: Call): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id } as Request);
    });
  }

  #receive(message: Reply | Notice): void {
    if ('notify' in message) {
      this.#listeners.get(message.notify)?.(message.payload);
      return;
    }
    if (!('id' in message)) return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if ('error' in message) pending.reject(reviveError(message.error));
    else pending.resolve(message.value);
  }

  /** Every statement still waiting fails with `error`, and so does every later one. */
  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const { reject } of this.#pending.values()) reject(error);
    this.#pending.clear();
  }
}
