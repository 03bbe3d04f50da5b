// Keyword search against the seeded demo shop: exact item number, SKU and
// originalId matches win; otherwise a contains-match on item number, name or category name.
// Runs through the app's own database handle (DATA_DIR=memory://), so it exercises the same
// queries the endpoint runs, and the endpoint itself for the request contract.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { APIContext } from 'astro';
import type { SearchResponse } from '#lib/catalog/contract.ts';

// Before any app module reads the environment: the app's database singleton becomes in-memory PGlite.
process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');
const search = await import('#lib/server/catalog/search.ts');
const { publish } = await import('#lib/server/publish/events.ts');
const { POST } = await import('../../src/pages/api/catalog/search.ts');
const { catalogRoutes } = await import('#lib/server/catalog/handlers.ts');

const P = DEMO_FIXTURES.products;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return raw.rows<T>(await db.getDb(), query);
}

async function idOf(sku: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from products where sku = ${sku}`);
  if (!row) throw new Error(`no product ${sku}`);
  return Number(row.id);
}

/** Calls the endpoint the islands call, as a guest. */
async function post(body: Record<string, unknown>, route = POST): Promise<{ status: number; json: SearchResponse }> {
  const request = new Request('http://localhost/api/catalog/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const cookies = { get: () => undefined };
  const response = await route({ request, cookies, url: new URL(request.url) } as unknown as APIContext);
  return { status: response.status, json: (await response.json()) as SearchResponse };
}

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 120 });
});

afterAll(async () => {
  await db.closeDatabase();
});

describe('searchProductIds: exact matches', () => {
  test('finds an item number exactly and only that product', async () => {
    const [row] = await rows<{ itemnum: string }>(sql`select itemnum from products where sku = ${P.available}`);
    const result = await search.searchProductIds(row!.itemnum, 'de');
    expect(result).toMatchObject({ ids: [await idOf(P.available)], exact: true });
  });

  test('matches a SKU ignoring case', async () => {
    const id = await idOf(P.variants[1]);
    for (const term of [P.variants[1].toLowerCase(), P.variants[1].toUpperCase(), 'Hsh-10007-9']) {
      expect(await search.searchProductIds(term, 'de'), term).toMatchObject({ ids: [id], exact: true });
    }
  });

  test('matches an item number ignoring case', async () => {
    // Demo item numbers are digits; give one product letters so case actually matters.
    const id = await idOf(P.limited);
    const setItemnum = async (itemnum: string) => {
      await rows(sql`update products set itemnum = ${itemnum} where id = ${id}`);
      await publish(await db.database(), { products: [id] }, { source: 'import' });
    };
    await setItemnum('LX-80-A');
    try {
      expect(await search.searchProductIds('lx-80-a', 'de')).toMatchObject({ ids: [id], exact: true });
    } finally {
      await setItemnum('10005-01');
    }
  });

  test('matches the originalId of a numeric term', async () => {
    const withOriginal = await rows<{ id: number; original_id: number }>(sql`
      select id, original_id from products where original_id is not null and is_active order by id`);
    expect(withOriginal.length).toBeGreaterThan(0);
    const originalId = Number(withOriginal[0]!.original_id);
    const expected = withOriginal.filter((r) => Number(r.original_id) === originalId).map((r) => Number(r.id));
    const result = await search.searchProductIds(String(originalId), 'de');
    expect(result.exact).toBe(true);
    expect(result.ids).toEqual(expect.arrayContaining(expected));
  });

  test('an exact match is not mixed with contains-matches', async () => {
    const result = await search.searchProductIds(P.colourVariantParent, 'de');
    // 'WZW-10012' is contained in each variant SKU, but the exact parent wins alone.
    expect(result).toMatchObject({ ids: [await idOf(P.colourVariantParent)], exact: true });
  });
});

describe('searchProductIds: contains matches', () => {
  test('matches part of an item number', async () => {
    const result = await search.searchProductIds('10003', 'de');
    expect(result.exact).toBe(false);
    expect(result.ids).toContain(await idOf(P.available));
  });

  test('matches part of a product name, ignoring case, in the given locale', async () => {
    const id = await idOf(P.available);
    const names = await rows<{ locale: string; name: string }>(
      sql`select locale, name from product_translations where product_id = ${id}`,
    );
    for (const locale of ['de', 'en'] as const) {
      const name = names.find((n) => n.locale === locale)!.name;
      const word = name.split(/[\s-]+/).sort((a, b) => b.length - a.length)[0]!;
      const result = await search.searchProductIds(word.slice(1, -1).toUpperCase(), locale);
      expect(result.exact, `${locale}: ${word}`).toBe(false);
      expect(result.ids, `${locale}: ${word}`).toContain(id);
    }
  });

  test('matches the name of a category a product is in, even when the product name does not say it', async () => {
    const [hit] = await rows<{ product_id: number; name: string }>(sql`
      select pc.product_id, ct.name from product_categories pc
      join category_translations ct on ct.category_id = pc.category_id and ct.locale = 'de'
      join product_translations pt on pt.product_id = pc.product_id and pt.locale = 'de'
      join products p on p.id = pc.product_id and p.is_active
      where pt.name not ilike '%' || ct.name || '%' and length(ct.name) > 4
      order by pc.product_id limit 1`);
    expect(hit).toBeDefined();
    const result = await search.searchProductIds(hit!.name, 'de');
    expect(result.ids).toContain(Number(hit!.product_id));
  });

  test('takes LIKE wildcards in the term literally', async () => {
    for (const term of ['%', '_', '%%', '\\', '%_%']) {
      expect((await search.searchProductIds(term, 'de')).ids, term).toEqual([]);
      expect(await search.searchCategories(term, 'de'), term).toEqual([]);
    }
    // Punctuation separates words, as a space does: never a wildcard.
    const spaced = await search.searchProductIds('Grip 100', 'de');
    expect(spaced.ids.length).toBeGreaterThan(0);
    for (const term of ['Grip_100', 'Grip%100'])
      expect(await search.searchProductIds(term, 'de'), term).toEqual(spaced);
  });

  test('finds nothing for a term no product has', async () => {
    expect(await search.searchProductIds('zzqqxx', 'de')).toEqual({
      ids: [],
      count: 0,
      capped: false,
      exact: false,
      listed: [],
    });
  });
});

describe('searchCategories', () => {
  test('matches category names in the locale, shortest first', async () => {
    const found = await search.searchCategories('bohrer', 'de');
    expect(found.length).toBeGreaterThan(1);
    for (const c of found) expect(c.name.toLowerCase()).toContain('bohrer');
    expect(found[0]!.name).toBe('Bohrer');
    expect(found[0]!.slugPath).toMatch(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
  });
});

describe('POST /api/catalog/search', () => {
  test('puts the exact item number match first and pages through raw hits', async () => {
    const { status, json } = await post({ locale: 'de', keyword: P.available, limit: 12, offset: 0 });
    expect(status).toBe(200);
    expect(json.data[0]!.sku).toBe(P.available);
    expect(json.count).toBe(1);
  });

  test('trims the term before searching', async () => {
    const plain = await post({ locale: 'de', keyword: P.available });
    const padded = await post({ locale: 'de', keyword: `  ${P.available} \t` });
    expect(padded.json).toEqual(plain.json);
  });

  test('answers an empty result for an empty or blank term', async () => {
    for (const keyword of ['', '   ']) {
      const { status, json } = await post({ locale: 'de', keyword });
      expect(status).toBe(200);
      expect(json).toEqual({ data: [], count: 0, categories: [] });
    }
  });

  test('answers an empty result, not an error, when the search fails', async () => {
    const broken = catalogRoutes({
      shopper: async () => {
        throw new Error('database unreachable');
      },
      priceContext: async () => {
        throw new Error('database unreachable');
      },
    });
    const { status, json } = await post({ locale: 'de', keyword: 'mm' }, broken.search);
    expect(status).toBe(200);
    expect(json).toEqual({ data: [], count: 0, categories: [] });
  });

  test('lists variants as such in the overlay, and as their parent on the search page', async () => {
    const raw = await post({ locale: 'de', keyword: P.variants[0] });
    expect(raw.json.data.map((d) => [d.sku, d.isVariant])).toEqual([[P.variants[0], true]]);
    const listed = await post({ locale: 'de', keyword: P.variants[0], loadFilters: true });
    expect(listed.json.data.map((d) => [d.sku, d.isVariant])).toEqual([[P.variantParent, false]]);
    expect(Array.isArray(listed.json.facets)).toBe(true);
  });

  test('pages 12 at a time; a start at or beyond the total gives no more items', async () => {
    const first = await post({ locale: 'de', keyword: 'mm', limit: 12, offset: 0 });
    expect(first.json.count).toBeGreaterThan(24);
    const second = await post({ locale: 'de', keyword: 'mm', limit: 12, offset: 12 });
    expect(second.json.data).toHaveLength(12);
    const firstIds = new Set(first.json.data.map((d) => d.id));
    expect(second.json.data.filter((d) => firstIds.has(d.id))).toEqual([]);
    const beyond = await post({ locale: 'de', keyword: 'mm', limit: 12, offset: first.json.count });
    expect(beyond.json.data).toEqual([]);
    expect(beyond.json.count).toBe(first.json.count);
  });

  test('rejects unknown request fields', async () => {
    const { status } = await post({ locale: 'de', keyword: 'mm', surprise: true });
    expect(status).toBe(400);
  });
});
