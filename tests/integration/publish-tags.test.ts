// Which pages a publish event re-renders, through the built shop on a real PostgreSQL: a set of pages
// is warmed (each a HIT on its second request), the data behind one kind of change is edited in the
// database, the event is sent, and every warmed page is asked for once more. A MISS means it was
// dropped and rendered again; a HIT means it was served from memory, untouched.
//
// The pages are chosen so that what SHOULD change is known without asking the shop: a product P
// without variants or accessories, in one category, listed on its category's first page; products
// and categories from another top-level category that do not show P. Where a change legitimately
// reaches every page (the menu links every category), the expectation is the computed one: the
// pages whose xkey carries a dropped tag.
//
// Below, invalidationFor (src/lib/server/publish/changes.ts) on the demo data in PGlite, kind by kind.
import { asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '#lib/server/db/client.ts';
import { categories, productCategories, products } from '#lib/server/db/schema.ts';
import { seedDemoData } from '#lib/server/demo/index.ts';
import { invalidationFor } from '#lib/server/publish/changes.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { shouldSkipPostgres, startPostgres, type PostgresServer } from '#tests/helpers/postgres.ts';
import {
  TEST_WEBHOOK_SECRET,
  buildTestShop,
  fetchPage,
  seedPostgres,
  signedPublish,
  startShopInstance,
  type PageAnswer,
  type ShopInstance,
  TEST_BUILD_DIR,
} from '#tests/helpers/shop-instance.ts';

const OUT_DIR = TEST_BUILD_DIR;
const prefix = (locale: Locale) => (locale === 'de' ? '' : `/${locale}`);
const suite = shouldSkipPostgres() ? describe.skip : describe;

interface Catalogue {
  product: { id: number; slugs: Record<Locale, string>; categoryId: number };
  /** P's category and its ancestors, leaf first, with their slug paths. */
  trail: { id: number; parentId: number | null; slugPaths: Record<Locale, string> }[];
}

suite('publish tags through the shop [postgres]', () => {
  let postgres: PostgresServer | undefined;
  let shop: ShopInstance | undefined;
  let client: pg.Client;
  let catalogue: Catalogue;
  /** Every warmed page, by path, with what it showed on its last HIT. */
  const warmed = new Map<string, PageAnswer>();
  const paths = {
    productPages: [] as string[],
    categoryPagesOfP: [] as string[],
    otherProducts: [] as string[],
    otherCategories: [] as string[],
    homes: ['/', '/en'],
    content: [] as string[],
    sitemaps: ['/sitemap.xml', '/sitemap-1.xml'],
  };
  const all = () => Object.values(paths).flat();

  const query = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows;

  async function slugPathsOf(categoryId: number): Promise<Record<Locale, string>> {
    const rows = await query<{ locale: Locale; slug_path: string }>(
      'select locale, slug_path from category_translations where category_id = $1',
      [categoryId],
    );
    return Object.fromEntries(rows.map((r) => [r.locale, r.slug_path])) as Record<Locale, string>;
  }

  async function productPath(id: number, locale: Locale): Promise<string> {
    const [row] = await query<{ slug: string }>(
      'select slug from product_translations where product_id = $1 and locale = $2',
      [id, locale],
    );
    return `${prefix(locale)}/p/${id}/${row!.slug}`;
  }

  async function pageSlug(identifier: string, locale: Locale): Promise<string> {
    const [row] = await query<{ slug: string | null }>(
      `select config->>'slug' as slug from content_blocks where type = 'page' and identifier = $1 and locale = $2`,
      [identifier, locale],
    );
    return row?.slug ?? identifier;
  }

  /** GETs the page until it is cached; returns the cached answer. */
  async function warm(path: string): Promise<PageAnswer> {
    const first = await fetchPage(shop!.url, path);
    expect(first.status, path).toBe(200);
    const second = first.cache === 'HIT' ? first : await fetchPage(shop!.url, path);
    expect(second.cache, path).toBe('HIT');
    warmed.set(path, second);
    return second;
  }

  async function inBatches<T>(items: readonly string[], run: (path: string) => Promise<T>): Promise<Map<string, T>> {
    const results = new Map<string, T>();
    for (let i = 0; i < items.length; i += 4) {
      const batch = items.slice(i, i + 4);
      const answers = await Promise.all(batch.map(run));
      batch.forEach((path, j) => results.set(path, answers[j]!));
    }
    return results;
  }

  const warmAll = () => inBatches(all(), warm);

  /** Asks every warmed page once: MISS or HIT, and what it shows now (`moved`: expected to answer 301). */
  async function afterEvent(moved: string[] = []): Promise<Map<string, PageAnswer>> {
    const answers = await inBatches(all(), (path) => fetchPage(shop!.url, path));
    for (const [path, answer] of answers) expect(answer.status, path).toBe(moved.includes(path) ? 301 : 200);
    return answers;
  }

  const statesOf = (answers: Map<string, PageAnswer>) =>
    Object.fromEntries([...answers].map(([path, a]) => [path, a.cache]));
  const expectStates = (answers: Map<string, PageAnswer>, missed: (path: string) => boolean) =>
    expect(statesOf(answers)).toEqual(Object.fromEntries(all().map((path) => [path, missed(path) ? 'MISS' : 'HIT'])));

  /** The pages whose tags (as declared when they were warmed) include one of `tags`. */
  const carrying = (tags: string[] | 'all') => (path: string) =>
    tags === 'all' || warmed.get(path)!.tags.some((t) => tags.includes(t));

  async function publish(body: unknown): Promise<string[] | 'all'> {
    const answer = await signedPublish(shop!.url, TEST_WEBHOOK_SECRET, body);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    expect(answer.json.applied).toBe(true);
    return answer.json.tags as string[] | 'all';
  }

  beforeAll(async () => {
    const [, server] = await Promise.all([buildTestShop(OUT_DIR), startPostgres()]);
    postgres = server;
    await seedPostgres(server.url, 120);
    // Every page, warmed again after each event, from one address: beyond what the per-client budgets
    // let one client render and add to the page cache (tested in tests/e2e/cache-keys.spec.ts).
    shop = await startShopInstance({ outDir: OUT_DIR, databaseUrl: server.url, env: { RATE_LIMIT_SCALE: '0' } });
    client = new pg.Client({ connectionString: server.url });
    await client.connect();

    // P: no variants, no accessories either way, exactly one category, listed on that category's first page.
    const candidates = await query<{ id: number; category_id: number }>(`
      select p.id, pc.category_id from products p join product_categories pc on pc.product_id = p.id
      where p.parent_id is null and p.is_active
        and not exists (select 1 from products v where v.parent_id = p.id)
        and not exists (select 1 from product_accessories a where a.product_id = p.id or a.accessory_id = p.id)
        and (select count(*) from product_categories x where x.product_id = p.id) = 1
      order by p.id`);
    let chosen: { id: number; category_id: number } | undefined;
    for (const candidate of candidates.slice(0, 20)) {
      const listing = await fetchPage(shop.url, `/c/${(await slugPathsOf(candidate.category_id)).de}`);
      if (listing.tags.includes(`p:${candidate.id}`)) {
        chosen = candidate;
        break;
      }
    }
    expect(chosen, "a product listed on its only category's first page").toBeDefined();
    const [idPath] = await query<{ id_path: string }>('select id_path from categories where id = $1', [
      chosen!.category_id,
    ]);
    const trailIds = idPath!.id_path.split('/').map(Number).reverse();
    const trail = [];
    for (const id of trailIds) {
      const [row] = await query<{ parent_id: number | null }>('select parent_id from categories where id = $1', [id]);
      trail.push({ id, parentId: row!.parent_id, slugPaths: await slugPathsOf(id) });
    }
    const slugs = Object.fromEntries(
      await Promise.all(LOCALES.map(async (l) => [l, (await productPath(chosen!.id, l)).split('/').at(-1)!])),
    ) as Record<Locale, string>;
    catalogue = { product: { id: chosen!.id, slugs, categoryId: chosen!.category_id }, trail };
    const P = catalogue.product.id;

    paths.productPages = await Promise.all(LOCALES.map((l) => productPath(P, l)));
    paths.content = await Promise.all(LOCALES.map(async (l) => `${prefix(l)}/i/${await pageSlug('agb', l)}`));
    paths.categoryPagesOfP = [...trail.map((c) => `/c/${c.slugPaths.de}`), `/en/c/${trail[0]!.slugPaths.en}`];

    // Elsewhere: another top-level category's products and subcategories, none of them showing P.
    const topOfP = trailIds.at(-1)!;
    const otherProducts = await query<{ id: number }>(
      `
      select p.id from products p where p.parent_id is null and p.is_active
        and not exists (select 1 from product_categories pc join categories c on c.id = pc.category_id
                        where pc.product_id = p.id and split_part(c.id_path, '/', 1) = $1)
        and exists (select 1 from product_categories pc where pc.product_id = p.id)
      order by p.id`,
      [String(topOfP)],
    );
    for (const { id } of otherProducts) {
      const de = await productPath(id, 'de');
      if ((await warm(de)).tags.includes(`p:${P}`)) continue;
      paths.otherProducts.push(de, await productPath(id, 'en'));
      if (paths.otherProducts.length === 4) break;
    }
    expect(paths.otherProducts).toHaveLength(4);
    const otherCategories = await query<{ id: number }>(
      `
      select id from categories where parent_id is not null and split_part(id_path, '/', 1) <> $1 order by id desc limit 2`,
      [String(topOfP)],
    );
    paths.otherCategories = await Promise.all(
      otherCategories.map(async ({ id }) => `/c/${(await slugPathsOf(id)).de}`),
    );
  });

  afterAll(async () => {
    await client?.end();
    await shop?.stop();
    await postgres?.stop();
  });

  describe('a product', () => {
    let answers: Map<string, PageAnswer>;
    let tags: string[] | 'all';
    let name: string;

    test('re-renders its pages in every locale, the category pages listing it and the sitemaps, with the new name', async () => {
      await warmAll();
      const P = catalogue.product.id;
      // The chosen pages are what the test claims: P's pages show P, the others do not.
      for (const path of paths.productPages) expect(warmed.get(path)!.tags, path).toContain(`p:${P}`);
      expect(warmed.get(paths.categoryPagesOfP[0]!)!.tags).toContain(`p:${P}`);
      for (const path of [...paths.otherProducts, ...paths.otherCategories, ...paths.homes, ...paths.content]) {
        expect(warmed.get(path)!.tags, path).not.toContain(`p:${P}`);
        expect(warmed.get(path)!.body, path).not.toContain(`/p/${P}/`);
      }

      name = `Umbenannt ${Date.now()}`;
      await query(`update product_translations set name = $1 where product_id = $2 and locale = 'de'`, [name, P]);
      tags = await publish({ products: [P] });
      expect(tags).toEqual(expect.arrayContaining([`p:${P}`, ...catalogue.trail.map((c) => `l:${c.id}`), 'sitemap']));
      answers = await afterEvent();

      for (const path of [...paths.productPages, ...paths.categoryPagesOfP, ...paths.sitemaps]) {
        expect(answers.get(path)!.cache, path).toBe('MISS');
      }
      expect(answers.get(paths.productPages[0]!)!.body).toContain(name);
      for (const path of paths.categoryPagesOfP.filter(
        (p) => !p.startsWith('/en/') && warmed.get(p)!.tags.includes(`p:${P}`),
      )) {
        expect(answers.get(path)!.body, path).toContain(name);
      }
      for (const path of paths.productPages.slice(1)) expect(answers.get(path)!.body, path).not.toContain(name);
    });

    test('leaves every page that does not show it a HIT', () => {
      // Fails while the menu's category links carry the same tag (c:<id>) as the category listings:
      // a product's change drops its categories' tags, and with them every page of the shop. The home
      // pages count the products and pick a row by filter from all of them (the catalogue's tag).
      const shown = new Set([...paths.productPages, ...paths.categoryPagesOfP, ...paths.sitemaps, ...paths.homes]);
      expectStates(answers, (path) => shown.has(path));
    });
  });

  test('a content page: its page in every locale re-renders with the new text, and the sitemaps; nothing else', async () => {
    await warmAll();
    const marker = `Neufassung${Date.now()}`;
    await query(`update content_blocks set content = content || $1 where type = 'page' and identifier = 'agb'`, [
      `<p>${marker}</p>`,
    ]);
    const tags = await publish({ content: [{ type: 'page', identifier: 'agb' }] });
    expect(tags).toEqual([...LOCALES.map((l) => `k:page:agb:${l}`).sort(), 'sitemap']);
    const answers = await afterEvent();
    const agb = new Set([...paths.content, ...paths.sitemaps]);
    expectStates(answers, (path) => agb.has(path));
    for (const path of paths.content) expect(answers.get(path)!.body, path).toContain(marker);
  });

  test("a content page's new address: the shells of its language (which link it) and its versions (their language links) re-render", async () => {
    await warmAll();
    const english = paths.content.find((p) => p.startsWith('/en/'))!;
    const oldSlug = english.split('/').at(-1)!;
    const setSlug = (slug: string) =>
      query(
        `update content_blocks set config = jsonb_set(config, '{slug}', to_jsonb($1::text))
      where type = 'page' and identifier = 'agb' and locale = 'en'`,
        [slug],
      );
    await setSlug('terms-of-sale');
    try {
      const tags = await publish({ content: [{ type: 'page', identifier: 'agb', locale: 'en' }] });
      expect(tags).toEqual([...LOCALES.map((l) => `k:page:agb:${l}`), 'shell:en', 'sitemap'].sort());
      // The old address now moves to the new one (a redirect, not a cached page).
      const answers = await afterEvent([english]);
      expect(answers.get(english)!.headers.get('location')).toBe('/en/i/terms-of-sale');
      const dropped = (path: string) =>
        path === '/en' || path.startsWith('/en/') || paths.content.includes(path) || paths.sitemaps.includes(path);
      const { [english]: redirect, ...pages } = statesOf(answers);
      expect(redirect).toBeNull();
      expect(pages).toEqual(
        Object.fromEntries(
          all()
            .filter((p) => p !== english)
            .map((p) => [p, dropped(p) ? 'MISS' : 'HIT']),
        ),
      );
      expect(answers.get('/en')!.body).toContain('href="/en/i/terms-of-sale"');
      expect(answers.get(paths.content[0]!)!.body).toMatch(/hreflang="en-GB" href="[^"]*\/en\/i\/terms-of-sale"/);
      expect((await fetchPage(shop!.url, '/en/i/terms-of-sale')).status).toBe(200);
    } finally {
      await setSlug(oldSlug);
      await publish({ content: [{ type: 'page', identifier: 'agb', locale: 'en' }] });
    }
  });

  /** Appends `marker` to the first menu entry's titles in the locales given (all when none). */
  function withMarkedMenu(
    config: { entries: { titles: { locale: string; title: string }[] }[] },
    marker: string,
    locale?: Locale,
  ) {
    const copy = structuredClone(config);
    for (const t of copy.entries[0]!.titles) if (!locale || t.locale === locale) t.title += ` ${marker}`;
    return copy;
  }

  test('the menu: every page re-renders in every locale and shows it; the sitemaps do not show it and stay', async () => {
    await warmAll();
    const marker = `Menuneu${Date.now()}`;
    const [row] = await query<{ config: Parameters<typeof withMarkedMenu>[0] }>(
      `select config from content_blocks where type = 'block' and identifier = 'menu' and locale = ''`,
    );
    await query(`update content_blocks set config = $1 where type = 'block' and identifier = 'menu' and locale = ''`, [
      withMarkedMenu(row!.config, marker),
    ]);
    const tags = await publish({ content: [{ type: 'block', identifier: 'menu' }] });
    expect(tags).toEqual(LOCALES.map((l) => `shell:${l}`).sort());
    const answers = await afterEvent();
    const sitemaps = new Set(paths.sitemaps);
    expectStates(answers, (path) => !sitemaps.has(path));
    for (const path of all().filter((p) => !sitemaps.has(p))) expect(answers.get(path)!.body, path).toContain(marker);
  });

  test("the menu of one locale: only that locale's pages re-render", async () => {
    await warmAll();
    const marker = `Englishmenu${Date.now()}`;
    const [row] = await query<{ config: Parameters<typeof withMarkedMenu>[0] }>(
      `select config from content_blocks where type = 'block' and identifier = 'menu' and locale = ''`,
    );
    // A row of its own for English: it wins over the all-locales row there, and only there.
    await query(`insert into content_blocks (type, identifier, locale, config) values ('block', 'menu', 'en', $1)`, [
      withMarkedMenu(row!.config, marker, 'en'),
    ]);
    const tags = await publish({ content: [{ type: 'block', identifier: 'menu', locale: 'en' }] });
    expect(tags).toEqual(['shell:en']);
    const answers = await afterEvent();
    const english = (path: string) => path === '/en' || path.startsWith('/en/');
    expectStates(answers, english);
    for (const path of all().filter(english)) expect(answers.get(path)!.body, path).toContain(marker);
    for (const path of all().filter((p) => !english(p))) expect(answers.get(path)!.body, path).not.toContain(marker);
  });

  test("a category: its pages, its parent's and the product pages whose breadcrumb shows it re-render with its new name", async () => {
    await warmAll();
    const [leaf, parent] = catalogue.trail;
    expect(parent, "P's category has a parent").toBeDefined();
    const name = `Kategorie${Date.now()}`;
    await query(`update category_translations set name = $1 where category_id = $2 and locale = 'de'`, [
      name,
      leaf!.id,
    ]);
    const tags = await publish({ categories: [leaf!.id] });
    expect(tags).toEqual([`c:${leaf!.id}`, `c:${parent!.id}`, `l:${leaf!.id}`, `l:${parent!.id}`, 'sitemap'].sort());
    const answers = await afterEvent();

    const leafPages = [`/c/${leaf!.slugPaths.de}`, `/en/c/${leaf!.slugPaths.en}`];
    const parentPage = `/c/${parent!.slugPaths.de}`;
    for (const path of [...leafPages, parentPage, ...paths.productPages, ...paths.sitemaps])
      expect(answers.get(path)!.cache, path).toBe('MISS');
    for (const path of [leafPages[0]!, parentPage, paths.productPages[0]!])
      expect(answers.get(path)!.body, path).toContain(name);
    // The menu links every category, so its name is on every page: all of them re-render.
    expectStates(answers, carrying(tags));
  });

  test('{ all: true }: every page re-renders', async () => {
    await warmAll();
    const tags = await publish({ all: true });
    expect(tags).toBe('all');
    expectStates(await afterEvent(), () => true);
  });
});

describe('invalidationFor on the demo data [pglite]', () => {
  let database: Database;
  const sorted = (tags: string[]) => [...new Set(tags)].sort();

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    await seedDemoData(database.db, { products: 120 });
    // As the seed's own publish does: records the content pages' addresses everything renders with.
    await invalidationFor(database.db, { all: true });
  });

  afterAll(async () => {
    await database?.close();
  });

  /** The categories a product is listed in, and all their ancestors (from the materialised id paths). */
  async function listedWithAncestors(productIds: number[]): Promise<string[]> {
    const rows = await database.db
      .select({ idPath: categories.idPath })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(inArray(productCategories.productId, productIds));
    expect(rows.length).toBeGreaterThan(0);
    return rows.flatMap((r) => r.idPath.split('/')).map((id) => `l:${id}`);
  }

  test('a product: p:<id>, its categories and their ancestors, the sitemap, the catalogue', async () => {
    const [listed] = await database.db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .where(isNull(products.parentId))
      .limit(1);
    const expected = sorted([`p:${listed!.id}`, ...(await listedWithAncestors([listed!.id])), 'sitemap', 'catalog']);
    expect(await invalidationFor(database.db, { products: [listed!.id] })).toEqual({ tags: expected });
  });

  test("a variant: also its parent, which lists it, and the parent's categories", async () => {
    const [variant] = await database.db
      .select({ id: products.id, parentId: products.parentId })
      .from(products)
      .where(isNotNull(products.parentId))
      .orderBy(asc(products.id))
      .limit(1);
    const parentId = variant!.parentId!;
    const expected = sorted([
      `p:${variant!.id}`,
      `p:${parentId}`,
      ...(await listedWithAncestors([variant!.id, parentId])),
      'sitemap',
      'catalog',
    ]);
    expect(await invalidationFor(database.db, { products: [variant!.id] })).toEqual({ tags: expected });
  });

  test("a category: its own tag and its parent's (which lists it); a top-level one also the home tiles; the sitemap", async () => {
    const [child] = await database.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.depth, 2))
      .limit(1);
    expect(await invalidationFor(database.db, { categories: [child!.id] })).toEqual({
      tags: sorted([`c:${child!.id}`, `c:${child!.parentId}`, `l:${child!.id}`, `l:${child!.parentId}`, 'sitemap']),
    });
    const [top] = await database.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.depth, 0))
      .limit(1);
    expect(await invalidationFor(database.db, { categories: [top!.id] })).toEqual({
      tags: sorted([`c:${top!.id}`, `l:${top!.id}`, 'c:top', 'sitemap']),
    });
    // An unknown id may be a category just deleted: its pages and the home tiles may still show it.
    expect(await invalidationFor(database.db, { categories: [999_999] })).toEqual({
      tags: sorted(['c:999999', 'l:999999', 'c:top', 'sitemap']),
    });
  });

  test("content: shell blocks drop their locales' shells, pages their own page and the sitemap, settings as wide as they reach", async () => {
    const shells = LOCALES.map((l) => `shell:${l}`);
    const cases: [Parameters<typeof invalidationFor>[1], Awaited<ReturnType<typeof invalidationFor>>][] = [
      [{ content: [{ type: 'block', identifier: 'menu' }] }, { tags: sorted(shells) }],
      [{ content: [{ type: 'block', identifier: 'menu', locale: 'en' }] }, { tags: ['shell:en'] }],
      [{ content: [{ type: 'block', identifier: 'footer', locale: 'fr' }] }, { tags: ['shell:fr'] }],
      [
        {
          content: [
            { type: 'block', identifier: 'top-banner' },
            { type: 'block', identifier: 'notification-bar', locale: 'it' },
          ],
        },
        { tags: sorted(shells) },
      ],
      [{ content: [{ type: 'setting', identifier: 'branding', locale: 'es' }] }, { tags: ['shell:es'] }],
      [
        { content: [{ type: 'page', identifier: 'agb' }] },
        { tags: sorted([...LOCALES.map((l) => `k:page:agb:${l}`), 'sitemap']) },
      ],
      [{ content: [{ type: 'page', identifier: 'agb', locale: 'fr' }] }, { tags: ['k:page:agb:fr', 'sitemap'] }],
      [{ content: [{ type: 'block', identifier: 'home-teaser', locale: 'de' }] }, { tags: ['k:block:home-teaser:de'] }],
      [{ content: [{ type: 'setting', identifier: 'attributes' }] }, { tags: ['k:setting:attributes:all'] }],
      // Which languages exist: every page's links and alternates.
      [{ content: [{ type: 'setting', identifier: 'locale' }] }, { all: true }],
      [
        {
          content: [
            { type: 'page', identifier: 'agb' },
            { type: 'setting', identifier: 'locale', locale: 'de' },
          ],
        },
        { all: true },
      ],
      [{ attributes: ['brand', 'colour'] }, { tags: ['a:brand', 'a:colour'] }],
      [{ all: true }, { all: true }],
    ];
    for (const [changes, expected] of cases)
      expect(await invalidationFor(database.db, changes), JSON.stringify(changes)).toEqual(expected);
  });

  test('several kinds at once: the union, each tag once, sorted', async () => {
    const [child] = await database.db
      .select({ id: categories.id, parentId: categories.parentId })
      .from(categories)
      .where(eq(categories.depth, 2))
      .limit(1);
    const [listed] = await database.db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .where(eq(productCategories.categoryId, child!.id))
      .limit(1);
    const result = await invalidationFor(database.db, {
      products: [listed!.id],
      categories: [child!.id],
      attributes: ['brand'],
      content: [{ type: 'block', identifier: 'menu', locale: 'de' }],
    });
    expect(result).toEqual({
      tags: sorted([
        `p:${listed!.id}`,
        ...(await listedWithAncestors([listed!.id])),
        `c:${child!.id}`,
        `c:${child!.parentId}`,
        `l:${child!.id}`,
        `l:${child!.parentId}`,
        'sitemap',
        'catalog',
        'a:brand',
        'shell:de',
      ]),
    });
  });
});
