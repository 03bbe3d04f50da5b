// A product page declares the cache tags of everything it shows (the product reads themselves:
// product-reads.test.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { loadProductPage } = await import('#lib/server/catalog/product-page.ts');
const { productReviews } = await import('#lib/server/reviews/index.ts');
const { DEMO_FIXTURES } = await import('#lib/server/demo/fixtures.ts');

let ids: number[] = [];
let inactive: number[] = [];

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 300 });
  await raw.rows(await db.getDb(), sql`update products set is_active = false where id % 23 = 0`);
  ids = (await raw.rows<{ id: number }>(await db.getDb(), sql`select id from products order by id`)).map((r) =>
    Number(r.id),
  );
  inactive = ids.filter((id) => id % 23 === 0);
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('loadProductPage', () => {
  test('tags the page with every product, category and attribute it shows', async () => {
    const withAll = [];
    for (const id of ids.filter((i) => !inactive.includes(i))) {
      const page = await loadProductPage(id, 'en');
      if (!page) continue;
      const shown = [
        page.product.id,
        ...page.variants.map((v) => v.card.id),
        ...page.product.accessories.map((a) => a.id),
        ...page.recommendations.map((r) => r.id),
      ];
      for (const shownId of shown) expect(page.tags, `${id} shows ${shownId}`).toContain(`p:${shownId}`);
      for (const crumb of page.trail) expect(page.tags).toContain(`c:${crumb.id}`);
      for (const group of [...page.header, ...page.properties]) expect(page.tags).toContain(`a:${group.code}`);
      if (page.product.accessories.length > 0 && page.recommendations.length > 0 && page.trail.length > 1)
        withAll.push(id);
    }
    expect(withAll.length).toBeGreaterThan(0);
    for (const id of inactive) expect(await loadProductPage(id, 'en')).toBeNull();
  });
});

describe('productReviews', () => {
  const idOf = async (sku: string) =>
    Number((await raw.rows<{ id: number }>(await db.getDb(), sql`select id from products where sku = ${sku}`))[0]!.id);

  test("a product page gets its published reviews; a parent's page its variants' too; a pending one is left out", async () => {
    const P = DEMO_FIXTURES.products;
    const drill = (await loadProductPage(await idOf(P.available), 'en'))!;
    expect(await productReviews(drill.product)).toMatchObject({ count: 2, average: 4.5 });
    const parent = (await loadProductPage(await idOf(P.variantParent), 'en'))!;
    expect((await productReviews(parent.product))?.reviews.map((r) => r.locale)).toEqual(['fr']);
    const sibling = (await loadProductPage(await idOf(P.variants[0]!), 'en'))!;
    expect(await productReviews(sibling.product)).toBeNull();
    // The demo's one review waiting for moderation.
    expect(await productReviews((await loadProductPage(await idOf(P.limited), 'en'))!.product)).toBeNull();
  });
});
