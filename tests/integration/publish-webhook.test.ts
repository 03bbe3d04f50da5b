// POST /api/webhooks/publish on the built shop, over real HTTP, against a real PostgreSQL: only a
// correctly signed, fresh, valid event changes anything, and it changes exactly what it names once.
// Every rejected request is checked for having left the page cache and the event table alone; the
// data underneath is changed first, so a page dropped by mistake would show it.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';
import {
  TEST_WEBHOOK_SECRET,
  buildTestShop,
  fetchPage,
  seedPostgres,
  signedPublish,
  startShopInstance,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const OUT_DIR = TEST_BUILD_DIR;
const suite = shouldSkipPostgres() ? describe.skip : describe;

suite('publish webhook [postgres]', () => {
  let postgres: PostgresServer | undefined;
  let shop: ShopInstance | undefined;
  /** The same shop without WEBHOOK_SECRET. */
  let unconfigured: ShopInstance | undefined;
  let client: pg.Client;
  /** A product and its German page. */
  let product: { id: number; path: string; name: string };

  beforeAll(async () => {
    const [, server] = await Promise.all([buildTestShop(OUT_DIR), startPostgres()]);
    postgres = server;
    await seedPostgres(server.url, 120);
    [shop, unconfigured] = await Promise.all([
      startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url }),
      startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url, env: { WEBHOOK_SECRET: undefined } }),
    ]);
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ id: number; slug: string; name: string }>(`
      select p.id, t.slug, t.name from products p join product_translations t on t.product_id = p.id and t.locale = 'de'
      where p.parent_id is null and p.is_active order by p.id limit 1`);
    const row = rows[0]!;
    product = { id: row.id, path: `/p/${row.id}/${row.slug}`, name: row.name };
  });

  afterAll(async () => {
    await client?.end();
    await Promise.all([shop?.stop(), unconfigured?.stop()]);
    await postgres?.stop();
  });

  const rename = async (name: string) => {
    await client.query(`update product_translations set name = $1 where product_id = $2 and locale = 'de'`, [
      name,
      product.id,
    ]);
  };
  const eventRow = async (id: string) => {
    const { rows } = await client.query<{
      id: string;
      source: string;
      changes: unknown;
      tags: unknown;
      received_at: Date;
      applied_at: Date | null;
    }>('select id, source, changes, tags, received_at, applied_at from publish_events where id = $1', [id]);
    return rows;
  };
  const eventCount = async () =>
    Number((await client.query<{ n: string }>('select count(*) as n from publish_events')).rows[0]!.n);

  /** The product page is cached (a HIT) and shows `name`. */
  async function expectCached(name: string) {
    const page = await fetchPage(shop!.url, product.path);
    expect(page.status).toBe(200);
    expect(page.cache).toBe('HIT');
    expect(page.body).toContain(name);
  }

  async function warm() {
    await fetchPage(shop!.url, product.path);
    const page = await fetchPage(shop!.url, product.path);
    expect(page.cache).toBe('HIT');
    return page;
  }

  describe('rejected signatures: 401, nothing stored, nothing dropped', () => {
    const SIX_MINUTES = 6 * 60 * 1000;
    const body = () => ({ products: [product.id] });
    const cases: [string, () => Promise<Awaited<ReturnType<typeof signedPublish>>>][] = [
      ['missing headers', () => signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body(), { unsigned: true })],
      [
        'the wrong secret',
        () =>
          signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body(), {
            secret: 'another-secret-of-at-least-32-characters!',
          }),
      ],
      [
        'a body changed after signing',
        () =>
          signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body(), {
            tamper: JSON.stringify({ products: [product.id, 1] }),
          }),
      ],
      [
        'a timestamp 6 minutes old',
        () => signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body(), { timestamp: new Date(Date.now() - SIX_MINUTES) }),
      ],
      [
        'a timestamp 6 minutes ahead',
        () => signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body(), { timestamp: new Date(Date.now() + SIX_MINUTES) }),
      ],
    ];

    test.each(cases)('%s', async (_, send) => {
      const before = await warm();
      const count = await eventCount();
      // Changed underneath: a page dropped by the rejected request would show this.
      await rename(`Unveröffentlicht ${Date.now()}`);
      const answer = await send();
      expect(answer.status).toBe(401);
      expect(answer.json).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', status: 401 });
      expect(await eventRow(answer.id)).toEqual([]);
      expect(await eventCount()).toBe(count);
      const after = await fetchPage(shop!.url, product.path);
      expect(after.cache).toBe('HIT');
      expect(after.body).toBe(before.body);
    });
  });

  test('a valid event is stored, applied and re-renders the page it names with the new data', async () => {
    await warm();
    const name = `Neuer Produktname ${Date.now()}`;
    await rename(name);
    const body = { products: [product.id] };
    const answer = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: answer.id, applied: true, cdn: 'none' });
    const tags = answer.json.tags as string[];
    expect(tags).toContain(`p:${product.id}`);
    expect(tags).toContain('sitemap');

    const page = await fetchPage(shop!.url, product.path);
    expect(page.cache).toBe('MISS');
    expect(page.body).toContain(name);
    await expectCached(name);

    const [row] = await eventRow(answer.id);
    expect(row).toMatchObject({ id: answer.id, source: 'webhook', changes: body, tags });
    expect(row!.applied_at).toBeInstanceOf(Date);
    expect(row!.applied_at!.getTime()).toBeGreaterThanOrEqual(row!.received_at.getTime());

    // Every dropped tag is stamped with the event's time: that is the page's new Last-Modified.
    const { rows: stamped } = await client.query<{ tag: string; changed_at: Date }>(
      'select tag, changed_at from cache_tags where tag = any($1::text[])',
      [tags],
    );
    expect(stamped.map((r) => r.tag).sort()).toEqual([...tags].sort());
    for (const r of stamped) expect(r.changed_at.getTime(), r.tag).toBe(row!.applied_at!.getTime());
    expect(Date.parse(page.headers.get('last-modified')!)).toBe(Math.floor(row!.applied_at!.getTime() / 1000) * 1000);
  });

  test('the same webhook-id again is acknowledged (applied: false) and re-renders nothing, whatever its body', async () => {
    await warm();
    const first = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, { products: [product.id] });
    expect(first.json.applied).toBe(true);
    const [applied] = await eventRow(first.id);
    const cached = await warm();
    await rename(`Nicht erneut ${Date.now()}`);

    const again = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, { products: [product.id] }, { id: first.id });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.id, applied: false, tags: first.json.tags, cdn: 'none' });
    const other = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, { all: true }, { id: first.id });
    expect(other.status).toBe(200);
    expect(other.json).toMatchObject({ id: first.id, applied: false });

    const page = await fetchPage(shop!.url, product.path);
    expect(page.cache).toBe('HIT');
    expect(page.body).toBe(cached.body);
    const rows = await eventRow(first.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.applied_at).toEqual(applied!.applied_at);
  });

  describe('invalid events: 400, nothing stored, nothing dropped', () => {
    const bodies: [string, string, string][] = [
      ['a product id that is not a number', JSON.stringify({ products: ['x'] }), 'VALIDATION_FAILED'],
      ['an empty change', JSON.stringify({}), 'VALIDATION_FAILED'],
      ['empty lists', JSON.stringify({ products: [], content: [] }), 'VALIDATION_FAILED'],
      ['an unknown field', JSON.stringify({ products: [1], everything: true }), 'VALIDATION_FAILED'],
      [
        'an unknown locale',
        JSON.stringify({ content: [{ type: 'page', identifier: 'agb', locale: 'xx' }] }),
        'VALIDATION_FAILED',
      ],
      ['all: false', JSON.stringify({ all: false }), 'VALIDATION_FAILED'],
      ['not JSON', 'products=1', 'INVALID_JSON'],
    ];
    test.each(bodies)('%s', async (_, body, code) => {
      const before = await warm();
      const count = await eventCount();
      await rename(`Ungültig ${Date.now()}`);
      const answer = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({ code, status: 400 });
      expect(await eventRow(answer.id)).toEqual([]);
      expect(await eventCount()).toBe(count);
      const after = await fetchPage(shop!.url, product.path);
      expect(after.cache).toBe('HIT');
      expect(after.body).toBe(before.body);
    });

    test('a webhook-id the shop cannot store as given', async () => {
      const count = await eventCount();
      const answer = await signedPublish(
        shop!.url,
        TEST_WEBHOOK_SECRET,
        { products: [product.id] },
        { id: 'has spaces/and slashes' },
      );
      expect(answer.status).toBe(400);
      expect(await eventCount()).toBe(count);
    });
  });

  test('an event naming content that fails its schema: 422 with the problem, not applied, the cached page stays', async () => {
    const home = async () => fetchPage(shop!.url, '/');
    await home();
    const before = await home();
    expect(before.cache).toBe('HIT');
    const { rows } = await client.query<{ id: number; config: unknown }>(
      `select id, config from content_blocks where type = 'block' and identifier = 'menu' order by locale desc limit 1`,
    );
    const menu = rows[0]!;
    await client.query('update content_blocks set config = $1 where id = $2', [{ entries: 'not a list' }, menu.id]);
    try {
      const count = await eventCount();
      const answer = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, {
        content: [{ type: 'block', identifier: 'menu' }],
      });
      expect(answer.status).toBe(422);
      expect(answer.json).toMatchObject({ code: 'CONTENT_INVALID', status: 422 });
      expect(String(answer.json.message)).toMatch(/block:menu .*entries/);
      expect(await eventCount()).toBe(count);
      const after = await home();
      expect(after.cache).toBe('HIT');
      expect(after.body).toBe(before.body);
    } finally {
      await client.query('update content_blocks set config = $1 where id = $2', [menu.config, menu.id]);
    }
  });

  test('without WEBHOOK_SECRET the shop refuses every event with 503', async () => {
    const count = await eventCount();
    const answer = await signedPublish(unconfigured!.url, TEST_WEBHOOK_SECRET, { products: [product.id] });
    expect(answer.status).toBe(503);
    expect(answer.json).toMatchObject({ code: 'PUBLISHING_DISABLED', status: 503 });
    expect(await eventRow(answer.id)).toEqual([]);
    expect(await eventCount()).toBe(count);
  });

  test('personal answers are not cached: the webhook itself answers private, no-store', async () => {
    const answer = await fetch(`${shop!.url}/api/webhooks/publish`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    await answer.arrayBuffer();
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.has('x-astro-cache')).toBe(false);
  });
});
