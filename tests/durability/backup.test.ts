// `npm run backup` and `npm run restore` of the embedded database, as a shop owner runs them: a
// shop with a placed order is backed up into one file, restored into a fresh data dir, and the BUILT
// shop started on that serves the order and a product page. A running shop's database is not copied,
// a non-empty data dir is replaced only with --force, and a damaged file is refused without loss.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '#lib/server/db/client.ts';
import { rows } from '../helpers/raw-rows.ts';
import { Browser } from '../helpers/auth-harness.ts';
import { readyCartVia, type Send } from '../helpers/order-harness.ts';
import {
  buildTestShop,
  fetchPage,
  seededDataDir,
  startShopInstance,
  TEST_BUILD_DIR,
} from '../helpers/shop-instance.ts';
import { post } from './load.ts';

const OUT_DIR = TEST_BUILD_DIR;
const root = resolve(import.meta.dirname, '../..');

/** Runs `npm run <script>` the way npm would (same Node, repository root) against one data dir. */
function run(script: 'backup' | 'restore', dataDir: string, args: string[]): { status: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], { cwd: root, env, encoding: 'utf8' });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

const send =
  (url: string, browser: Browser): Send =>
  async (domain, op, body) =>
    post(url, browser, `/api/${domain}/${op}`, body);

/** Orders by id in a data dir, read directly (the shop must not be running on it). */
async function ordersIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (await rows<{ id: string }>(database.db, sql`SELECT id FROM orders ORDER BY id`)).map((r) => r.id);
  } finally {
    await database.close();
  }
}

// Each test starts the built shop or PGlite a few times: seconds each on a busy machine.
describe('npm run backup / npm run restore (embedded database)', { timeout: 180_000 }, () => {
  const temp = mkdtempSync(join(tmpdir(), 'storefront-backup-'));
  const backup = join(temp, 'shop.tar.gz');
  let source: string;
  let browser: Browser;
  let order: { id: string; transactionnum: string };
  let productPath: string;

  beforeAll(async () => {
    [source] = await Promise.all([seededDataDir(), buildTestShop(OUT_DIR)]);
    const shop = await startShopInstance({ outDir: OUT_DIR, dataDir: source });
    try {
      browser = new Browser();
      const cart = await readyCartVia(send(shop.url, browser), { quantity: 2 });
      const created = await post(shop.url, browser, '/api/orders/create', {
        idempotencyKey: randomUUID(),
        cartId: cart.id,
        cart: { version: cart.version, pricesHash: cart.pricesHash },
        paymentMethodCode: 'invoice',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      order = created.body.order;

      // While it runs, the shop has the database open: no copy is taken of it.
      const refused = run('backup', source, ['--out', backup]);
      expect(refused.status).toBe(1);
      expect(refused.out).toMatch(/is open in process \d+.*stop the shop, run the backup, then start it again/s);
      expect(existsSync(backup)).toBe(false);
    } finally {
      await shop.kill();
    }
    const database = await openDatabase({ dataDir: source });
    try {
      const [product] = await rows<{ id: number; slug: string }>(
        database.db,
        sql`
        SELECT p.id, t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.locale = 'de'
        WHERE p.parent_id IS NULL AND p.is_active ORDER BY p.id LIMIT 1`,
      );
      productPath = `/p/${product!.id}/${product!.slug}`;
    } finally {
      await database.close();
    }
  }, 5 * 60_000);

  afterAll(() => {
    rmSync(temp, { recursive: true, force: true });
    if (source) rmSync(source, { recursive: true, force: true });
  });

  test('backs up into one file; restored into an empty data dir, the shop serves the order and a product page', async () => {
    const made = run('backup', source, ['--out', backup]);
    expect(made.status, made.out).toBe(0);
    expect(made.out).toContain('1 orders');
    expect(readdirSync(temp)).toEqual(['shop.tar.gz']);

    const fresh = join(temp, 'fresh');
    const restored = run('restore', fresh, [backup]);
    expect(restored.status, restored.out).toBe(0);
    const shop = await startShopInstance({ outDir: OUT_DIR, dataDir: fresh });
    try {
      const read = await post(shop.url, browser, '/api/orders/get', { id: order.id });
      expect(read.status, JSON.stringify(read.body)).toBe(200);
      expect(read.body.order).toMatchObject({ id: order.id, transactionnum: order.transactionnum });
      const page = await fetchPage(shop.url, productPath);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<h1');
    } finally {
      await shop.kill();
    }
  });

  test('the default file name is timestamped under <DATA_DIR>/backups', () => {
    const made = run('backup', source, []);
    expect(made.status, made.out).toBe(0);
    expect(readdirSync(join(source, 'backups'))).toEqual([expect.stringMatching(/^storefront-\d{8}T\d{6}Z\.tar\.gz$/)]);
  });

  test('restore keeps a data dir that holds a database unless --force, never replaces one in use, and moves the old one aside', async () => {
    const target = join(temp, 'occupied');
    expect(run('restore', target, [backup]).status).toBe(0);
    const again = run('restore', target, [backup]);
    expect(again.status).toBe(1);
    expect(again.out).toContain('already holds a database; run again with --force');

    const shop = await startShopInstance({ outDir: OUT_DIR, dataDir: target });
    try {
      expect((await post(shop.url, new Browser(), '/api/cart/get', {})).status).toBe(200);
      const busy = run('restore', target, [backup, '--force']);
      expect(busy.status).toBe(1);
      expect(busy.out).toMatch(/is open in process \d+.*stop the shop, restore, then start it again/s);
    } finally {
      await shop.kill();
    }

    const forced = run('restore', target, [backup, '--force']);
    expect(forced.status, forced.out).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['pglite', expect.stringMatching(/^pglite\.replaced-\d{8}T\d{6}Z$/)]);
    expect(await ordersIn(target)).toEqual([order.id]);
  });

  test.each([
    ['cut short', (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2)), /not an intact gzip file/],
    [
      'with a damaged byte',
      (bytes: Buffer) => {
        const damaged = Buffer.from(bytes);
        damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
        return damaged;
      },
      /not an intact gzip file|damaged/,
    ],
    ['of something else', () => gzipSync(Buffer.from('not a database')), /no PostgreSQL data directory/],
  ])(
    'a backup %s is refused with a clear error, even with --force, and the database stays',
    async (_, spoil, reason) => {
      const target = join(temp, 'kept');
      if (!existsSync(target)) expect(run('restore', target, [backup]).status).toBe(0);
      const before = readdirSync(target).sort();
      const bad = join(temp, 'bad.tar.gz');
      writeFileSync(bad, spoil(readFileSync(backup)));

      const refused = run('restore', target, [bad, '--force']);
      expect(refused.status).toBe(1);
      expect(refused.out).toMatch(/is not a usable backup: .*Nothing was changed\./);
      expect(refused.out).toMatch(reason);
      expect(readdirSync(target).sort()).toEqual(before);
      expect(await ordersIn(target)).toEqual([order.id]);
    },
  );
});
