// kill -9 under load, 20 times per database: the BUILT shop as a child process, shoppers adding to
// carts, changing quantities and ordering on invoice over real HTTP, and a SIGKILL at a random
// moment. After every kill the shop must start again on the same data with no repair, hold every
// write it acknowledged, make at most one order per key and cart when the cut-off creates are sent
// again, and leave a database that passes the consistency rules and amcheck.
// On PGlite the shop's data dir is what the kill hits; the checks run on a copy of it taken right
// after the kill, while the shop itself restarts on the original.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { beforeAll, describe, test } from 'vitest';
import { openDatabase, type Database, type Db } from '#lib/server/db/client.ts';
import { Browser } from '../helpers/auth-harness.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '../helpers/postgres.ts';
import {
  buildTestShop,
  seededDataDir,
  seedPostgres,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '../helpers/shop-instance.ts';
import { consistencyProblems, ledgerProblems, raiseStock, stockBalance, storageProblems } from './checks.ts';
import { newLedger, post, type Ledger, retryOrders, shopUntilCut, unansweredOrders } from './load.ts';

const OUT_DIR = TEST_BUILD_DIR;
/** DURABILITY_KILLS=3 for a quick look while working on the suite. */
const KILLS = Number(process.env.DURABILITY_KILLS ?? 20);
const SHOPPERS = 4;
/** A round is killed after 1 to this many answered writes (uniformly at random). */
const MAX_WRITES_PER_ROUND = 60;

/** One database under test (seeded, stock raised): where the shop runs, and how the test reads what a kill left. */
interface Target {
  start(): Promise<ShopInstance>;
  /** Runs `check` on the data as the kill left it (the shop is down). */
  inspect<T>(check: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The load plays shoppers from one address who place guest orders by the hundred and never pay: the
 * cap on open unpaid orders per address (docs/stock.md, tests/integration/stock-drain.test.ts) would
 * refuse them, which is not what this test is about.
 */
const ONE_BUSY_GUEST = { GUEST_OPEN_ORDERS_MAX: '0' };

async function pgliteTarget(): Promise<Target> {
  const dataDir = await seededDataDir();
  const database = await openDatabase({ dataDir });
  await raiseStock(database.db);
  await database.close();
  return {
    start: () => startShopInstance({ outDir: OUT_DIR, dataDir, env: ONE_BUSY_GUEST }),
    async inspect(check) {
      const copy = mkdtempSync(join(tmpdir(), 'storefront-killed-'));
      cpSync(join(dataDir, 'pglite'), copy, { recursive: true });
      // Opened as the shop opens it (same extensions), plus amcheck for the storage checks.
      const client = await PGlite.create(copy, { extensions: { pg_trgm, amcheck } });
      try {
        return await check(drizzle(client) as unknown as Db);
      } finally {
        await client.close();
        rmSync(copy, { recursive: true, force: true });
      }
    },
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(): Promise<Target> {
  const server: PostgresServer = await startPostgres();
  await seedPostgres(server.url);
  const database: Database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 2 });
  await raiseStock(database.db);
  return {
    start: () => startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url, env: ONE_BUSY_GUEST }),
    inspect: (check) => check(database.db),
    async close() {
      await database.close();
      await server.stop();
    },
  };
}

const targets = [
  { kind: 'pglite', open: pgliteTarget, skip: false },
  { kind: 'postgres', open: postgresTarget, skip: shouldSkipPostgres() },
] as const;

beforeAll(() => buildTestShop(OUT_DIR), 5 * 60_000);

/** Everything wrong with the data as a kill left it. */
async function problemsIn(db: Db, ledger: Ledger, balance: Record<string, number>): Promise<string[]> {
  const stock = await stockBalance(db);
  return [
    ...(await ledgerProblems(db, ledger)),
    ...(await consistencyProblems(db)),
    ...(await storageProblems(db)),
    ...(JSON.stringify(stock) === JSON.stringify(balance)
      ? []
      : [`stock moved unlike the orders: ${JSON.stringify({ balance, stock })}`]),
  ];
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The two databases run side by side: most of a round is a shop starting, which waits as much as it computes.
describe.concurrent('kill -9 under load', () => {
  for (const { kind, open, skip } of targets) {
    test.skipIf(skip)(
      `[${kind}] ${KILLS} kills: the shop restarts on its data, keeps every answered write, orders nothing twice`,
      async ({ annotate, expect }) => {
        const target = await open();
        let shop: ShopInstance | undefined;
        try {
          const balance = await target.inspect(stockBalance);
          const ledger = newLedger();
          const retried = { resent: 0, committed: 0 };
          shop = await target.start();
          for (let round = 1; round <= KILLS; round++) {
            const running = shop;
            const load = shopUntilCut(running.url, ledger, SHOPPERS);
            // The kill falls after a random number of answered writes, plus a little, so mostly while
            // some shopper's request is half done: in a cart write, a checkout step or an order create.
            const killAt = ledger.answered + 1 + Math.floor(Math.random() * MAX_WRITES_PER_ROUND);
            let shopping = true;
            const stopped = () => (shopping = false);
            void load.then(stopped, stopped);
            while (shopping && ledger.answered < killAt && ledger.unexpected.length === 0) await pause(5);
            await pause(Math.random() * 30);
            await running.kill();
            await load;
            expect(ledger.unexpected, `round ${round}`).toEqual([]);
            expect(
              await target.inspect((db) => problemsIn(db, ledger, balance)),
              `round ${round}, after the kill`,
            ).toEqual([]);

            // The same data, no repair: it starts, answers from the database, and takes the retries.
            shop = await target.start();
            const probe = await post(shop.url, new Browser(), '/api/cart/get', {});
            expect(probe.status, `round ${round}: ${JSON.stringify(probe.body)}\n${shop.output()}`).toBe(200);
            const again = await retryOrders(shop.url, ledger);
            retried.resent += again.resent;
            retried.committed += again.committed;
            expect(ledger.unexpected, `round ${round}, retries`).toEqual([]);
            expect(unansweredOrders(ledger)).toEqual([]);
            console.log(`[durability] ${kind}: round ${round} of ${KILLS} passed`);
          }
          await shop.kill();
          expect(await target.inspect((db) => problemsIn(db, ledger, balance)), 'at the end').toEqual([]);

          await annotate(
            `${KILLS} kills: ${ledger.answered} writes answered, ${ledger.cut} cut off, ` +
              `${ledger.carts.size} carts, ${ledger.orders.size} orders; ${retried.resent} creates re-sent after a restart, ` +
              `${retried.committed} of them had committed before the kill`,
          );
        } finally {
          await shop?.kill();
          await target.close();
        }
      },
      15 * 60_000,
    );
  }
});
