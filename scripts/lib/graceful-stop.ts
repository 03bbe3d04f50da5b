// SIGTERM (a deploy, systemd, a container runtime) and SIGINT (Ctrl-C) end the shop without dropping
// anything: readiness turns 503 at once so the balancer stops sending traffic; the shop goes on
// serving for SHUTDOWN_DRAIN_MS while the balancer notices; then it stops accepting connections,
// lets the requests in flight finish, stops the background jobs (a webhook pass, an expiry run) and
// closes the database, all within SHUTDOWN_TIMEOUT_MS. A second signal ends the process at once.
import type { Server } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../../src/lib/server/log.ts';
import { markStopping, stopEverything } from '../../src/lib/server/lifecycle/index.ts';

export interface StopTimes {
  drainMs: number;
  timeoutMs: number;
}

/** How often connections that turned idle are closed while waiting for the busy ones. */
const IDLE_SWEEP_MS = 100;

export function stopGracefullyOnSignals(servers: Server[], times: StopTimes): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'second stop signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    stopServing(servers, signal, times).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function stopServing(servers: Server[], signal: NodeJS.Signals, times: StopTimes): Promise<void> {
  const started = Date.now();
  markStopping();
  logger.info({ signal, drainMs: times.drainMs, timeoutMs: times.timeoutMs }, 'stopping');
  if (times.drainMs > 0) await sleep(times.drainMs);
  const deadline = Date.now() + times.timeoutMs;
  const cut = await Promise.all(servers.map((server) => closeServer(server, deadline)));
  if (cut.includes(true)) logger.warn('requests still running at the deadline were cut off');
  await stopEverything(Math.max(deadline, Date.now() + 1_000));
  logger.info({ ms: Date.now() - started }, 'stopped');
}

/**
 * Stops accepting and resolves once every connection has ended, closing each as soon as it is idle
 * (the front answers with `Connection: close` from the signal on); at the deadline the rest are cut.
 * Resolves to whether any were.
 */
function closeServer(server: Server, deadline: number): Promise<boolean> {
  return new Promise((resolve) => {
    let cut = false;
    const sweep = setInterval(() => {
      if (Date.now() < deadline) return server.closeIdleConnections();
      cut = true;
      server.closeAllConnections();
    }, IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve(cut);
    });
    server.closeIdleConnections();
  });
}
