// The data layer behaves the same on embedded PGlite and on PostgreSQL: migrations, extensions,
// constraints the shop relies on for correctness, joins, search and cascades.
import { readFileSync } from 'node:fs';
import { and, asc, eq, getTableName, ilike, isTable, like, sql, type Table } from 'drizzle-orm';
import { expect, test } from 'vitest';
import * as schema from '#lib/server/db/schema.ts';
import {
  attributeOptions,
  attributes,
  cartItems,
  carts,
  categories,
  categoryTranslations,
  customers,
  priceLists,
  prices,
  productAttributes,
  productCategories,
  productTranslations,
  products,
  stock,
} from '#lib/server/db/schema.ts';
import { forEachDatabase, type DatabaseContext } from '../helpers/databases.ts';
import { pgError } from '#lib/server/db/errors.ts';

const JOURNAL = new URL('../../src/lib/server/db/migrations/meta/_journal.json', import.meta.url);

async function expectUniqueViolation(promise: Promise<unknown>, constraint: string): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to reject the write`).toBeDefined();
  const cause = pgError(error);
  expect(cause?.code).toBe('23505');
  // PGlite and node-postgres both report the violated index by name.
  expect(cause?.constraint ?? cause?.message).toContain(constraint);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Inserts a product with its satellite rows; returns its id. */
async function insertProduct(ctx: DatabaseContext, sku: string, names: Record<string, string>): Promise<number> {
  const [product] = await ctx.db.insert(products).values({ sku, itemnum: sku.toUpperCase() }).returning();
  await ctx.db.insert(productTranslations).values(
    Object.entries(names).map(([locale, name]) => ({
      productId: product!.id,
      locale,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    })),
  );
  return product!.id;
}

forEachDatabase('data layer', (ctx) => {
  test('applies the migrations to an empty database and creates every table of the schema', async () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((v): v is Table => isTable(v))
      .map((t) => getTableName(t))
      .sort();
    const result = await ctx.db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const present = rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
    expect(present).toEqual(expect.arrayContaining(tables));
    expect(tables.length).toBeGreaterThan(20);
  });

  test('running the migrations again changes nothing', async () => {
    const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as {
      entries: unknown[];
    };
    await ctx.database.migrate();
    await ctx.database.migrate();
    const result = await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(rowsOf<{ n: number }>(result)[0]!.n).toBe(journal.entries.length);
  });

  test('has the pg_trgm extension for fuzzy search', async () => {
    const result = await ctx.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(rowsOf<{ extname: string }>(result)).toEqual([{ extname: 'pg_trgm' }]);
    const similarity = await ctx.db.execute(sql`select similarity('Bohrer', 'Bohrer') as s`);
    expect(Number(rowsOf<{ s: number }>(similarity)[0]!.s)).toBe(1);
  });

  test('stores a category tree and a product with texts, attributes, stock and prices, and reads them back with joins', async () => {
    const db = ctx.db;
    // Tree: Werkzeuge > Bohren > Steinbohrer, texts in two locales.
    const [root] = await db.insert(categories).values({ idPath: '', depth: 0, position: 1 }).returning();
    await db
      .update(categories)
      .set({ idPath: `${root!.id}` })
      .where(eq(categories.id, root!.id));
    const [drilling] = await db.insert(categories).values({ parentId: root!.id, idPath: '', depth: 1 }).returning();
    await db
      .update(categories)
      .set({ idPath: `${root!.id}/${drilling!.id}` })
      .where(eq(categories.id, drilling!.id));
    const [masonry] = await db
      .insert(categories)
      .values({ parentId: drilling!.id, idPath: `${root!.id}/${drilling!.id}/0`, depth: 2 })
      .returning();
    const masonryPath = `${root!.id}/${drilling!.id}/${masonry!.id}`;
    await db.update(categories).set({ idPath: masonryPath }).where(eq(categories.id, masonry!.id));
    await db.insert(categoryTranslations).values([
      { categoryId: root!.id, locale: 'de', name: 'Werkzeuge', slug: 'werkzeuge', slugPath: 'werkzeuge' },
      { categoryId: root!.id, locale: 'en', name: 'Tools', slug: 'tools', slugPath: 'tools' },
      { categoryId: drilling!.id, locale: 'de', name: 'Bohren', slug: 'bohren', slugPath: 'werkzeuge/bohren' },
      { categoryId: drilling!.id, locale: 'en', name: 'Drilling', slug: 'drilling', slugPath: 'tools/drilling' },
      {
        categoryId: masonry!.id,
        locale: 'de',
        name: 'Steinbohrer',
        slug: 'steinbohrer',
        slugPath: 'werkzeuge/bohren/steinbohrer',
      },
      {
        categoryId: masonry!.id,
        locale: 'en',
        name: 'Masonry drills',
        slug: 'masonry-drills',
        slugPath: 'tools/drilling/masonry-drills',
      },
    ]);

    const [product] = await db
      .insert(products)
      .values({
        sku: 'SB-8-120',
        itemnum: '4711-08',
        primaryCategoryId: masonry!.id,
        gallery: ['/img/sb-8-120-1.jpg', '/img/sb-8-120-2.jpg'],
      })
      .returning();
    await db.insert(productTranslations).values([
      { productId: product!.id, locale: 'de', name: 'Steinbohrer 8 × 120 mm', slug: 'steinbohrer-8x120' },
      { productId: product!.id, locale: 'en', name: 'Masonry drill 8 × 120 mm', slug: 'masonry-drill-8x120' },
    ]);
    await db.insert(productCategories).values({ productId: product!.id, categoryId: masonry!.id, isPrimary: true });
    await db.insert(attributes).values({
      code: 'diameter',
      type: 'select',
      labels: { de: 'Durchmesser', en: 'Diameter' },
      isFilterable: true,
      unit: 'mm',
    });
    await db
      .insert(attributeOptions)
      .values({ attributeCode: 'diameter', value: '8', labels: { de: '8 mm', en: '8 mm' } });
    await db.insert(productAttributes).values({ productId: product!.id, attributeCode: 'diameter', value: '8' });
    await db.insert(stock).values({ productId: product!.id, effectiveStock: 12, externalStock: 40 });
    const [base] = await db.insert(priceLists).values({ code: 'base', name: 'Listenpreis' }).returning();
    await db.insert(prices).values([
      { priceListId: base!.id, productId: product!.id, currency: 'EUR', regularCents: 1299, specialCents: 999 },
      { priceListId: base!.id, productId: product!.id, currency: 'GBP', regularCents: 1149 },
    ]);

    // A category page in English: products of the subtree with name, stock and price in one query.
    const rows = await db
      .select({
        sku: products.sku,
        gallery: products.gallery,
        name: productTranslations.name,
        category: categoryTranslations.slugPath,
        stock: stock.effectiveStock,
        externalStock: stock.externalStock,
        regular: prices.regularCents,
        special: prices.specialCents,
      })
      .from(products)
      .innerJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, 'en')),
      )
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, 'en')),
      )
      .leftJoin(stock, eq(stock.productId, products.id))
      .leftJoin(
        prices,
        and(eq(prices.productId, products.id), eq(prices.priceListId, base!.id), eq(prices.currency, 'EUR')),
      )
      .where(like(categories.idPath, `${root!.id}/%`));
    expect(rows).toEqual([
      {
        sku: 'SB-8-120',
        gallery: ['/img/sb-8-120-1.jpg', '/img/sb-8-120-2.jpg'],
        name: 'Masonry drill 8 × 120 mm',
        category: 'tools/drilling/masonry-drills',
        stock: 12,
        externalStock: 40,
        regular: 1299,
        special: 999,
      },
    ]);

    // Breadcrumb: the ancestors named in German, from the materialised path.
    const ancestorIds = masonryPath.split('/').map(Number);
    const crumbs = await db
      .select({ name: categoryTranslations.name, depth: categories.depth })
      .from(categories)
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, 'de')),
      )
      .where(sql`${categories.id} in ${ancestorIds}`)
      .orderBy(asc(categories.depth));
    expect(crumbs.map((c) => c.name)).toEqual(['Werkzeuge', 'Bohren', 'Steinbohrer']);

    // Facet labels come back as the jsonb maps they were stored as.
    const facets = await db
      .select({ label: attributes.labels, option: attributeOptions.labels, unit: attributes.unit })
      .from(productAttributes)
      .innerJoin(attributes, eq(attributes.code, productAttributes.attributeCode))
      .innerJoin(
        attributeOptions,
        and(
          eq(attributeOptions.attributeCode, productAttributes.attributeCode),
          eq(attributeOptions.value, productAttributes.value),
        ),
      )
      .where(eq(productAttributes.productId, product!.id));
    expect(facets).toEqual([
      { label: { de: 'Durchmesser', en: 'Diameter' }, option: { de: '8 mm', en: '8 mm' }, unit: 'mm' },
    ]);

    // The category URL lookup is one indexed row per locale and slug path.
    const [bySlug] = await db
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(
        and(eq(categoryTranslations.locale, 'de'), eq(categoryTranslations.slugPath, 'werkzeuge/bohren/steinbohrer')),
      );
    expect(bySlug?.id).toBe(masonry!.id);
  });

  test('rejects a second product whose sku differs only in case', async () => {
    await ctx.db.insert(products).values({ sku: 'CASE-1', itemnum: 'C1' });
    await expectUniqueViolation(
      ctx.db.insert(products).values({ sku: 'case-1', itemnum: 'C1b' }),
      'products_sku_lower_idx',
    );
    const found = await ctx.db
      .select({ sku: products.sku })
      .from(products)
      .where(sql`lower(${products.sku}) = 'case-1'`);
    expect(found).toEqual([{ sku: 'CASE-1' }]);
  });

  test('rejects a second customer whose email differs only in case', async () => {
    await ctx.db
      .insert(customers)
      .values({ email: 'Anna.Berg@Example.com', customernum: 'K-1001', firstName: 'Anna', lastName: 'Berg' });
    await expectUniqueViolation(
      ctx.db
        .insert(customers)
        .values({ email: 'anna.berg@example.COM', customernum: 'K-1002', firstName: 'Anna', lastName: 'Berg' }),
      'customers_email_lower_idx',
    );
  });

  test('keeps one cart line per sku and accessory set', async () => {
    const productId = await insertProduct(ctx, 'LINE-1', { de: 'Akkuschrauber' });
    const [cart] = await ctx.db.insert(carts).values({}).returning();
    const [otherCart] = await ctx.db.insert(carts).values({}).returning();
    await ctx.db.insert(cartItems).values({ cartId: cart!.id, productId, sku: 'LINE-1', quantity: 1 });
    await expectUniqueViolation(
      ctx.db.insert(cartItems).values({ cartId: cart!.id, productId, sku: 'LINE-1', quantity: 2 }),
      'cart_items_line_idx',
    );
    // The same sku with accessories is a separate line; the same line in another cart is fine.
    await ctx.db.insert(cartItems).values({
      cartId: cart!.id,
      productId,
      sku: 'LINE-1',
      quantity: 1,
      accessoriesKey: 'AKKU-2,LADER-1',
      accessorySkus: ['AKKU-2', 'LADER-1'],
    });
    await ctx.db.insert(cartItems).values({ cartId: otherCart!.id, productId, sku: 'LINE-1', quantity: 5 });
    // An upsert on the line identity merges quantities instead of failing.
    await ctx.db
      .insert(cartItems)
      .values({ cartId: cart!.id, productId, sku: 'LINE-1', quantity: 3 })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.sku, cartItems.accessoriesKey],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      });
    const lines = await ctx.db
      .select({ key: cartItems.accessoriesKey, qty: cartItems.quantity, accessories: cartItems.accessorySkus })
      .from(cartItems)
      .where(eq(cartItems.cartId, cart!.id))
      .orderBy(asc(cartItems.accessoriesKey));
    expect(lines).toEqual([
      { key: '', qty: 4, accessories: [] },
      { key: 'AKKU-2,LADER-1', qty: 1, accessories: ['AKKU-2', 'LADER-1'] },
    ]);
  });

  test('finds products by similar and partial names with pg_trgm', async () => {
    await insertProduct(ctx, 'TRGM-1', { de: 'Holzbohrer' });
    await insertProduct(ctx, 'TRGM-2', { de: 'Steinbohrer SDS-plus' });
    await insertProduct(ctx, 'TRGM-3', { de: 'Schlosserhammer' });
    const inScope = sql`${productTranslations.productId} in (select id from products where sku like 'TRGM-%')`;

    const similar = await ctx.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(inScope, sql`${productTranslations.name} % 'bohrer'`));
    expect(similar.map((r) => r.name)).toEqual(['Holzbohrer']);

    const wordSimilar = await ctx.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(inScope, sql`'bohrer' <% ${productTranslations.name}`))
      .orderBy(sql`word_similarity('bohrer', ${productTranslations.name}) desc`, asc(productTranslations.name));
    expect(wordSimilar.map((r) => r.name)).toEqual(['Holzbohrer', 'Steinbohrer SDS-plus']);

    const partial = await ctx.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(inScope, ilike(productTranslations.name, '%BOHR%')))
      .orderBy(asc(productTranslations.name));
    expect(partial.map((r) => r.name)).toEqual(['Holzbohrer', 'Steinbohrer SDS-plus']);

    // A typo still finds the product.
    const typo = await ctx.db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(and(inScope, sql`${productTranslations.name} % 'Holzbohrre'`));
    expect(typo.map((r) => r.name)).toEqual(['Holzbohrer']);
  });

  test('keeps every product name folded for the search index, whoever writes it', async () => {
    const id = await insertProduct(ctx, 'FOLD-1', { de: 'Säge-Blatt, Größe 3', en: 'Saw blade' });
    const folded = async () =>
      rowsOf<{ locale: string; search_name: string }>(
        await ctx.db.execute(sql`
      select locale, search_name from product_search where product_id = ${id} order by locale`),
      );
    expect(await folded()).toEqual([
      { locale: 'de', search_name: ' saege blatt groesse 3 ' },
      { locale: 'en', search_name: ' saw blade ' },
    ]);
    await ctx.db
      .update(productTranslations)
      .set({ name: 'Kreissäge' })
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, 'de')));
    expect((await folded())[0]).toEqual({ locale: 'de', search_name: ' kreissaege ' });
    await ctx.db
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, 'en')));
    expect(await folded()).toEqual([{ locale: 'de', search_name: ' kreissaege ' }]);
  });

  test('deleting a product removes its translations, attributes, stock and prices', async () => {
    const productId = await insertProduct(ctx, 'GONE-1', { de: 'Auslaufartikel', en: 'Discontinued item' });
    await ctx.db
      .insert(attributes)
      .values({ code: 'colour', type: 'select', labels: { de: 'Farbe' } })
      .onConflictDoNothing();
    await ctx.db.insert(productAttributes).values({ productId, attributeCode: 'colour', value: 'rot' });
    await ctx.db.insert(stock).values({ productId, effectiveStock: 3 });
    const [list] = await ctx.db.insert(priceLists).values({ code: 'gone-list', name: 'Gone' }).returning();
    await ctx.db.insert(prices).values({ priceListId: list!.id, productId, currency: 'EUR', regularCents: 500 });

    await ctx.db.delete(products).where(eq(products.id, productId));

    const count = async (table: typeof productTranslations | typeof productAttributes | typeof stock | typeof prices) =>
      (
        await ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.productId, productId))
      )[0]!.n;
    expect(await count(productTranslations)).toBe(0);
    expect(await count(productAttributes)).toBe(0);
    expect(await count(stock)).toBe(0);
    expect(await count(prices)).toBe(0);
    // The attribute definition and the price list are shared and stay.
    expect(await ctx.db.select().from(attributes).where(eq(attributes.code, 'colour'))).toHaveLength(1);
    expect(await ctx.db.select().from(priceLists).where(eq(priceLists.id, list!.id))).toHaveLength(1);
  });
});

// Several app instances start at once against one PostgreSQL: every one migrates, none may fail.
forEachDatabase(
  'data layer, instances starting together',
  (ctx) => {
    test('migrate concurrently without errors and apply each migration once', async () => {
      const instances = [ctx.database, await ctx.open({ poolSize: 2 }), await ctx.open({ poolSize: 2 })];
      const results = await Promise.allSettled(instances.map((d) => d.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as {
        entries: unknown[];
      };
      const result = await ctx.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rowsOf<{ n: number }>(result)[0]!.n).toBe(journal.entries.length);
    });
  },
  { only: ['postgres'], migrate: false },
);
