// The home page's recommendation row: the editor's filter picks the products matching every pair,
// the row is named by its title's slug, the page carries the tags that bring it up to date, and a
// filter naming what the catalogue lacks is refused when saved.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Actor } from '#lib/server/admin/audit.ts';

process.env.DATA_DIR = 'memory://';
delete process.env.DATABASE_URL;

const db = await import('#lib/server/db/index.ts');
const raw = await import('../helpers/raw-rows.ts');
const { seedDemoData } = await import('#lib/server/demo/index.ts');
const { loadHomeContent } = await import('#lib/server/home-content.ts');
const { resolveRecommendationFilter, recommendedProductIds } = await import('#lib/server/catalog/recommendations.ts');
const { saveDraft } = await import('#lib/server/admin/content-writes.ts');
const { ApiError } = await import('#lib/server/http.ts');

const editor: Actor = { kind: 'staff', id: 1, email: 'editor@example.com', role: 'editor' };

/** Listed (active, parent) products with the attribute value, themselves or through a variant. */
async function listedWith(code: string, value: string): Promise<number[]> {
  const found = await raw.rows<{ id: number }>(
    await db.getDb(),
    sql`select distinct coalesce(v.parent_id, v.id) as id from product_attributes pa
      join products v on v.id = pa.product_id join products p on p.id = coalesce(v.parent_id, v.id)
      where pa.attribute_code = ${code} and pa.value = ${value} and p.is_active`,
  );
  return found.map((r) => Number(r.id));
}

beforeAll(async () => {
  const database = await db.database();
  await database.migrate();
  await seedDemoData(database.db, { products: 120 });
}, 120_000);

afterAll(async () => {
  await db.closeDatabase();
});

describe('home recommendations', () => {
  test("the demo row lists Brandt & Sohn's products under its title's slug, and the page carries their tags", async () => {
    const home = await loadHomeContent('de', 'Gratis');
    const row = home.recommendations!;
    expect(row.key).toBe('markenqualitaet-von-brandt-sohn');
    expect(row.title).toBe('Markenqualität von Brandt & Sohn');
    const brand = new Set(await listedWith('brand', 'brandt-sohn'));
    expect(row.products.length).toBe(Math.min(brand.size, 12));
    for (const product of row.products) expect(brand.has(product.id), product.name).toBe(true);
    expect(home.tags).toContain('k:block:home-recommendations:de');
    // A product newly matching the filter is published with this tag.
    expect(home.tags).toContain('catalog');
    for (const product of row.products) expect(home.tags).toContain(`p:${product.id}`);
  });

  test('a product must match every pair; option labels of any language name their value', async () => {
    const both = await listedWith('brand', 'protool');
    const red = new Set(await listedWith('colour', 'red'));
    const expected = both.filter((id) => red.has(id)).sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(both.length);
    const { filters, problems } = await resolveRecommendationFilter('brand=ProTool&colour=Rot');
    expect(problems).toEqual([]);
    expect(filters).toEqual([
      { name: 'brand', values: ['protool'] },
      { name: 'colour', values: ['red'] },
    ]);
    const ids = await recommendedProductIds(filters, 20);
    expect([...ids].sort((a, b) => a - b)).toEqual(expected);
  });

  test('shows at most the limit', async () => {
    const { filters } = await resolveRecommendationFilter('brand=protool');
    expect((await recommendedProductIds(filters, 3)).length).toBe(3);
  });

  test('saving a filter with an unknown attribute code or value is refused, naming it', async () => {
    const database = await db.getDb();
    const save = (filter: string) =>
      saveDraft(
        database,
        editor,
        { type: 'block', identifier: 'home-recommendations', locale: 'de' },
        { config: { title: 'Rot', filter }, content: null },
        0,
      );
    const refusal = async (filter: string) => {
      const error = await save(filter).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      return error as InstanceType<typeof ApiError>;
    };
    const unknownCode = await refusal('farbe=rot');
    expect(unknownCode.code).toBe('CONTENT_INVALID');
    expect(unknownCode.message).toMatch(/^config\.filter: unknown attribute code "farbe" \(the catalogue has .*colour/);
    expect((await refusal('colour=lila')).message).toBe('config.filter: attribute "colour" has no value "lila"');
    await expect(save('colour=blau')).resolves.toMatchObject({ config: { filter: 'colour=blau', limit: 20 } });
  });
});
