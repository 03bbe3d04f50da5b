// Product reads (src/lib/server/catalog/products.ts) against a reference built from plain reads of each
// table: the product's row and its translations, attributes, categories, accessories, included items
// and variants are read in one statement as JSON, and each of those must come back as the tables hold
// it, in order, on PGlite and on PostgreSQL. Batches must equal single reads; inactive products none.
// The process-wide database (DATA_DIR or DATABASE_URL) is set by the test file before it imports this.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeDatabase, database, getDb } from '#lib/server/db/index.ts';
import { seedDemoData } from '#lib/server/demo/index.ts';
import { productCards, productDetail, productDetails } from '#lib/server/catalog/products.ts';
import { describeAttributes } from '#lib/server/catalog/attributes.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { rows } from './raw-rows.ts';

export function productReadsSuite(kind: string): void {
  let ids: number[] = [];
  let inactive: number[] = [];
  const read = async <T>(query: ReturnType<typeof sql>) => rows<T>(await getDb(), query);

  beforeAll(async () => {
    const opened = await database();
    await opened.migrate();
    await seedDemoData(opened.db, { products: 300 });
    await read(sql`update products set is_active = false where id % 23 = 0`);
    ids = (await read<{ id: number }>(sql`select id from products order by id`)).map((r) => Number(r.id));
    inactive = ids.filter((id) => id % 23 === 0);
  }, 120_000);

  afterAll(closeDatabase);

  /** What the page shows of one product, read table by table. */
  async function reference(id: number, locale: Locale) {
    const [translations, attributes, categories, accessories, included, variants] = await Promise.all([
      read<{ locale: string; slug: string; name: string; description: string | null }>(
        sql`select locale, slug, name, description from product_translations where product_id = ${id}`,
      ),
      read<{ attributeCode: string; value: string }>(
        sql`select attribute_code as "attributeCode", value from product_attributes
            where product_id = ${id} order by attribute_code, value`,
      ),
      read<{ categoryId: number; isPrimary: boolean }>(
        sql`select category_id as "categoryId", is_primary as "isPrimary" from product_categories
            where product_id = ${id} order by category_id`,
      ),
      read<{ id: number }>(
        sql`select a.accessory_id as id from product_accessories a
            join product_translations t on t.product_id = a.accessory_id and t.locale = ${locale}
            where a.product_id = ${id} order by a.position, a.accessory_id`,
      ),
      read<{ itemnum: string; quantity: number }>(
        sql`select itemnum, quantity from product_included where product_id = ${id} order by position, itemnum`,
      ),
      read<{ id: number }>(
        sql`select v.id from products v
            join product_translations t on t.product_id = v.id and t.locale = ${locale}
            where v.parent_id = ${id} and v.is_active order by v.id`,
      ),
    ]);
    return {
      own: translations.find((t) => t.locale === locale),
      slugs: Object.fromEntries(translations.map((t) => [t.locale, t.slug])),
      attributes: await describeAttributes(attributes, locale),
      categories: categories.map((c) => ({ id: Number(c.categoryId), primary: c.isPrimary })),
      accessories: accessories.map((a) => Number(a.id)),
      included: included.map((i) => ({ itemnum: i.itemnum, quantity: Number(i.quantity) })),
      variants: variants.map((v) => Number(v.id)),
    };
  }

  describe(`product reads [${kind}]`, () => {
    test('every product as its tables hold it, in the page locale', async () => {
      for (const locale of ['de', 'fr'] as const) {
        const batch = await productDetails(ids, locale);
        for (const id of ids.filter((i) => !inactive.includes(i))) {
          const ref = await reference(id, locale);
          const detail = batch.get(id);
          expect(detail?.name, `${locale} ${id}`).toBe(ref.own?.name);
          if (!detail) continue;
          expect(detail.description).toBe(ref.own?.description);
          // The row's own columns keep their types (read through the schema beside the JSON parts).
          expect(detail.createdAt).toBeInstanceOf(Date);
          expect(detail.slugs).toEqual(ref.slugs);
          expect(detail.custom_attributes).toEqual(ref.attributes);
          expect(detail.breadcrumbs.map((trail) => ({ id: trail.at(-1)?.id, primary: trail[0]?.primary }))).toEqual(
            ref.categories,
          );
          expect(detail.accessories.map((c) => c.id)).toEqual(ref.accessories);
          expect(detail.included.map(({ itemnum, quantity }) => ({ itemnum, quantity }))).toEqual(ref.included);
          expect(detail.variants.map((c) => c.id)).toEqual(ref.variants);
        }
      }
    });

    test('gives for each id what productDetail gives for it alone, inactive ones none', async () => {
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

    test("cards carry each product's attributes and its active variants' skus, in the order asked", async () => {
      const asked = [...ids].reverse().slice(0, 120);
      const cards = await productCards(asked, 'en');
      expect(cards.map((c) => c.id)).toEqual(asked);
      for (const card of cards) {
        const attributes = await read<{ attributeCode: string; value: string }>(
          sql`select attribute_code as "attributeCode", value from product_attributes
              where product_id = ${card.id} order by attribute_code, value`,
        );
        const skus = await read<{ sku: string }>(
          sql`select sku from products where parent_id = ${card.id} and is_active order by id`,
        );
        expect(card.attributes).toEqual(await describeAttributes(attributes, 'en'));
        expect(card.variantSkus).toEqual(skus.map((s) => s.sku));
      }
      expect(cards.some((c) => c.variantSkus.length > 1)).toBe(true);
    });
  });
}
