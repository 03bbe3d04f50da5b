// What operators and their tools read from a running shop: /healthz (alive), /readyz (can serve:
// database, migrations, indexes; 503 with the reason otherwise) and /metrics (Prometheus), which is
// published only when configured: on a port of its own or behind a token.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'astro/zod';
import { openDatabase } from '#lib/server/db/client.ts';
import { rows } from '#lib/server/db/index.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import {
  buildTestShop,
  seededDataDir,
  startShopInstance,
  TEST_BUILD_DIR,
  waitFor,
} from '#tests/helpers/shop-instance.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';
let dataDir = '';

beforeAll(async () => {
  [dataDir] = await Promise.all([seededDataDir(20), buildTestShop()]);
}, 600_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const body = async (url: string, init?: RequestInit) => {
  const response = await fetch(url, init);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
};

describe('health probes', () => {
  test('alive and ready on a migrated, seeded database; neither is cached', async () => {
    const shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir });
    try {
      const alive = await fetch(`${shop.url}/healthz`);
      expect(alive.status).toBe(200);
      expect(alive.headers.get('cache-control')).toContain('no-store');
      expect(await alive.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${shop.url}/readyz`);
      expect(ready.headers.get('cache-control')).toContain('no-store');
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 200, body: { status: 'ready' } });
    } finally {
      await shop.stop();
    }
  }, 60_000);

  test('a database behind the build (a migration not applied) is alive but not ready, and says why', async () => {
    const database = await openDatabase({ dataDir });
    const [latest] = await rows(
      database.db,
      z.object({ hash: z.string(), created_at: z.string() }),
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)
          returning hash, created_at::text`,
    );
    await database.close();
    const shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir });
    try {
      expect((await body(`${shop.url}/healthz`)).status).toBe(200);
      const ready = await body(`${shop.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toEqual({
        status: 'unavailable',
        reason: 'database: migrations are missing (run the start script to apply them)',
      });
    } finally {
      await shop.stop();
      const restore = await openDatabase({ dataDir });
      await restore.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${latest!.hash}, ${latest!.created_at})`,
      );
      await restore.close();
    }
  }, 60_000);
});

describe('metrics', () => {
  test('not published unless configured', async () => {
    const shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir });
    try {
      const answer = await body(`${shop.url}/metrics`);
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain('storefront_');
    } finally {
      await shop.stop();
    }
  }, 60_000);

  test('behind METRICS_TOKEN on the shop port: 401 without it, the exposition with it', async () => {
    const shop = await startShopInstance({ outDir: TEST_BUILD_DIR, dataDir, env: { METRICS_TOKEN: TOKEN } });
    try {
      const scrape = async () => {
        const answer = await body(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(answer.status).toBe(200);
        expect(answer.type).toContain('text/plain');
        return (pattern: RegExp) => answer.text.split('\n').find((l) => pattern.test(l));
      };
      const pageCacheAnswers = async () =>
        Number(
          (await scrape())(
            /^storefront_http_request_duration_seconds_count\{handler="page-cache",method="GET",status="200"\} /,
          )?.split(' ')[1] ?? 0,
        );
      for (const path of ['/en', '/readyz']) await (await fetch(`${shop.url}${path}`)).arrayBuffer();
      expect((await body(`${shop.url}/metrics`)).status).toBe(401);
      expect((await body(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      // The second /en comes from the page cache, without entering the app (the start-up probe may have
      // been answered from it too, hence the difference).
      const before = await pageCacheAnswers();
      await (await fetch(`${shop.url}/en`)).arrayBuffer();
      expect(await pageCacheAnswers()).toBe(before + 1);
      // The webhook worker registers its gauge once it has started (on the first request, in the background).
      const line = await waitFor('the webhook deliveries gauge', async () => {
        const found = await scrape();
        return found(/^storefront_webhook_deliveries\{state="dead"\} 0$/) ? found : undefined;
      });
      expect(line(/^storefront_page_cache_total\{outcome="miss"\} [1-9]/)).toBeDefined();
      expect(line(/^storefront_page_cache_total\{outcome="hit"\} [1-9]/)).toBeDefined();
      expect(
        line(/^storefront_route_duration_seconds_count\{route="\/readyz",method="GET",status="200"\} [1-9]/),
      ).toBeDefined();
      expect(line(/^storefront_index_build_seconds_count\{index="search"\} [1-9]/)).toBeDefined();
      expect(line(/^storefront_db_query_duration_seconds_count\{kind="pglite"\} [1-9]/)).toBeDefined();
      expect(line(/^storefront_page_cache_bytes [1-9]/)).toBeDefined();
      expect(line(/^storefront_process_resident_memory_bytes [1-9]/)).toBeDefined();
    } finally {
      await shop.stop();
    }
  }, 60_000);

  test('on METRICS_PORT: served there, never on the shop port (not even with the token)', async () => {
    const port = await freePort();
    const shop = await startShopInstance({
      outDir: TEST_BUILD_DIR,
      dataDir,
      env: { METRICS_PORT: String(port), METRICS_TOKEN: TOKEN },
    });
    try {
      await (await fetch(`${shop.url}/en`)).arrayBuffer();
      const own = await body(`http://127.0.0.1:${port}/metrics`);
      expect(own.status).toBe(200);
      expect(own.text).toContain('storefront_http_request_duration_seconds');
      expect((await body(`http://127.0.0.1:${port}/`)).status).toBe(404);
      const onShop = await body(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(onShop.status).toBe(404);
    } finally {
      await shop.stop();
    }
  }, 60_000);
});
