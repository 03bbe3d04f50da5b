// A deploy under load: PostgreSQL, two instances of the built shop and Varnish with the shipped
// two-instance VCL (round robin, /readyz probe), as deploy/compose.yaml runs them. While readers,
// a price call and guest shoppers go through Varnish, instance 1 is restarted (SIGTERM, a clean exit,
// the new process on the same port, back in Varnish's rotation), then instance 2. Not one request may
// fail, and every order the shop acknowledged must be in the database, whole.
//
// What makes it pass is the graceful stop: /readyz answers 503 at once, the instance goes on serving
// for SHUTDOWN_DRAIN_MS while the probe takes it out, then finishes what is in flight. Without the
// drain (ROLLING_DRAIN_MS=0) Varnish goes on sending requests to a closed port for about two probe
// intervals, and the test fails on them.
import { beforeAll, describe, test } from 'vitest';
import { shouldSkipPostgres } from '../helpers/postgres.ts';
import { buildTestShop, TEST_BUILD_DIR } from '../helpers/shop-instance.ts';
import type { Restart } from '../helpers/topology.ts';
import { consistencyProblems, ledgerProblems } from './checks.ts';
import { failed, restartUnderLoad, type Call } from './rolling-load.ts';

/** Longer than the probe needs to take an instance out (two failed probes a second apart). */
const DRAIN_MS = Number(process.env.ROLLING_DRAIN_MS ?? 4000);
const SHAPE = { readers: 2, pricers: 1, shoppers: 3, thinkMs: 10 };
/** Load before the first and after the last restart. */
const STEADY_MS = 3000;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The instances log JSON lines through pino; the graceful stop's two are `stopping` and `stopped`. */
const logged = (output: string, message: string) => output.includes(`"msg":"${message}"`);

function describeFailure(call: Call, restarts: Restart[]): string {
  const during = restarts.findIndex((r) => call.startedAt >= r.signalledAt && call.startedAt <= r.backInRotationAt);
  return `${call.type} answered ${call.status || 'nothing'}${during >= 0 ? ` during restart ${during + 1}` : ''}`;
}

beforeAll(() => buildTestShop(TEST_BUILD_DIR), 5 * 60_000);

describe('rolling restart behind Varnish', () => {
  test.skipIf(shouldSkipPostgres())(
    'restarting both instances one after the other under load fails no request and loses no order',
    async ({ expect, annotate }) => {
      await restartUnderLoad(
        { outDir: TEST_BUILD_DIR, drainMs: DRAIN_MS, shape: SHAPE },
        async (topology) => {
          await pause(STEADY_MS);
          const restarts = [await topology.restart(0), await topology.restart(1)];
          await pause(STEADY_MS);
          return restarts;
        },
        async ({ db, ledger, log, restarts }) => {
          console.log(
            `[rolling restart] drain ${DRAIN_MS} ms: ${log.length} calls, ${log.filter(failed).length} failed, ` +
              `${ledger.cut} writes without an answer`,
          );
          for (const [i, restart] of restarts.entries()) {
            const what = `instance ${i + 1}:\n${restart.output.slice(-2000)}`;
            expect(restart.exitCode, what).toBe(0);
            expect(logged(restart.output, 'stopping'), what).toBe(true);
            expect(logged(restart.output, 'stopped'), what).toBe(true);
          }
          expect(log.filter(failed).map((c) => describeFailure(c, restarts))).toEqual([]);
          expect(ledger.unexpected).toEqual([]);
          expect(ledger.cut).toBe(0);
          const acknowledged = [...ledger.orders.values()].filter((a) => a.orderId);
          const during = log.filter((c) =>
            restarts.some((r) => c.startedAt >= r.signalledAt && c.startedAt <= r.backInRotationAt),
          );
          // A load that stalled through the restarts would prove nothing.
          expect(during.length).toBeGreaterThan(50);
          expect(during.some((c) => c.type === '/api/orders/create')).toBe(true);
          // Every acknowledged order is there with its id, number and cart; no order lacks lines; stock
          // and carts agree with the orders.
          expect(await ledgerProblems(db, ledger)).toEqual([]);
          expect(await consistencyProblems(db)).toEqual([]);

          const summary =
            `${log.length} calls (${during.length} during the restarts), ${acknowledged.length} orders acknowledged; ` +
            restarts
              .map(
                (r, i) =>
                  `instance ${i + 1}: exited ${((r.exitedAt - r.signalledAt) / 1000).toFixed(1)} s after SIGTERM, ` +
                  `back in rotation ${((r.backInRotationAt - r.signalledAt) / 1000).toFixed(1)} s after it`,
              )
              .join('; ');
          console.log(`[rolling restart] ${summary}`);
          await annotate(summary);
        },
      );
    },
    180_000,
  );
});
