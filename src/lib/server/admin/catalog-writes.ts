// The content API's product and category updates for a PIM or an import script: texts per language
// and a product's categories. Only the fields sent change; every write is audited and published as
// the product or category, so its pages, the listings that show it and the search index follow.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, categoryTranslations, productCategories, products, productTranslations } from '../db/schema.ts';
import { ApiError } from '../http.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { publishAndPurge } from '../publish/index.ts';
import { slugify } from '#lib/catalog/slug.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { CategoryUpdate, ProductUpdate } from '#lib/admin/content-api-contract.ts';
import { audit, type Actor } from './audit.ts';

const definedOnly = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
const sanitized = (html: string | null | undefined) =>
  html === undefined || html === null ? html : sanitizeCmsHtml(html);

const entries = <V>(record: Partial<Record<Locale, V>> | undefined) => Object.entries(record ?? {}) as [Locale, V][];

export async function updateProduct(
  db: Db,
  actor: Actor,
  sku: string,
  update: ProductUpdate,
): Promise<{ id: number; sku: string }> {
  const { id, touched } = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(eq(sql`lower(${products.sku})`, sku.toLowerCase()))
      .for('update');
    if (!product) throw new ApiError('PRODUCT_NOT_FOUND', `There is no product ${sku}.`, 404);
    for (const [locale, fields] of entries(update.texts)) {
      const set = definedOnly({ ...fields, description: sanitized(fields.description) });
      if (Object.keys(set).length === 0) continue;
      const changed = await tx
        .update(productTranslations)
        .set(set)
        .where(and(eq(productTranslations.productId, product.id), eq(productTranslations.locale, locale)))
        .returning({ id: productTranslations.productId });
      if (changed.length > 0) continue;
      if (!fields.name)
        throw new ApiError(
          'VALIDATION_FAILED',
          `texts.${locale}.name: the product has no ${locale} text yet, so it needs a name`,
          400,
          [{ path: `texts.${locale}.name`, message: 'required for a new language' }],
        );
      await tx.insert(productTranslations).values({
        productId: product.id,
        locale,
        ...set,
        name: fields.name,
        slug: slugify(fields.name) || product.sku.toLowerCase(),
      });
    }
    let touched: number[] = [];
    if (update.categories) {
      const wanted = [...new Set(update.categories)];
      const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted));
      const missing = wanted.filter((c) => !found.some((f) => f.id === c));
      if (missing.length > 0)
        throw new ApiError('CATEGORY_NOT_FOUND', `There is no category ${missing.join(', ')}.`, 404, { missing });
      const before = await tx
        .delete(productCategories)
        .where(eq(productCategories.productId, product.id))
        .returning({ id: productCategories.categoryId });
      await tx
        .insert(productCategories)
        .values(wanted.map((categoryId, i) => ({ productId: product.id, categoryId, isPrimary: i === 0 })));
      await tx
        .update(products)
        .set({ primaryCategoryId: wanted[0]!, updatedAt: new Date() })
        .where(eq(products.id, product.id));
      touched = [...new Set([...before.map((b) => b.id), ...wanted])];
    }
    await audit(tx, actor, {
      action: 'api.product',
      target: `product:${product.sku}`,
      details: { locales: Object.keys(update.texts ?? {}), categories: update.categories ?? null },
    });
    return { id: product.id, touched };
  });
  // The categories it left and joined list it (the product's own tags cover the ones it stays in).
  await publishAndPurge(
    { products: [id], ...(touched.length > 0 ? { categories: touched } : {}) },
    { source: 'import' },
  );
  return { id, sku };
}

export async function updateCategory(db: Db, actor: Actor, id: number, update: CategoryUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!category) throw new ApiError('CATEGORY_NOT_FOUND', `There is no category ${id}.`, 404);
    for (const [locale, fields] of entries(update.texts)) {
      const set = definedOnly({ ...fields, description: sanitized(fields.description) });
      if (Object.keys(set).length === 0) continue;
      const changed = await tx
        .update(categoryTranslations)
        .set(set)
        .where(and(eq(categoryTranslations.categoryId, id), eq(categoryTranslations.locale, locale)))
        .returning({ id: categoryTranslations.categoryId });
      if (changed.length === 0)
        throw new ApiError('CATEGORY_NOT_FOUND', `Category ${id} has no ${locale} version to change.`, 404);
    }
    await audit(tx, actor, {
      action: 'api.category',
      target: `category:${id}`,
      details: { locales: Object.keys(update.texts) },
    });
  });
  await publishAndPurge({ categories: [id] }, { source: 'import' });
}
