// The catalogue import end to end on both databases: BMEcat 2005 and 1.2, CSV as German Excel saves
// it and JSON Lines into an empty shop; the same file again changes and publishes nothing; refused
// records are reported with their line and the rest applies, or with --strict nothing does; --check
// changes nothing; updates, deletions and price updates; hostile XML; the ERP's stock delta.
import { cpSync, createReadStream, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { forEachDatabase } from '../helpers/databases.ts';
import {
  attributes,
  categories,
  categoryTranslations,
  contentBlocks,
  priceLists,
  prices,
  priceTiers,
  productAccessories,
  productAttributes,
  productCategories,
  productIncluded,
  products,
  productTranslations,
  publishEvents,
  stock,
} from '#lib/server/db/schema.ts';
import type { Db } from '#lib/server/db/client.ts';
import { buildSearchIndex } from '#lib/server/catalog/search-index-store.ts';
import { runImport } from '#lib/server/import/index.ts';
import type { ImportResult } from '#lib/server/import/run.ts';
import { applyStockDelta } from '#lib/server/import/stock-delta.ts';
import { ApiError } from '#lib/server/http.ts';

const fixtures = fileURLToPath(new URL('../fixtures/import/', import.meta.url));
const TODAY = new Date('2026-11-27');
const cli = { kind: 'cli' } as const;

const source = (name: string) => ({ name, folder: fixtures, open: () => createReadStream(join(fixtures, name)) });
const importFiles = (db: Db, names: string[], options: { check?: boolean; strict?: boolean } = {}) =>
  runImport(db, names.map(source), { actor: cli, today: TODAY, ...options });

let dataDir: string;
beforeAll(() => {
  // Pictures and data sheets are stored under DATA_DIR/media.
  dataDir = mkdtempSync(join(tmpdir(), 'storefront-import-'));
  process.env.DATA_DIR = dataDir;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function productBySku(db: Db, sku: string) {
  const [row] = await db.select().from(products).where(eq(products.sku, sku));
  expect(row, sku).toBeDefined();
  return row!;
}
const filterSetting = async (db: Db) => {
  const [row] = await db
    .select({ config: contentBlocks.config })
    .from(contentBlocks)
    .where(and(eq(contentBlocks.type, 'setting'), eq(contentBlocks.identifier, 'attributes')));
  return row?.config as { filters: string[]; header: string[]; list: string[] } | undefined;
};
const publishCount = async (db: Db) => (await db.select({ n: count() }).from(publishEvents))[0]!.n;
const refusedIds = (result: ImportResult) => [...new Set(result.report.flatMap((l) => (l.id ? [l.id] : [])))].sort();

forEachDatabase('catalogue import', (ctx) => {
  test('a BMEcat 2005 catalogue builds the category tree, products with pack units, tiers, features and media', async () => {
    const result = await importFiles(ctx.db, ['bmecat-2005-new.xml']);
    expect(result.status).toBe('done');
    expect(result.report).toEqual([]);
    // 5 groups and 4 products created; the 4 placements put the new products into their groups.
    expect(result.counts).toMatchObject({ read: 13, created: 9, updated: 4, unchanged: 0, refused: 0 });

    const tree = await ctx.db
      .select({
        id: categories.externalId,
        depth: categories.depth,
        name: categoryTranslations.name,
        slugPath: categoryTranslations.slugPath,
      })
      .from(categories)
      .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
      .where(eq(categoryTranslations.locale, 'en'))
      .orderBy(asc(categories.idPath));
    expect(tree.find((c) => c.id === 'EW')).toMatchObject({ depth: 0, name: 'Power tools', slugPath: 'power-tools' });
    expect(tree.find((c) => c.id === 'EW-BM')).toMatchObject({ depth: 1 });
    expect(tree.find((c) => c.id === 'EW-BM')!.slugPath).toMatch(/^power-tools\//);

    const screws = await productBySku(ctx.db, 'SP-4X40');
    expect(screws).toMatchObject({
      orderUnit: 'PK',
      contentUnit: 'C62',
      unitsPerOrderUnit: 100,
      minQuantity: 2,
      quantityStep: 2,
    });

    const drill = await productBySku(ctx.db, 'SB-750');
    expect(drill.gtin).toMatch(/^\d{13}$/);
    expect(drill.manufacturerName).toBeTruthy();
    expect(drill.classification).toMatchObject({ system: 'ETIM', version: '7.0' });
    const [base] = await ctx.db.select().from(priceLists).where(eq(priceLists.code, 'base'));
    const [price] = await ctx.db
      .select()
      .from(prices)
      .where(and(eq(prices.productId, drill.id), eq(prices.priceListId, base!.id)));
    expect(price).toMatchObject({ currency: 'EUR', regularCents: 8990 });
    const tiers = await ctx.db
      .select({ min: priceTiers.minQuantity, cents: priceTiers.cents })
      .from(priceTiers)
      .where(and(eq(priceTiers.productId, drill.id), eq(priceTiers.priceListId, base!.id)))
      .orderBy(asc(priceTiers.minQuantity));
    expect(tiers).toEqual([
      { min: 10, cents: 8450 },
      { min: 50, cents: 7900 },
    ]);

    // Features became filterable attributes with the product's values.
    const values = await ctx.db.select().from(productAttributes).where(eq(productAttributes.productId, drill.id));
    expect(values.length).toBeGreaterThan(2);
    const [feature] = await ctx.db.select().from(attributes).where(eq(attributes.code, values[0]!.attributeCode));
    expect(feature!.isFilterable).toBe(true);
    // …and the listings offer them as filters: the attributes setting's next version lists them.
    expect(result.newFilters).toContain(feature!.code);
    expect((await filterSetting(ctx.db))?.filters).toEqual(expect.arrayContaining(result.newFilters));

    // Pictures stored once by digest and served as renditions; the data sheet as a PDF.
    expect(drill.coverImage).toMatch(/^\/images\/m\/[a-f0-9]{32}\.jpg$/);
    expect(existsSync(join(dataDir, 'media', drill.coverImage!.split('/').at(-1)!))).toBe(true);
    expect(drill.documents).toEqual([
      { file: expect.stringMatching(/^[a-f0-9]{32}\.pdf$/), title: expect.any(Object) },
    ]);

    // References resolved once all products were in: accessories and items included in the box.
    const accessories = await ctx.db
      .select()
      .from(productAccessories)
      .where(eq(productAccessories.productId, drill.id));
    const included = await ctx.db.select().from(productIncluded).where(eq(productIncluded.productId, drill.id));
    expect(accessories.length + included.length).toBeGreaterThan(0);

    // Every product is in its groups, the first its main category, with texts in all five languages.
    const placed = await ctx.db.select().from(productCategories).where(eq(productCategories.productId, drill.id));
    expect(placed.filter((p) => p.isPrimary)).toHaveLength(1);
    const texts = await ctx.db.select().from(productTranslations).where(eq(productTranslations.productId, screws.id));
    expect(texts.map((t) => t.locale).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);

    // Search finds it by its GTIN, its manufacturer's part number and its keywords (KEYWORD) per language.
    const search = await buildSearchIndex(ctx.db);
    expect(search.exact(drill.gtin!).map((h) => h.id)).toEqual([drill.id]);
    expect(search.exact('bpt-sb750-2').map((h) => h.id)).toEqual([drill.id]);
    const ids = (words: string[], locale: 'de' | 'en') => search.nameMatches(words, locale, 10).hits.map((h) => h.id);
    expect(ids(['schlagbohrer'], 'de')).toContain(drill.id);
    expect(ids(['hammer', 'drill'], 'en')).toContain(drill.id);
    expect(ids(['schlagbohrer'], 'en')).not.toContain(drill.id);
  });

  test('the same file again changes nothing and publishes nothing', async () => {
    const before = await publishCount(ctx.db);
    const result = await importFiles(ctx.db, ['bmecat-2005-new.xml']);
    expect(result.counts).toMatchObject({ read: 13, created: 0, updated: 0, deleted: 0, unchanged: 13, refused: 0 });
    expect(result.changed).toBe(false);
    expect(result.published).toBeNull();
    expect(result.newFilters).toEqual([]);
    expect(await publishCount(ctx.db)).toBe(before);
  });

  test('a picture replaced under the same file name changes its product; the same folder again changes nothing', async () => {
    // A copy of the catalogue's folder, its files' dates kept: the same files as the first import read.
    const folder = mkdtempSync(join(tmpdir(), 'storefront-import-copy-'));
    try {
      cpSync(fixtures, folder, { recursive: true, preserveTimestamps: true });
      const fromCopy = () =>
        runImport(
          ctx.db,
          [{ name: 'bmecat-2005-new.xml', folder, open: () => createReadStream(join(folder, 'bmecat-2005-new.xml')) }],
          { actor: cli, today: TODAY },
        );
      expect((await fromCopy()).counts).toMatchObject({ updated: 0, unchanged: 13 });
      const before = await productBySku(ctx.db, 'SB-750');
      // The merchant's new photo of the drill, saved over the old file.
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
        .jpeg()
        .toBuffer();
      writeFileSync(join(folder, 'images/drill-750.jpg'), photo);
      const replaced = await fromCopy();
      expect(replaced.counts).toMatchObject({ updated: 1, unchanged: 12, refused: 0 });
      const after = await productBySku(ctx.db, 'SB-750');
      expect(after.coverImage).toMatch(/^\/images\/m\/[a-f0-9]{32}\.jpg$/);
      expect(after.coverImage).not.toBe(before.coverImage);
      expect((await fromCopy()).counts).toMatchObject({ updated: 0, unchanged: 13 });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('a filter an editor took out stays out when the file comes again', async () => {
    const setting = (await filterSetting(ctx.db))!;
    const [removed, ...kept] = setting.filters;
    await ctx.db
      .update(contentBlocks)
      .set({ config: { ...setting, filters: kept } })
      .where(and(eq(contentBlocks.type, 'setting'), eq(contentBlocks.identifier, 'attributes')));
    const result = await importFiles(ctx.db, ['bmecat-2005-new.xml']);
    expect(result.newFilters).toEqual([]);
    expect((await filterSetting(ctx.db))!.filters).not.toContain(removed);
  });

  test('--check and --strict change nothing', async () => {
    const productsBefore = (await ctx.db.select({ n: count() }).from(products))[0]!.n;
    const checked = await importFiles(ctx.db, ['bmecat-1.2.xml'], { check: true });
    expect(checked.counts.created).toBeGreaterThan(0);
    expect(checked.changed).toBe(false);
    const strict = await importFiles(ctx.db, ['bmecat-3-bad.xml'], { strict: true });
    expect(strict.counts.refused).toBe(3);
    expect(strict.changed).toBe(false);
    expect((await ctx.db.select({ n: count() }).from(products))[0]!.n).toBe(productsBefore);
  });

  test('a file with 3 bad products: exactly those 3 are reported with their lines, the other 5 are live', async () => {
    const result = await importFiles(ctx.db, ['bmecat-3-bad.xml']);
    expect(result.counts).toMatchObject({ read: 8, created: 5, refused: 3 });
    expect(refusedIds(result)).toHaveLength(3);
    for (const line of result.report)
      expect(line).toMatchObject({ file: 'bmecat-3-bad.xml', line: expect.any(Number), reason: expect.any(String) });
    for (const id of refusedIds(result))
      expect(await ctx.db.select().from(products).where(eq(products.sku, id))).toEqual([]);
  });

  test('updates, deletions and price updates', async () => {
    const result = await importFiles(ctx.db, ['bmecat-2005-update.xml', 'bmecat-2005-prices.xml']);
    expect(result.report).toEqual([]);
    expect(result.counts.deleted).toBe(1);
    expect((await productBySku(ctx.db, 'SP-4X40')).isActive).toBe(false);
    expect(result.published).not.toBeNull();
  });

  test('entity expansion and external entities are refused and change nothing', async () => {
    for (const name of ['bmecat-entities.xml', 'bmecat-xxe.xml']) {
      const result = await importFiles(ctx.db, [name]);
      expect(result.counts).toMatchObject({ created: 0, updated: 0, refused: 1 });
      expect(result.report[0]!.reason).toMatch(/entit/i);
    }
  });

  test('CSV as German Excel saves it, after its categories: decimal commas, tiers, features, variants', async () => {
    const result = await importFiles(ctx.db, ['categories.csv', 'products-excel-de.csv']);
    expect(result.status).toBe('done');
    const drill = await productBySku(ctx.db, 'BM-2000');
    const [price] = await ctx.db.select().from(prices).where(eq(prices.productId, drill.id));
    expect(price!.regularCents).toBe(123450);
    const tiers = await ctx.db
      .select({ min: priceTiers.minQuantity, cents: priceTiers.cents })
      .from(priceTiers)
      .where(eq(priceTiers.productId, drill.id))
      .orderBy(asc(priceTiers.minQuantity));
    expect(tiers).toEqual([
      { min: 10, cents: 115000 },
      { min: 50, cents: 109990 },
    ]);
    const [name] = await ctx.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, drill.id), eq(productTranslations.locale, 'de')));
    expect(name!.name).toBe('Bohrmaschine 2000 W');
  });

  test('a price file sets a special price with its last day; the same file again changes nothing', async () => {
    const drill = await productBySku(ctx.db, 'BM-2000');
    const result = await importFiles(ctx.db, ['special-prices.csv']);
    expect(result.status).toBe('done');
    const special = () =>
      ctx.db
        .select({ regular: prices.regularCents, special: prices.specialCents, until: prices.specialUntil })
        .from(prices)
        .innerJoin(priceLists, eq(priceLists.id, prices.priceListId))
        .where(and(eq(prices.productId, drill.id), eq(priceLists.code, 'base')));
    expect(await special()).toEqual([{ regular: 123450, special: 99900, until: '2027-03-31' }]);
    const published = await publishCount(ctx.db);
    await importFiles(ctx.db, ['special-prices.csv']);
    expect(await publishCount(ctx.db)).toBe(published);
  });

  test('stock from the ERP: 404 naming unknown skus and nothing changed, else one transaction', async () => {
    const drill = await productBySku(ctx.db, 'SB-750');
    const refused = await applyStockDelta(ctx.db, cli, [
      { sku: 'SB-750', stock: 7 },
      { sku: 'NO-SUCH-SKU', stock: 1 },
    ]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    expect((refused as ApiError).details).toEqual({ missing: ['NO-SUCH-SKU'] });
    const [untouched] = await ctx.db.select().from(stock).where(eq(stock.productId, drill.id));
    expect(untouched!.effectiveStock).not.toBe(7);

    const applied = await applyStockDelta(ctx.db, cli, [
      { sku: 'sb-750', stock: 7 },
      { sku: 'BS-HSS-8', stock: 0 },
    ]);
    expect(applied.updated + applied.unchanged).toBe(2);
    const [now] = await ctx.db.select().from(stock).where(eq(stock.productId, drill.id));
    expect(now!.effectiveStock).toBe(7);
    const again = await applyStockDelta(ctx.db, cli, [{ sku: 'SB-750', stock: 7 }]);
    expect(again).toMatchObject({ updated: 0, unchanged: 1, published: null });
  });
});
