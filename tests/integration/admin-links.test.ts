// The link picker's search (GET /api/admin/links) through its route file on the demo shop: categories,
// products and content pages found by name in German and in English, each answered with a code the
// shop's link resolver turns into the page it names; a stored code named back; bad input refused with
// coded errors; anonymous callers and customers turned away.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Browser, prepareDataDir, type ApiResult } from '../helpers/auth-harness.ts';
import { callAdmin, queryOf, signInDemoStaff } from '../helpers/admin-harness.ts';
import { DEMO_FIXTURES } from '#lib/server/demo/fixtures.ts';
import { closeDatabase, getDb } from '#lib/server/db/index.ts';
import { and, eq } from 'drizzle-orm';
import { products as products_, productTranslations } from '#lib/server/db/schema.ts';
import { pageLinks } from '#lib/server/content-links.ts';
import { BUDGETS } from '#lib/server/client-budget.ts';
import type { LinkTarget } from '#lib/admin/link-contract.ts';
import { isContentLink } from '#lib/content/links.ts';
import { resolveContentLink } from '#lib/site/content-link.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import * as linksRoute from '../../src/pages/api/admin/links.ts';
import * as customerLogin from '../../src/pages/api/auth/login.ts';

const editor = new Browser('10.7.0.1');
const search = (query: Record<string, string>, b: Browser | undefined = editor) =>
  callAdmin(linksRoute.GET, { method: 'GET', path: `/api/admin/links${queryOf(query)}` }, b);
const results = (r: ApiResult): LinkTarget[] => {
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as { results: LinkTarget[] }).results;
};

/** Where the shop's pages send a link with this code (the layout's and content HTML's resolvers). */
async function shopHref(code: string, locale: Locale): Promise<string> {
  return resolveContentLink(code, locale, (await pageLinks()).resolvers);
}

beforeAll(async () => {
  // The budgets as shipped (the suites' default switches them off): one search test spends one.
  await prepareDataDir({ RATE_LIMIT_SCALE: '1' });
  await signInDemoStaff(editor, DEMO_FIXTURES.staff.editor.email);
});
afterAll(() => closeDatabase());

describe('searching link targets', () => {
  test('finds a category by its German and its English name, with the code the shop resolves to it', async () => {
    const german = results(await search({ locale: 'de', q: 'Bohrmasch' }));
    const drills = german.find((t) => t.kind === 'category' && t.name.includes('Bohrmaschinen'));
    expect(drills, JSON.stringify(german)).toBeDefined();
    expect(drills!.code).toMatch(/^c:werkzeuge\/.*bohrmaschinen$/);
    const english = results(await search({ locale: 'en', q: 'drills' }));
    const same = english.find((t) => t.code === drills!.code);
    expect(same, JSON.stringify(english)).toMatchObject({ kind: 'category' });
    expect(same!.name).toContain('Drills');
    for (const [target, locale] of [
      [drills!, 'de'],
      [same!, 'en'],
    ] as const) {
      expect(isContentLink(target.code)).toBe(true);
      expect(await shopHref(target.code, locale)).toBe(target.path);
    }
    expect(same!.path).toMatch(/^\/en\/c\//);
  });

  test('finds content pages by title and products by name or item number, each a link the content accepts', async () => {
    const pages = results(await search({ locale: 'en', q: 'terms' }));
    const terms = pages.find((t) => t.code === 'i:agb');
    expect(terms, JSON.stringify(pages)).toMatchObject({ kind: 'page' });
    expect(terms!.path).toBe(await shopHref('i:agb', 'en'));
    // The demo's product in stock, by the first word of its German name.
    const [named] = await (
      await getDb()
    )
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products_, eq(products_.id, productTranslations.productId))
      .where(and(eq(products_.sku, DEMO_FIXTURES.products.available), eq(productTranslations.locale, 'de')));
    const word = named!.name.split(/\s+/)[0]!;
    const products = results(await search({ locale: 'de', q: word })).filter((t) => t.kind === 'product');
    expect(products.length, word).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.code).toMatch(/^\/p\/\d+\/[a-z0-9-]+$/);
      expect(isContentLink(p.code)).toBe(true);
    }
    const itemnum = /\(([^)]+)\)$/.exec(products[0]!.name)![1]!;
    expect(results(await search({ locale: 'en', q: itemnum })).map((t) => t.code)).toContain(products[0]!.code);
  });

  test('names a stored code in the language asked for, and nothing for an outside address', async () => {
    const [drills] = results(await search({ locale: 'de', q: 'Bohrmaschinen' })).filter((t) => t.kind === 'category');
    expect(results(await search({ locale: 'en', code: drills!.code }))).toEqual([
      expect.objectContaining({ code: drills!.code, kind: 'category', name: expect.stringContaining('Drills') }),
    ]);
    expect(results(await search({ locale: 'de', code: 'i:agb' }))[0]).toMatchObject({ kind: 'page' });
    expect(results(await search({ locale: 'de', code: 'https://example.com/' }))).toEqual([]);
    expect(results(await search({ locale: 'de', code: 'c:gibt-es-nicht' }))).toEqual([]);
  });

  test('refuses bad input with coded errors', async () => {
    const bad: Record<string, string>[] = [
      { locale: 'xx', q: 'bohr' },
      { locale: 'de', q: 'b' },
      { locale: 'de' },
      { locale: 'de', q: 'bohr', code: 'i:agb' },
      { locale: 'de', q: 'x'.repeat(101) },
      { locale: 'de', q: 'bohr\u0000' },
      { locale: 'de', q: 'bohr', extra: '1' },
    ];
    for (const query of bad) {
      const r = await search(query);
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.body).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: expect.any(String) });
    }
    // LIKE wildcards are words like any other, not patterns.
    expect(results(await search({ locale: 'de', q: '%%' }))).toEqual([]);
  });

  test('turns away anonymous callers and signed-in customers with 401', async () => {
    const anonymous = await search({ locale: 'de', q: 'bohr' }, new Browser('10.7.0.2'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    const customer = new Browser('10.7.0.3');
    const login = await customer.call(customerLogin.POST, '/api/auth/login', {
      body: { username: DEMO_FIXTURES.customers.normal.email, password: DEMO_FIXTURES.customers.normal.password },
    });
    expect(login.status).toBe(200);
    const r = await search({ locale: 'de', q: 'bohr' }, customer);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  test("answers 429 with Retry-After beyond the search budget, the editor's search never a way to load the shop", async () => {
    const hammering = new Browser('10.7.0.9');
    await signInDemoStaff(hammering, DEMO_FIXTURES.staff.editor.email);
    // All at once: the bucket refills while requests are answered one after another.
    const answers = await Promise.all(
      Array.from({ length: BUDGETS.search.burst + 20 }, (_, i) =>
        search({ locale: 'de', q: `bohr${i % 7}` }, hammering),
      ),
    );
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(BUDGETS.search.burst / 2);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.body).toMatchObject({ status: 429, code: expect.any(String) });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another editor's address keeps its own budget.
    expect((await search({ locale: 'de', q: 'bohr' })).status).toBe(200);
  });
});
