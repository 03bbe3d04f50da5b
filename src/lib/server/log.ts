// Server logging: structured JSON lines through pino at the configured LOG_LEVEL. Inside a request the
// log lines carry that request's id (set by src/middleware.ts), so one failure can be followed from
// the access line to the error.
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { envSchema } from './env.ts';
import { errorForLog } from './log-errors.ts';

// The level is read on its own: a logger must work even while the rest of the environment is invalid,
// because that is exactly when it has something to say.
const level = envSchema.shape.LOG_LEVEL.catch('info').parse(process.env.LOG_LEVEL || undefined);

/** @internal Exported for tests, to read lines exactly as the shop writes them. How every line is written. */
export const logOptions: LoggerOptions = {
  level,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  // An error is written without the data a failed query carries (log-errors.ts).
  serializers: { err: errorForLog },
};

const root: Logger = pino(logOptions);
const requestScope = new AsyncLocalStorage<Logger>();

/** The logger of the current request, or the process logger outside one. */
export const logger: Pick<Logger, 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'> = {
  fatal: (...args: Parameters<Logger['fatal']>) => current().fatal(...args),
  error: (...args: Parameters<Logger['error']>) => current().error(...args),
  warn: (...args: Parameters<Logger['warn']>) => current().warn(...args),
  info: (...args: Parameters<Logger['info']>) => current().info(...args),
  debug: (...args: Parameters<Logger['debug']>) => current().debug(...args),
  trace: (...args: Parameters<Logger['trace']>) => current().trace(...args),
};

function current(): Logger {
  return requestScope.getStore() ?? root;
}

/** Runs `task` with every log line it writes tagged with the request id. */
export function withRequestLog<T>(requestId: string, task: () => T): T {
  return requestScope.run(root.child({ requestId }), task);
}
