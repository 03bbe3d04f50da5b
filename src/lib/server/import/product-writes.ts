// Products from an import, matched on their sku. A record's digest is stored with the product, so a
// record that has not changed since the last import writes nothing and publishes nothing.
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { productCategories, products, productTranslations, stock } from '../db/schema.ts';
import { sanitizeCmsHtml } from '../sanitize.ts';
import { slugify } from '#lib/catalog/slug.ts';
import { LOCALES } from '#lib/i18n/locales.ts';
import type { ImportProduct } from '#lib/import/record.ts';
import type { ImportContext } from './context.ts';
import { replaceFeatures } from './feature-writes.ts';
import { inEveryLocale } from './locales.ts';
import { replacePrices, setStock } from './price-writes.ts';
import type { MediaFiles } from './media-sources.ts';
import { productMedia } from './product-media.ts';
import { RecordRefused, type Outcome, type ReportLine } from './report.ts';

export interface ProductChange {
  outcome: Outcome;
  id: number;
  /** Categories that list it now or listed it before (their listings change). */
  categories: number[];
  /** Whether its references (accessories, included items) must be written once all products are in. */
  references: boolean;
  /** Pictures or data sheets that could not be read (the product was imported without them). */
  notes: Omit<ReportLine, 'file' | 'line'>[];
}

const digestOf = (record: ImportProduct): string =>
  createHash('sha256').update(JSON.stringify(record)).digest('base64url');

async function categoryIds(tx: Db, groups: readonly string[], ctx: ImportContext): Promise<number[]> {
  const ids: number[] = [];
  for (const group of groups) {
    const known = await ctx.category(tx, group);
    if (!known) throw new RecordRefused('categories', `The category ${group} is not known: import it first.`);
    if (!ids.includes(known.id)) ids.push(known.id);
  }
  return ids;
}

/** Puts the product in exactly these categories (the first its main one); returns those whose listings change. */
export async function placeProduct(tx: Db, productId: number, wanted: readonly number[]): Promise<number[]> {
  const before = await tx
    .select({ id: productCategories.categoryId, primary: productCategories.isPrimary })
    .from(productCategories)
    .where(eq(productCategories.productId, productId));
  const primaryBefore = before.find((b) => b.primary)?.id;
  const same =
    before.length === wanted.length && primaryBefore === wanted[0] && before.every((b) => wanted.includes(b.id));
  if (same) return [];
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx
    .insert(productCategories)
    .values(wanted.map((categoryId, i) => ({ productId, categoryId, isPrimary: i === 0 })));
  await tx
    .update(products)
    .set({ primaryCategoryId: wanted[0]!, updatedAt: new Date() })
    .where(eq(products.id, productId));
  return [...new Set([...before.map((b) => b.id), ...wanted])];
}

export async function applyProduct(
  tx: Db,
  record: ImportProduct,
  ctx: ImportContext,
  media: MediaFiles | undefined,
): Promise<ProductChange> {
  const digest = digestOf(record);
  const [existing] = await tx
    .select({ id: products.id, digest: products.importDigest, active: products.isActive })
    .from(products)
    .where(eq(sql`lower(${products.sku})`, record.sku.toLowerCase()));
  if (existing && existing.digest === digest && existing.active)
    return { outcome: 'unchanged', id: existing.id, categories: [], references: false, notes: [] };

  const parentId = record.parentSku === undefined ? null : await ctx.productId(tx, record.parentSku);
  if (record.parentSku !== undefined && parentId === null)
    throw new RecordRefused(
      'parentSku',
      `The parent product ${record.parentSku} is not known: list it before its variants.`,
    );
  if (parentId !== null && parentId === existing?.id)
    throw new RecordRefused('parentSku', 'A product cannot be its own variant.');
  const wantedCategories = record.categories ? await categoryIds(tx, record.categories, ctx) : null;
  const { images, documents, notes } = await productMedia(record, media);

  const columns = {
    itemnum: record.sku,
    parentId,
    isActive: true,
    gtin: record.gtin ?? null,
    manufacturerName: record.manufacturerName ?? null,
    manufacturerPid: record.manufacturerPid ?? null,
    orderUnit: record.orderUnit,
    contentUnit: record.contentUnit ?? null,
    unitsPerOrderUnit: record.unitsPerOrderUnit ?? null,
    minQuantity: record.minQuantity,
    quantityStep: record.quantityStep,
    deliveryDays: record.deliveryDays ?? null,
    taxPercent: record.taxPercent ?? null,
    classification: record.classification ?? null,
    // A record without pictures leaves the product's own (the demo's, or ones set in the shop).
    ...(images.length > 0 ? { coverImage: images[0]!, gallery: images } : {}),
    documents,
    importDigest: digest,
    updatedAt: new Date(),
  };
  let id: number;
  if (existing) {
    id = existing.id;
    await tx.update(products).set(columns).where(eq(products.id, id));
  } else {
    const [row] = await tx
      .insert(products)
      .values({ sku: record.sku, ...columns })
      .returning({ id: products.id });
    id = row!.id;
    ctx.rememberProduct(record.sku, id);
    // A new product is not available until the file or the ERP says how many there are.
    await tx.insert(stock).values({ productId: id, effectiveStock: 0 }).onConflictDoNothing();
  }

  const texts = inEveryLocale(record.texts);
  for (const locale of LOCALES) {
    const text = texts[locale];
    const set = {
      name: text.name,
      description: text.description === undefined ? null : sanitizeCmsHtml(text.description),
      keywords: text.keywords.length > 0 ? text.keywords.join(' ') : null,
    };
    await tx
      .insert(productTranslations)
      .values({ productId: id, locale, slug: slugify(text.name) || slugify(record.sku), ...set })
      .onConflictDoUpdate({ target: [productTranslations.productId, productTranslations.locale], set });
  }
  const touched = wantedCategories ? await placeProduct(tx, id, wantedCategories) : [];
  await replaceFeatures(tx, id, record.features);
  await replacePrices(tx, id, record.prices, ctx);
  if (record.stock !== undefined) await setStock(tx, id, record.stock);
  return { outcome: existing ? 'updated' : 'created', id, categories: touched, references: true, notes };
}

/** A deleted product is taken off sale (its orders keep their lines); importing it again brings it back. */
export async function applyDeletion(
  tx: Db,
  sku: string,
  ctx: ImportContext,
): Promise<{ outcome: Outcome; id: number }> {
  const id = await ctx.productId(tx, sku);
  if (id === null) throw new RecordRefused('sku', `There is no product ${sku} to delete.`);
  const changed = await tx
    .update(products)
    .set({ isActive: false, importDigest: null, updatedAt: new Date() })
    .where(and(eq(products.id, id), eq(products.isActive, true)))
    .returning({ id: products.id });
  return { outcome: changed.length > 0 ? 'deleted' : 'unchanged', id };
}

export async function knownProduct(tx: Db, sku: string, ctx: ImportContext): Promise<number> {
  const id = await ctx.productId(tx, sku);
  if (id === null) throw new RecordRefused('sku', `There is no product ${sku}: import the product first.`);
  return id;
}

export { categoryIds };
