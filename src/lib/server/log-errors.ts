// How an error is written into a log line. A failed query carries its data: drizzle puts the bound
// parameters into its error's message ("Failed query: …\nparams: …") and a `params` field, PGlite's
// error keeps them too, and PostgreSQL's `detail` and `where` repeat a failing row's or parameter's
// values. Those are a cart's addresses, a customer's e-mail, a password hash: none of it may reach a
// log. So every error is written without them, its causes too; what explains the failure stays: the
// statement with its placeholders, the message, PostgreSQL's code, constraint, table and column.
import { pino } from 'pino';

/** Fields of an error (at any depth of its causes) that hold data rather than describe the failure. */
const DATA_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'queryOptions']);
const MAX_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;
const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** The message without the parameters a wrapper spelled into it (drizzle ends its message with them). */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at < 0 ? message : message.slice(0, at);
}

/** A copy of the error and its causes without their data, of the same type (its name stays in the log). */
function scrubbed(error: ErrorLike, depth: number): ErrorLike {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as ErrorLike;
  const message = withoutParams(error.message);
  for (const key of Object.keys(error)) if (!DATA_FIELDS.has(key) && key !== 'cause') copy[key] = error[key];
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  const stack = typeof error.stack === 'string' ? error.stack.replace(error.message, () => message) : undefined;
  // A stack without the message in its first line (rewritten by someone) could still hold the parameters.
  Object.defineProperty(copy, 'stack', {
    value: stack === undefined ? undefined : withoutParams(stack),
    enumerable: false,
    writable: true,
  });
  if (isErrorLike(error.cause) && depth < MAX_DEPTH) copy.cause = scrubbed(error.cause, depth + 1);
  return copy;
}

/** pino's `err` serializer: the standard shape, without data, plus the PostgreSQL error found among the causes. */
export function errorForLog(value: unknown): unknown {
  if (!isErrorLike(value)) return value;
  const serialized = pino.stdSerializers.err(scrubbed(value, 0)) as unknown as Record<string, unknown>;
  const db = postgresCause(value);
  if (db) serialized.db = { code: db.code, constraint: db.constraint, table: db.table, column: db.column };
  return serialized;
}

/** The error among the causes that carries a SQLSTATE (whichever driver raised it and wrapper wrapped it). */
function postgresCause(error: ErrorLike): ErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; isErrorLike(current) && depth <= MAX_DEPTH; depth++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause;
  }
  return undefined;
}
