// What an import looks up over and over (categories by group id, price lists by code, products by
// sku), read once and kept for the run. A rolled-back record may have created one of them, so the
// importer forgets everything whenever a record or a batch is rolled back.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, categoryTranslations, priceLists, products } from '../db/schema.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export interface KnownCategory {
  id: number;
  idPath: string;
  depth: number;
  parentId: number | null;
  slugPaths: Partial<Record<Locale, string>>;
}

export class ImportContext {
  private readonly categoryCache = new Map<string, KnownCategory | null>();
  private readonly priceListCache = new Map<string, number>();
  private readonly productCache = new Map<string, number | null>();
  /**
   * Attributes the run's features created. Kept across roll-backs (unlike the caches): which of them
   * still exist is asked once the run has committed (src/lib/server/import/feature-filters.ts).
   */
  readonly createdAttributes = new Set<string>();

  forget(): void {
    this.categoryCache.clear();
    this.priceListCache.clear();
    this.productCache.clear();
  }

  async category(tx: Db, externalId: string): Promise<KnownCategory | null> {
    const cached = this.categoryCache.get(externalId);
    if (cached !== undefined) return cached;
    const rows = await tx
      .select({
        id: categories.id,
        idPath: categories.idPath,
        depth: categories.depth,
        parentId: categories.parentId,
        locale: categoryTranslations.locale,
        slugPath: categoryTranslations.slugPath,
      })
      .from(categories)
      .leftJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
      .where(eq(categories.externalId, externalId));
    const [first] = rows;
    const known = first
      ? {
          id: first.id,
          idPath: first.idPath,
          depth: first.depth,
          parentId: first.parentId,
          slugPaths: Object.fromEntries(rows.flatMap((r) => (r.locale ? [[r.locale, r.slugPath]] : []))),
        }
      : null;
    this.categoryCache.set(externalId, known);
    return known;
  }

  rememberCategory(externalId: string, category: KnownCategory): void {
    this.categoryCache.set(externalId, category);
  }

  /** The id of a price list, created (named after its code) when the file is the first to use it. */
  async priceList(tx: Db, code: string): Promise<number> {
    const known = await this.knownPriceList(tx, code);
    if (known !== null) return known;
    await tx.insert(priceLists).values({ code, name: code }).onConflictDoNothing({ target: priceLists.code });
    return (await this.knownPriceList(tx, code))!;
  }

  /** The id of an existing price list, or null: a customer is assigned to a list, never creates one. */
  async knownPriceList(tx: Db, code: string): Promise<number | null> {
    const cached = this.priceListCache.get(code);
    if (cached !== undefined) return cached;
    const [row] = await tx.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.code, code));
    if (row) this.priceListCache.set(code, row.id);
    return row?.id ?? null;
  }

  async productId(tx: Db, sku: string): Promise<number | null> {
    const key = sku.toLowerCase();
    const cached = this.productCache.get(key);
    if (cached !== undefined) return cached;
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(sql`lower(${products.sku})`, key));
    this.productCache.set(key, row?.id ?? null);
    return row?.id ?? null;
  }

  rememberProduct(sku: string, id: number): void {
    this.productCache.set(sku.toLowerCase(), id);
  }
}
