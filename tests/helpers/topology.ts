// The deployment of deploy/compose.yaml without containers: a throwaway PostgreSQL, two instances of
// the built shop on it, and Varnish with the shipped two-instance VCL (round robin, /readyz probe) in
// front. Used by the rolling-restart test and benchmark; restart() is what a deploy does to one
// instance: SIGTERM, wait for a clean exit, start the new one on the same port, wait until Varnish's
// probe sends it traffic again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { startPostgres, type PostgresServer } from './postgres.ts';
import { seedPostgres, startShopInstance, waitFor, type ShopInstance } from './shop-instance.ts';
import { startVarnish, type VarnishServer } from './varnish.ts';

export interface TopologyOptions {
  /** The build both instances run (e.g. TEST_BUILD_DIR). */
  outDir: string;
  /** SHUTDOWN_DRAIN_MS of the instances: 0 shows what a restart costs without the drain. */
  drainMs: number;
  /** Demo products to seed (the load's fixtures are among the first 120). */
  products?: number;
  /** More environment for both instances. */
  env?: Record<string, string | undefined>;
}

export interface Restart {
  /** How the old process ended (0 after a graceful stop). */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** What the old process logged: its "stopping" and "stopped" lines among it. */
  output: string;
  /** performance.now() at the signal, at the old process's exit, and when Varnish sent traffic to the new one. */
  signalledAt: number;
  exitedAt: number;
  backInRotationAt: number;
}

export interface Topology {
  postgres: PostgresServer;
  /** A connection of the test's own, to read what the shop wrote. */
  database: Database;
  varnish: VarnishServer;
  instances: ShopInstance[];
  /** Restarts instance `index` (0 or 1) as a deploy would; `signal` SIGKILL shows a crash instead. */
  restart(index: number, signal?: NodeJS.Signals): Promise<Restart>;
  stop(): Promise<void>;
}

/** Two failed probes take an instance out, two good ones bring it back (deploy/varnish/storefront-rules.vcl). */
const ROTATION_TIMEOUT_MS = 30_000;

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    while (stops.length > 0) await stops.pop()!().catch((error: unknown) => console.error(error));
  };
  try {
    const postgres = await startPostgres();
    stops.push(() => postgres.stop());
    await seedPostgres(postgres.url, options.products ?? 120);
    const database = await openDatabase({ databaseUrl: postgres.url, dataDir: 'memory://', poolSize: 2 });
    stops.push(() => database.close());

    const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'storefront-topology-')));
    stops.push(async () => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
    const start = (index: number, port?: number) =>
      startShopInstance({
        outDir: options.outDir,
        databaseUrl: postgres.url,
        dataDir: dataDirs[index],
        port,
        env: {
          // Behind Varnish, as deploy/compose.yaml runs them.
          TRUST_PROXY: '1',
          SHUTDOWN_DRAIN_MS: String(options.drainMs),
          // "stopping" and "stopped" are info lines.
          LOG_LEVEL: 'info',
          ...options.env,
        },
      });
    const instances = [await start(0), await start(1)];
    stops.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });
    const varnish = await startVarnish({ backendPorts: instances.map((i) => i.port) });
    stops.push(() => varnish.stop());
    const inRotation = (port: number) =>
      waitFor(
        `Varnish's probe to find the instance on port ${port} healthy`,
        async () => ((await varnish.backendHealth()).get(port) ? true : undefined),
        { timeoutMs: ROTATION_TIMEOUT_MS, intervalMs: 100 },
      );
    for (const instance of instances) await inRotation(instance.port);

    return {
      postgres,
      database,
      varnish,
      instances,
      async restart(index, signal = 'SIGTERM') {
        const old = instances[index]!;
        const signalledAt = performance.now();
        const { code, signal: endedBy } = await old.terminate(signal);
        const exitedAt = performance.now();
        instances[index] = await start(index, old.port);
        await inRotation(old.port);
        return {
          exitCode: code,
          signal: endedBy,
          output: old.output(),
          signalledAt,
          exitedAt,
          backInRotationAt: performance.now(),
        };
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
