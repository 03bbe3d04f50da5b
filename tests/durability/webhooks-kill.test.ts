// Webhooks survive kill -9: the BUILT shop as a child process takes orders over real HTTP while its
// webhook receiver is down, then up (and slow, so deliveries are in flight), and is killed with SIGKILL
// again and again, mostly while it delivers. After the last restart every order.created event that
// was committed reaches the receiver at least once, and every committed order has exactly one.
// WEBHOOK_KILLS=3 for a quick look (default 10).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, test } from 'vitest';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { newSigningSecret } from '#lib/server/webhooks/index.ts';
import { Browser } from '../helpers/auth-harness.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '../helpers/postgres.ts';
import { rows } from '../helpers/raw-rows.ts';
import {
  buildTestShop,
  seededDataDir,
  seedPostgres,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '../helpers/shop-instance.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { raiseStock } from './checks.ts';
import { newLedger, post, shopUntilCut } from './load.ts';

const KILLS = Number(process.env.WEBHOOK_KILLS ?? 10);
/** The receiver is down for the first rounds, up for the rest. */
const DOWN_ROUNDS = Math.ceil(KILLS / 2);
const SHOPPERS = 3;
/** Retries a second or two apart (WEBHOOK_RETRY_SCHEDULE), so the test waits seconds, not hours. */
const RETRY_SCHEDULE = '1,1,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2';
/** How long the last shop has to deliver everything (PostgreSQL leases of killed workers run 30 s). */
const SETTLE_MS = 120_000;

interface Target {
  start(env: Record<string, string>): Promise<ShopInstance>;
  /** Reads the shop's database; on PGlite only while no shop runs on it. */
  read<T>(query: (database: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await seededDataDir();
  const read = async <T>(query: (database: Database) => Promise<T>) => {
    const database = await openDatabase({ dataDir });
    try {
      return await query(database);
    } finally {
      await database.close();
    }
  };
  await read((database) => raiseStock(database.db));
  return {
    start: (env) => startShopInstance({ outDir: TEST_BUILD_DIR, dataDir, env }),
    read,
    close: async () => undefined,
  };
}

async function postgresTarget(): Promise<Target> {
  const server: PostgresServer = await startPostgres();
  await seedPostgres(server.url);
  const database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 2 });
  await raiseStock(database.db);
  return {
    start: (env) => startShopInstance({ outDir: TEST_BUILD_DIR, databaseUrl: server.url, env }),
    read: (query) => query(database),
    async close() {
      await database.close();
      await server.stop();
    },
  };
}

/** order.created event ids, and committed orders without exactly one. */
async function committedEvents(database: Database): Promise<{ ids: string[]; ordersWithout: number }> {
  const events = await rows<{ id: string }>(
    database.db,
    sql`SELECT id FROM outbox_events WHERE type = 'order.created'`,
  );
  const [without] = await rows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM orders o WHERE (SELECT count(*) FROM outbox_events e
      WHERE e.type = 'order.created' AND e.payload->'data'->>'id' = o.id::text) <> 1`,
  );
  return { ids: events.map((e) => e.id), ordersWithout: without!.n };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

const targets = [
  { kind: 'pglite', open: pgliteTarget, skip: false },
  { kind: 'postgres', open: postgresTarget, skip: shouldSkipPostgres() },
] as const;

beforeAll(() => buildTestShop(TEST_BUILD_DIR), 5 * 60_000);

describe.concurrent('webhooks under kill -9', () => {
  for (const { kind, open, skip } of targets) {
    test.skipIf(skip)(
      `[${kind}] ${KILLS} kills while delivering: every committed order.created arrives at least once`,
      async ({ annotate, expect }) => {
        const target = await open();
        const receiver: WebhookReceiver = await startWebhookReceiver();
        // Slow enough that a kill often falls while a delivery waits for its answer.
        receiver.delay = () => Math.random() * 150;
        await receiver.stop();
        const env = {
          GUEST_OPEN_ORDERS_MAX: '0',
          WEBHOOK_URL: receiver.url,
          WEBHOOK_URL_SECRET: newSigningSecret(),
          WEBHOOK_EVENTS: 'order.created',
          WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
        };
        const ledger = newLedger();
        let shop: ShopInstance | undefined;
        try {
          shop = await target.start(env);
          for (let round = 1; round <= KILLS; round++) {
            if (round === DOWN_ROUNDS + 1) await receiver.start();
            const load = shopUntilCut(shop.url, ledger, SHOPPERS);
            let shopping = true;
            const stopped = () => (shopping = false);
            void load.then(stopped, stopped);
            // Orders go in; once the receiver is up, the kill falls after it got something this round.
            const heard = receiver.received.length;
            const until = Date.now() + 1_000 + Math.random() * 2_000;
            while (shopping && (Date.now() < until || (round > DOWN_ROUNDS && receiver.received.length === heard)))
              await pause(5);
            await shop.kill();
            await load;
            expect(ledger.unexpected, `round ${round}`).toEqual([]);
            shop = await target.start(env);
            // Background work (the delivery worker with it) starts with the first request.
            expect((await post(shop.url, new Browser(), '/api/cart/get', {})).status).toBe(200);
          }

          // The last shop delivers what is left; the database is read with it stopped (PGlite has one process).
          const deadline = Date.now() + SETTLE_MS;
          let missing: string[] = [];
          let outcome = { ids: [] as string[], ordersWithout: 0 };
          for (;;) {
            await pause(3_000);
            await shop.stop();
            outcome = await target.read(committedEvents);
            const arrived = receiver.ids();
            missing = outcome.ids.filter((id) => !arrived.has(id));
            if (missing.length === 0 || Date.now() > deadline) break;
            shop = await target.start(env);
            await post(shop.url, new Browser(), '/api/cart/get', {});
          }
          expect(outcome.ordersWithout, 'committed orders without exactly one order.created').toBe(0);
          expect(missing, `${missing.length} of ${outcome.ids.length} events never arrived`).toEqual([]);
          expect(outcome.ids.length).toBeGreaterThan(0);
          const repeats = receiver.received.length - receiver.ids().size;
          const summary =
            `${KILLS} kills: ${outcome.ids.length} orders, all delivered; ${receiver.received.length} deliveries ` +
            `(${repeats} repeats of an event after a kill or a failed attempt)`;
          console.log(`[durability] webhooks ${kind}: ${summary}`);
          await annotate(summary);
        } finally {
          await shop?.kill();
          await receiver.stop();
          await target.close();
        }
      },
      15 * 60_000,
    );
  }
});
