// Product pages read their data in batches during the build (read-ahead, see product-page.ts):
// a page must show exactly what reading its product alone shows, inactive products none.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { productDetail, productDetails } = await import('#lib/server/catalog/products.ts');
const { loadProductPage } = await import('#lib/server/catalog/product-page.ts');

let ids: number[] = [];
let inactive: number[] = [];

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 300 });
  await db.rows(await db.getDb(), sql`update products set is_active = false where id % 23 = 0`);
  ids = (await db.rows<{ id: number }>(await db.getDb(), sql`select id from products order by id`)).map((r) => Number(r.id));
  inactive = ids.filter((id) => id % 23 === 0);
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('productDetails', () => {
  test('gives for each id what productDetail gives for it alone', async () => {
    for (const locale of ['de', 'fr'] as const) {
      const batch = await productDetails(ids, locale);
      for (const id of ids) expect(batch.get(id) ?? null, `${locale} ${id}`).toEqual(await productDetail(id, locale));
      expect(inactive.filter((id) => batch.has(id))).toEqual([]);
    }
  });

  test('has variants, accessories, included items and several category trails to compare', async () => {
    const batch = [...(await productDetails(ids, 'de')).values()];
    expect(batch.some((p) => p.variants.length > 1)).toBe(true);
    expect(batch.some((p) => p.accessories.length > 1)).toBe(true);
    expect(batch.some((p) => p.included.length > 1)).toBe(true);
    expect(batch.some((p) => p.breadcrumbs.length > 1)).toBe(true);
  });
});

describe('loadProductPage', () => {
  test('reading ahead gives every page the same data, in build order and out of it', async () => {
    // One locale per pass: the memos are per locale, so each pass starts with none.
    for (const [order, locale] of [[ids, 'en'], [[...ids].reverse(), 'it']] as const) {
      for (const id of order) {
        const single = await loadProductPage(id, locale);
        expect(await loadProductPage(id, locale, { readAhead: true }), `${locale} ${id}`).toEqual(single);
        if (inactive.includes(id)) expect(single).toBeNull();
      }
    }
  });
});
