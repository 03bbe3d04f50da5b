// What the main thread and the embedded database's thread (pglite-worker.ts) say to each other. Both
// sides import it, the worker without a bundler: erasable TypeScript only.

/** What the worker opens: PGlite's folder ('memory://' for tests) and an optional tarball to start from. */
export interface WorkerInput {
  dir: string;
  loadDataDir?: Blob;
}

export type Request = { id: number } & (
  | {
      op: 'query';
      /** The open transaction the statement belongs to; none: its own. */
      tx?: number;
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs whose values stay text (functions cannot cross threads, so only this kind of parser can). */
      rawTypes: number[];
    }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump'; compression: 'none' | 'gzip' }
  | { op: 'close' }
);

/** A failure as it crosses threads: the message, and PostgreSQL's fields (code, constraint, detail…). */
export interface ErrorDescription {
  name: string;
  message: string;
  fields: Record<string, string | number>;
}

export type Reply = { id: number; value: unknown } | { id: number; error: ErrorDescription };

/** Unsolicited messages: start-up's outcome and NOTIFY payloads for a listener. */
export type Notice = { ready: true } | { failed: ErrorDescription } | { notify: number; payload: string };

/**
 * An error as plain data. Structured cloning keeps only an Error's message, so PostgreSQL's fields
 * (SQLSTATE code, constraint, detail) are copied one by one: errors.ts reads them on the other side.
 */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/** The error again, with its fields, raised where the statement was sent. */
export function reviveError(description: ErrorDescription): Error {
  const error = Object.assign(new Error(description.message), description.fields);
  error.name = description.name;
  return error;
}
