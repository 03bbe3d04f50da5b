// The process's lifecycle, shared by the server front (scripts/lib/serve-shop.ts, which catches SIGTERM)
// and the bundled app (which starts the background jobs and opens the database). The two are separate
// module graphs, so the state lives on globalThis under a registered symbol, as the page store does.
import { logger } from '../log.ts';

type Stop = () => Promise<void> | void;

interface Lifecycle {
  stopping: boolean;
  /** Background work (jobs, listeners), stopped first, newest first. */
  work: Map<string, Stop>;
  /** Connections (the database), closed once the work has stopped. */
  connections: Map<string, Stop>;
}

const KEY = Symbol.for('storefront.lifecycle');
const registry = globalThis as typeof globalThis & { [KEY]?: Lifecycle };

function lifecycle(): Lifecycle {
  registry[KEY] ??= { stopping: false, work: new Map(), connections: new Map() };
  return registry[KEY];
}

/**
 * Names something to stop when the process stops: `work` (a job, a listener) before `connection`s
 * (the database), so no job is left writing to a closed database. A name registered again replaces
 * its stop; the returned function takes it off (something stopped for another reason).
 */
export function onStop(name: string, stop: Stop, kind: 'work' | 'connection' = 'work'): () => void {
  const list = kind === 'work' ? lifecycle().work : lifecycle().connections;
  list.set(name, stop);
  return () => {
    if (list.get(name) === stop) list.delete(name);
  };
}

/** From the stop signal on: readiness answers 503 so balancers send the traffic elsewhere. */
export function markStopping(): void {
  lifecycle().stopping = true;
}

export function isStopping(): boolean {
  return lifecycle().stopping;
}

/**
 * Stops the background work, then closes the connections, each given until `deadline` (ms since
 * the epoch). A stop that fails or overruns is logged and the rest go on: the process is ending
 * either way, and the database must still be closed.
 */
export async function stopEverything(deadline: number): Promise<void> {
  const { work, connections } = lifecycle();
  for (const list of [work, connections]) {
    const stops = [...list].reverse();
    list.clear();
    await Promise.all(stops.map(([name, stop]) => stopWithin(name, stop, deadline)));
  }
}

async function stopWithin(name: string, stop: Stop, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<'overrun'>((resolve) => {
    timer = setTimeout(() => resolve('overrun'), Math.max(0, deadline - Date.now()));
  });
  try {
    const outcome = await Promise.race([Promise.resolve().then(stop), overrun]);
    if (outcome === 'overrun') logger.warn({ part: name }, 'did not stop in time');
  } catch (error) {
    logger.error({ err: error, part: name }, 'failed to stop');
  } finally {
    clearTimeout(timer);
  }
}
