// An order the shop confirms is on disk, on the embedded database too: the shop runs under strace,
// places orders over HTTP, and every "200" answer to an order must come after an fsync of PGlite's
// write-ahead log that happened while that order was being handled. PGlite as shipped runs with
// fsync off and drops fsync calls (src/lib/server/db/pglite.ts), which this test catches: no WAL
// sync at all. kill.test.ts covers a killed process; this covers a power cut, which no test can cause.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '#lib/server/db/client.ts';
import { buildTestShop, seededDataDir, startShopInstance, TEST_BUILD_DIR } from '../helpers/shop-instance.ts';
import { raiseStock } from './checks.ts';
import { orderAcks } from './fsync-trace.ts';
import { newLedger, placeOrders } from './load.ts';

const ORDERS = 6;
let dataDir = '';

beforeAll(async () => {
  [dataDir] = await Promise.all([seededDataDir(20), buildTestShop()]);
  const database = await openDatabase({ dataDir });
  await raiseStock(database.db);
  await database.close();
}, 600_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('every order the embedded database confirms was synced to disk first', () => {
  test('strace finds an fsync of the WAL between each order request and its answer', async () => {
    const trace = join(dataDir, 'strace.log');
    const shop = await startShopInstance({
      outDir: TEST_BUILD_DIR,
      dataDir,
      // Open unpaid guest orders from one address are capped; this test places several.
      env: { GUEST_OPEN_ORDERS_MAX: '0' },
      wrapper: ['strace', '-f', '-qq', '-s', '64', '-e', 'trace=openat,read,write,writev,fsync,fdatasync', '-o', trace],
    });
    const ledger = newLedger();
    try {
      await placeOrders(shop.url, ledger, ORDERS);
    } finally {
      await shop.stop();
    }
    expect(ledger.unexpected).toEqual([]);

    const acks = orderAcks(readFileSync(trace, 'utf8'), '/api/orders/create');
    expect(acks.map((ack) => ack.status)).toEqual(Array(ORDERS).fill(200));
    for (const ack of acks) {
      const walSyncs = ack.synced.filter((file) => file.includes('/pg_wal/'));
      expect(
        walSyncs.length,
        `syncs while order (trace line ${ack.requestLine}) was handled: ${ack.synced.join(', ')}`,
      ).toBeGreaterThan(0);
    }
  }, 180_000);
});
