// Category listings: the count of a whole category is kept until the next publish (counting a large
// subtree costs far more than the page), and it always equals counting afresh once changes are published.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { listProducts } = await import('#lib/server/catalog/listing.ts');
const { publish } = await import('#lib/server/publish/events.ts');

/** Active parent products listed in the category or below it, counted directly. */
async function reference(categoryId: number): Promise<number> {
  const [row] = await raw.rows<{ n: number }>(
    await db.getDb(),
    sql`
    select count(distinct p.id)::int as n from products p
    join product_categories pc on pc.product_id = p.id join categories c on c.id = pc.category_id
    join categories root on root.id = ${categoryId}
    where p.is_active and p.parent_id is null and (c.id_path = root.id_path or c.id_path like root.id_path || '/%')`,
  );
  return Number(row!.n);
}

const list = (categoryId: number, filters: { name: string; values: string[] }[] = []) =>
  listProducts({ categoryId, filters, locale: 'de', sort: 'latest', limit: 10, offset: 0 });

let categories: number[] = [];

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 120 });
  categories = (
    await raw.rows<{ id: number }>(await db.getDb(), sql`select id from categories order by depth, id`)
  ).map((r) => Number(r.id));
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('listProducts counts', () => {
  test('a whole category counts every active product of its subtree, top level or not', async () => {
    for (const id of categories) expect((await list(id)).count, `category ${id}`).toBe(await reference(id));
  });

  test('a product taken off sale and published leaves the count and the list at once', async () => {
    const top = categories[0]!;
    const before = await list(top);
    const gone = before.data[0]!.id;
    await raw.rows(await db.getDb(), sql`update products set is_active = false where id = ${gone}`);
    await publish(await db.database(), { products: [gone] }, { source: 'import' });
    try {
      const after = await list(top);
      expect(after.count).toBe(before.count - 1);
      expect(after.data.map((p) => p.id)).not.toContain(gone);
    } finally {
      await raw.rows(await db.getDb(), sql`update products set is_active = true where id = ${gone}`);
      await publish(await db.database(), { products: [gone] }, { source: 'import' });
    }
    expect((await list(top)).count).toBe(before.count);
  });

  test('a filtered listing is counted for its filter', async () => {
    const [attribute] = await raw.rows<{ code: string; value: string }>(
      await db.getDb(),
      sql`
      select pa.attribute_code as code, pa.value from product_attributes pa group by 1, 2 order by count(*) desc limit 1`,
    );
    const top = categories[0]!;
    const filtered = await list(top, [{ name: attribute!.code, values: [attribute!.value] }]);
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.count).toBeLessThanOrEqual((await list(top)).count);
    expect(filtered.data.length).toBe(Math.min(10, filtered.count));
  });
});
