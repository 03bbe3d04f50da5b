// Products from an import, matched on their sku and written a batch at a time: a dozen set-based
// statements per batch instead of two dozen per product (a 100,000-product catalogue took over an
// hour one product at a time). A record's digest is stored with the product, so a record that has
// not changed since the last import writes nothing and publishes nothing. What can be checked before
// writing (parents, categories, prices) refuses a record alone; the importer bisects a batch whose
// statements the database refuses, down to the one record it refuses.
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { z } from 'astro/zod';
import type { Db } from '../db/client.ts';
import { literalList, literalRows, rows } from '../db/index.ts';
import { products } from '../db/schema.ts';
import type { ImportProduct, SourcePosition } from '#lib/import/record-contract.ts';
import type { ImportContext } from './context.ts';
import { writeFeatures } from './feature-writes.ts';
import type { MediaFiles } from './media-sources.ts';
import { productMedia, type ProductMedia } from './product-media.ts';
import { priceRows, writePrices, type PriceRow } from './price-writes.ts';
import { RecordRefused, type Outcome, type ReportLine } from './report.ts';
import { translationRows } from './product-texts.ts';

export interface ProductItem {
  at: SourcePosition;
  record: ImportProduct;
  media: MediaFiles | undefined;
}

interface ProductChange {
  outcome: Outcome;
  id: number;
  /** Categories that list it now or listed it before (their listings change). */
  categories: number[];
  /** Whether its references (accessories, included items) must be written once all products are in. */
  references: boolean;
  /** Pictures or data sheets that could not be read (the product was imported without them). */
  notes: Omit<ReportLine, 'file' | 'line'>[];
}

export type ProductResult = { change: ProductChange } | { refused: RecordRefused };

/**
 * A record's digest, with the versions of the files it names (media-sources.ts): a record without
 * pictures or data sheets keeps the digest it had before files counted.
 */
const digestOf = (record: ImportProduct, fileVersions: readonly string[]): string =>
  createHash('sha256')
    .update(JSON.stringify(record))
    .update(fileVersions.length > 0 ? `\n${fileVersions.join('\n')}` : '')
    .digest('base64url');

/** The versions of the files a record names, in its order. */
async function fileVersions({ record, media }: ProductItem): Promise<string[]> {
  const sources = [...record.images, ...record.documents].map((file) => file.source);
  return media ? Promise.all(sources.map((source) => media.version(source))) : [];
}

const ExistingRow = z.object({ id: z.number(), key: z.string(), digest: z.string().nullable(), active: z.boolean() });
const IdRow = z.object({ id: z.number(), key: z.string() });
const PlacedRow = z.object({ product_id: z.number(), category_id: z.number(), is_primary: z.boolean() });

/** A changed record, checked and ready to write. */
interface Plan {
  index: number;
  key: string;
  record: ImportProduct;
  digest: string;
  existed: boolean;
  categories: number[] | null;
  prices: PriceRow[];
  media: ProductMedia;
  id?: number;
}

export async function categoryIds(tx: Db, groups: readonly string[], ctx: ImportContext): Promise<number[]> {
  const ids: number[] = [];
  for (const group of groups) {
    const known = await ctx.category(tx, group);
    if (!known) throw new RecordRefused('categories', `The category ${group} is not known: import it first.`);
    if (!ids.includes(known.id)) ids.push(known.id);
  }
  return ids;
}

/** Checks what can be checked before writing; throws RecordRefused for the record alone. */
async function plan(
  tx: Db,
  item: ProductItem,
  index: number,
  existing: z.infer<typeof ExistingRow> | undefined,
  planned: ReadonlySet<string>,
  ctx: ImportContext,
  digest: string,
): Promise<Plan> {
  const { record } = item;
  const key = record.sku.toLowerCase();
  const parent = record.parentSku?.toLowerCase();
  if (parent === key) throw new RecordRefused('parentSku', 'A product cannot be its own variant.');
  if (parent !== undefined && !planned.has(parent) && (await ctx.productId(tx, parent)) === null)
    throw new RecordRefused(
      'parentSku',
      `The parent product ${record.parentSku} is not known: list it before its variants.`,
    );
  const categories = record.categories ? await categoryIds(tx, record.categories, ctx) : null;
  const prices = await priceRows(tx, record.prices, ctx);
  return {
    index,
    key,
    record,
    digest,
    existed: existing !== undefined,
    categories,
    prices,
    media: await productMedia(record, item.media),
  };
}

/** Inserts or updates the products' own rows; returns their ids by lower-cased sku. */
async function upsertProducts(tx: Db, plans: readonly Plan[]): Promise<Map<string, number>> {
  const now = new Date();
  const values = plans.map(({ record: r, digest, categories, media }) => [
    r.sku,
    r.sku,
    true,
    r.gtin ?? null,
    r.manufacturerName ?? null,
    r.manufacturerPid ?? null,
    r.orderUnit,
    r.contentUnit ?? null,
    r.unitsPerOrderUnit ?? null,
    r.minQuantity,
    r.quantityStep,
    r.deliveryDays ?? null,
    r.taxPercent ?? null,
    r.classification ?? null,
    media.images[0] ?? null,
    media.images,
    media.documents,
    categories?.[0] ?? null,
    digest,
    now,
  ]);
  const written = await rows(
    tx,
    IdRow,
    sql`INSERT INTO products (sku, itemnum, is_active, gtin, manufacturer_name, manufacturer_pid, order_unit,
      content_unit, units_per_order_unit, min_quantity, quantity_step, delivery_days, tax_percent, classification,
      cover_image, gallery, documents, primary_category_id, import_digest, updated_at)
    VALUES ${literalRows(values)}
    ON CONFLICT (lower(sku)) DO UPDATE SET itemnum = excluded.itemnum, is_active = true, gtin = excluded.gtin,
      manufacturer_name = excluded.manufacturer_name, manufacturer_pid = excluded.manufacturer_pid,
      order_unit = excluded.order_unit, content_unit = excluded.content_unit,
      units_per_order_unit = excluded.units_per_order_unit, min_quantity = excluded.min_quantity,
      quantity_step = excluded.quantity_step, delivery_days = excluded.delivery_days,
      tax_percent = excluded.tax_percent, classification = excluded.classification,
      -- A record without pictures keeps the product's own (the demo's, or ones set in the shop).
      cover_image = coalesce(excluded.cover_image, products.cover_image),
      gallery = CASE WHEN excluded.cover_image IS NULL THEN products.gallery ELSE excluded.gallery END,
      documents = excluded.documents,
      primary_category_id = coalesce(excluded.primary_category_id, products.primary_category_id),
      parent_id = NULL, original_id = NULL,
      import_digest = excluded.import_digest, updated_at = excluded.updated_at
    RETURNING id, lower(sku) AS key`,
  );
  return new Map(written.map((w) => [w.key, w.id]));
}

/** Variants point at their parents (which may have been written in the same batch). */
async function linkParents(tx: Db, plans: readonly Plan[]): Promise<void> {
  const links = plans.filter((p) => p.record.parentSku).map((p) => [p.id!, p.record.parentSku!.toLowerCase()]);
  if (links.length === 0) return;
  await tx.execute(sql`UPDATE products c SET parent_id = p.id, original_id = p.id
    FROM (VALUES ${literalRows(links)}) AS v(child, parent) JOIN products p ON lower(p.sku) = v.parent
    WHERE c.id = v.child`);
}

async function writeStock(tx: Db, plans: readonly Plan[]): Promise<void> {
  const created = plans.filter((p) => !p.existed).map((p) => [p.id!]);
  // A new product is not available until the file or the ERP says how many there are.
  if (created.length > 0)
    await tx.execute(sql`INSERT INTO stock (product_id, effective_stock) SELECT v.id, 0
      FROM (VALUES ${literalRows(created)}) AS v(id) ON CONFLICT DO NOTHING`);
  const given = plans.filter((p) => p.record.stock !== undefined).map((p) => [p.id!, p.record.stock!]);
  if (given.length > 0)
    await tx.execute(sql`INSERT INTO stock (product_id, effective_stock) VALUES ${literalRows(given)}
      ON CONFLICT (product_id) DO UPDATE SET effective_stock = excluded.effective_stock, updated_at = now()
      WHERE stock.effective_stock IS DISTINCT FROM excluded.effective_stock`);
}

/** Puts each product in exactly its categories (the first its main one); returns, per product, the categories whose listings change. */
export async function placeProducts(
  tx: Db,
  placements: readonly { id: number; categories: readonly number[] }[],
): Promise<Map<number, number[]>> {
  const touched = new Map<number, number[]>();
  if (placements.length === 0) return touched;
  const ids = placements.map((p) => p.id);
  const before = await rows(
    tx,
    PlacedRow,
    sql`SELECT product_id, category_id, is_primary FROM product_categories WHERE product_id IN (${literalList(ids)})`,
  );
  const changed = placements.filter(({ id, categories: wanted }) => {
    const now = before.filter((b) => b.product_id === id);
    const same =
      now.length === wanted.length &&
      now.find((b) => b.is_primary)?.category_id === wanted[0] &&
      now.every((b) => wanted.includes(b.category_id));
    if (!same) touched.set(id, [...new Set([...now.map((b) => b.category_id), ...wanted])]);
    return !same;
  });
  if (changed.length === 0) return touched;
  await tx.execute(sql`DELETE FROM product_categories WHERE product_id IN (${literalList(changed.map((c) => c.id))})`);
  await tx.execute(sql`INSERT INTO product_categories (product_id, category_id, is_primary)
    VALUES ${literalRows(changed.flatMap(({ id, categories }) => categories.map((c, i) => [id, c, i === 0])))}`);
  await tx.execute(sql`UPDATE products p SET primary_category_id = v.category, updated_at = now()
    FROM (VALUES ${literalRows(changed.map((c) => [c.id, c.categories[0]!]))}) AS v(id, category) WHERE p.id = v.id`);
  return touched;
}

/** Applies a batch of product records; one result per item, in order. */
export async function applyProducts(
  tx: Db,
  items: readonly ProductItem[],
  ctx: ImportContext,
): Promise<ProductResult[]> {
  const results: ProductResult[] = new Array(items.length);
  const keys = items.map((i) => i.record.sku.toLowerCase());
  const existing = new Map(
    (
      await rows(
        tx,
        ExistingRow,
        sql`SELECT id, lower(sku) AS key, import_digest AS digest, is_active AS active FROM products
          WHERE lower(sku) IN (${literalList([...new Set(keys)])})`,
      )
    ).map((e) => [e.key, e]),
  );
  const plans: Plan[] = [];
  const planned = new Set<string>();
  const later: number[] = [];
  for (const [index, item] of items.entries()) {
    const key = keys[index]!;
    // The same sku twice in one batch: the later record is applied after this batch, over the earlier.
    if (planned.has(key)) {
      later.push(index);
      continue;
    }
    const known = existing.get(key);
    const digest = digestOf(item.record, await fileVersions(item));
    if (known && known.active && known.digest === digest) {
      results[index] = { change: { outcome: 'unchanged', id: known.id, categories: [], references: false, notes: [] } };
      continue;
    }
    try {
      plans.push(await plan(tx, item, index, known, planned, ctx, digest));
      planned.add(key);
    } catch (error) {
      if (!(error instanceof RecordRefused)) throw error;
      results[index] = { refused: error };
    }
  }
  if (plans.length > 0) {
    const ids = await upsertProducts(tx, plans);
    for (const p of plans) {
      p.id = ids.get(p.key)!;
      ctx.rememberProduct(p.record.sku, p.id);
    }
    await linkParents(tx, plans);
    await writeStock(tx, plans);
    await translationRows(
      tx,
      plans.map((p) => ({ id: p.id!, sku: p.record.sku, texts: p.record.texts })),
    );
    const placed = await placeProducts(
      tx,
      plans.filter((p) => p.categories).map((p) => ({ id: p.id!, categories: p.categories! })),
    );
    const created = await writeFeatures(
      tx,
      plans.map((p) => ({ id: p.id!, features: p.record.features })),
    );
    for (const code of created) ctx.createdAttributes.add(code);
    await writePrices(
      tx,
      plans.map((p) => ({ id: p.id!, prices: p.prices })),
    );
    for (const p of plans)
      results[p.index] = {
        change: {
          outcome: p.existed ? 'updated' : 'created',
          id: p.id!,
          categories: placed.get(p.id!) ?? [],
          references: true,
          notes: p.media.notes,
        },
      };
  }
  if (later.length > 0) {
    const again = await applyProducts(
      tx,
      later.map((i) => items[i]!),
      ctx,
    );
    later.forEach((i, n) => (results[i] = again[n]!));
  }
  return results;
}

/** A deleted product is taken off sale (its orders keep their lines); importing it again brings it back. */
export async function applyDeletion(
  tx: Db,
  sku: string,
  ctx: ImportContext,
): Promise<{ outcome: Outcome; id: number }> {
  const id = await knownProduct(tx, sku, ctx);
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
