// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly: every statement
// runs synchronously on the thread that owns it, so in the shop's main thread one slow query (a
// report, an import's batch, a listing the facet index cannot answer) held up every request, cached
// pages included. Here it runs beside the main thread, which talks to it through pglite-thread.ts.
//
// Node runs this file as it is (type stripping), also from the built server: keep it and what it
// imports to erasable TypeScript and relative imports with their extension.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openPglite } from './pglite.ts';
import type { Reply, Request, WorkerInput } from './pglite-protocol.ts';
import { describeError } from './pglite-protocol.ts';

const port = parentPort!;
const input = workerData as WorkerInput;

/** A transaction the main thread has begun: its handle, and how the main thread ends it. */
interface OpenTransaction {
  tx: Transaction;
  commit: () => void;
  rollback: (reason: unknown) => void;
  /** Settles when PGlite has committed or rolled back. */
  settled: Promise<unknown>;
}

/** Thrown into a transaction's callback to roll it back at the main thread's request. */
const ROLLBACK = Symbol('rollback');

const transactions = new Map<number, OpenTransaction>();
const unlisteners = new Map<number, () => Promise<void>>();
let nextId = 1;

/** Types whose text the caller wants as it is (drizzle keeps timestamps, dates and intervals as text). */
function rawParsers(types: number[]): Record<number, (value: string) => string> {
  return Object.fromEntries(types.map((type) => [type, (value: string) => value]));
}

function begin(pg: PGlite): Promise<number> {
  const id = nextId++;
  return new Promise((begun, failed) => {
    let started = false;
    const settled = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          started = true;
          transactions.set(id, { tx, commit: () => commit(undefined), rollback, settled });
          begun(id);
        }),
    );
    settled.catch((error: unknown) => {
      if (!started) failed(error);
    });
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  transactions.delete(id);
  if (commit) {
    open.commit();
    await open.settled;
  } else {
    open.rollback(ROLLBACK);
    await open.settled.catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  }
}

function executor(pg: PGlite, tx: number | undefined): Pick<PGlite, 'query' | 'exec'> {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`no open transaction ${tx}`);
  return open.tx;
}

async function answer(pg: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const { text, params, rowMode, rawTypes } = request;
      return executor(pg, request.tx).query(text, params, { rowMode, parsers: rawParsers(rawTypes) });
    }
    case 'exec':
      return executor(pg, request.tx).exec(request.text);
    case 'begin':
      return begin(pg);
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const id = nextId++;
      unlisteners.set(id, await pg.listen(request.channel, (payload) => port.postMessage({ notify: id, payload })));
      return id;
    }
    case 'unlisten': {
      await unlisteners.get(request.listener)?.();
      unlisteners.delete(request.listener);
      return undefined;
    }
    case 'dump':
      return pg.dumpDataDir(request.compression);
    case 'close':
      await pg.close();
      return undefined;
  }
}

try {
  const pg = await openPglite(input.dir, input.loadDataDir ? { loadDataDir: input.loadDataDir } : {});
  port.on('message', (request: Request) => {
    answer(pg, request).then(
      (value) => port.postMessage({ id: request.id, value } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, error: describeError(error) } satisfies Reply),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: describeError(error) });
}
