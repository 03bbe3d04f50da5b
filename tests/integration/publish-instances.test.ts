// Two instances of the built shop on one PostgreSQL, as behind a load balancer: an event received by
// one is stored and applied once, and the other drops the same pages through LISTEN/NOTIFY. An
// instance that lost its LISTEN connection cannot know what it missed, so it drops every page once
// it is back. Events raised inside the shop's own code (an import) reach every instance the same way.
//
// The waits below poll (every 50 ms, up to 5 s) for something that happens in another process; they
// check that it happens, not how fast.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { publish } from '#lib/server/publish/events.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';
import {
  TEST_WEBHOOK_SECRET,
  buildTestShop,
  fetchPage,
  seedPostgres,
  signedPublish,
  startShopInstance,
  waitFor,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const OUT_DIR = TEST_BUILD_DIR;
const suite = shouldSkipPostgres() ? describe.skip : describe;

suite('publishing across instances [postgres]', () => {
  let postgres: PostgresServer | undefined;
  let a: ShopInstance | undefined;
  let b: ShopInstance | undefined;
  let client: pg.Client;
  let database: Database | undefined;
  let product: { id: number; path: string };

  beforeAll(async () => {
    const [, server] = await Promise.all([buildTestShop(OUT_DIR), startPostgres()]);
    postgres = server;
    await seedPostgres(server.url, 120);
    [a, b] = await Promise.all([
      startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url }),
      startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url }),
    ]);
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    database = await openDatabase({ databaseUrl: server.url, dataDir: 'memory://', poolSize: 2 });
    const { rows } = await client.query<{ id: number; slug: string }>(`
      select p.id, t.slug from products p join product_translations t on t.product_id = p.id and t.locale = 'de'
      where p.parent_id is null and p.is_active order by p.id limit 1`);
    product = { id: rows[0]!.id, path: `/p/${rows[0]!.id}/${rows[0]!.slug}` };
  });

  afterAll(async () => {
    await client?.end();
    await database?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await postgres?.stop();
  });

  const rename = async (name: string) => {
    await client.query(`update product_translations set name = $1 where product_id = $2 and locale = 'de'`, [
      name,
      product.id,
    ]);
  };

  async function warm(shop: ShopInstance, path = product.path) {
    await fetchPage(shop.url, path);
    const page = await fetchPage(shop.url, path);
    expect(page.cache, `${shop.url}${path}`).toBe('HIT');
    return page;
  }

  /** Polls the instance's page until it shows `text`. */
  const showsOn = (shop: ShopInstance, text: string, path = product.path) =>
    waitFor(`${shop.url}${path} to show "${text}"`, async () => {
      const page = await fetchPage(shop.url, path);
      return page.body.includes(text) ? page : undefined;
    });

  test('an event sent to one instance is applied once and the other serves the new page', async () => {
    await Promise.all([warm(a!), warm(b!)]);
    const name = `Über A veröffentlicht ${Date.now()}`;
    await rename(name);
    // Nothing announced yet: both still serve their cached page.
    expect((await fetchPage(b!.url, product.path)).cache).toBe('HIT');

    const answer = await signedPublish(a!.url, TEST_WEBHOOK_SECRET, { products: [product.id] });
    expect(answer.status).toBe(200);
    expect(answer.json.applied).toBe(true);
    const onA = await fetchPage(a!.url, product.path);
    expect(onA.cache).toBe('MISS');
    expect(onA.body).toContain(name);

    const onB = await showsOn(b!, name);
    expect(onB.cache).toBe('MISS');
    expect((await fetchPage(b!.url, product.path)).cache).toBe('HIT');

    const { rows } = await client.query<{ n: string; applied: string }>(
      'select count(*) as n, count(applied_at) as applied from publish_events where id = $1',
      [answer.id],
    );
    expect(rows[0]).toEqual({ n: '1', applied: '1' });
  });

  test('the instance that received an event does not apply its own announcement a second time', async () => {
    const agb = '/i/agb';
    await Promise.all([warm(a!), warm(a!, agb), warm(b!)]);
    const name = `Einmal ${Date.now()}`;
    await rename(name);
    await signedPublish(a!.url, TEST_WEBHOOK_SECRET, { products: [product.id] });
    const rendered = await fetchPage(a!.url, product.path);
    expect(rendered.cache).toBe('MISS');
    expect(rendered.body).toContain(name);
    // A later event through B: once A has applied it, A has also received its own earlier announcement
    // (NOTIFY is delivered in commit order). Had A applied that one again, the product page would be gone.
    await signedPublish(b!.url, TEST_WEBHOOK_SECRET, { content: [{ type: 'page', identifier: 'agb' }] });
    await waitFor(`${a!.url}${agb} to be dropped by the event sent to B`, async () => {
      const page = await fetchPage(a!.url, agb);
      return page.cache === 'MISS' ? page : undefined;
    });
    expect((await fetchPage(a!.url, product.path)).cache).toBe('HIT');
  });

  test('an instance whose LISTEN connection was cut applies, once back, the events it missed (and only those), then follows events again', async () => {
    const unrelated = '/i/agb';
    await Promise.all([warm(b!), warm(b!, unrelated)]);
    // An event applied while B could not hear it: stored as applied, never announced.
    const name = `Verpasst ${Date.now()}`;
    await rename(name);
    await client.query(
      `insert into publish_events (id, source, changes, tags, applied_at) values ($1, 'import', $2, $3, now())`,
      [`missed_${Date.now()}`, JSON.stringify({ products: [product.id] }), JSON.stringify([`p:${product.id}`])],
    );
    expect((await fetchPage(b!.url, product.path)).cache).toBe('HIT');

    const { rows } = await client.query<{ killed: boolean }>(
      `select pg_terminate_backend(pid) as killed from pg_stat_activity where query ilike 'LISTEN%storefront_publish%' and pid <> pg_backend_pid()`,
    );
    // One publish LISTEN connection per instance (the price index listens on a channel of its own).
    expect(rows.filter((r) => r.killed)).toHaveLength(2);

    await showsOn(b!, name);
    // The page no missed event names is still served from the cache.
    expect((await fetchPage(b!.url, unrelated)).cache).toBe('HIT');

    await waitFor('both instances to LISTEN again', async () => {
      const { rows: listening } = await client.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where query ilike 'LISTEN%storefront_publish%'`,
      );
      return Number(listening[0]!.n) === 2 ? true : undefined;
    });
    await warm(b!);
    const later = `Nach dem Wiederverbinden ${Date.now()}`;
    await rename(later);
    await signedPublish(a!.url, TEST_WEBHOOK_SECRET, { products: [product.id] });
    await showsOn(b!, later);
  });

  test('an event the shop raises itself (an import) reaches every instance', async () => {
    await Promise.all([warm(a!), warm(b!)]);
    const name = `Importiert ${Date.now()}`;
    await rename(name);
    const result = await publish(database!, { products: [product.id] }, { source: 'import' });
    expect(result.applied).toBe(true);
    expect(result.id).toMatch(/^import_/);
    await Promise.all([showsOn(a!, name), showsOn(b!, name)]);

    const { rows } = await client.query<{ source: string; applied_at: Date | null }>(
      'select source, applied_at from publish_events where id = $1',
      [result.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('import');
    expect(rows[0]!.applied_at).toBeInstanceOf(Date);
  });
});
