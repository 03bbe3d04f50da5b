// Product reads: cards for listings and the full product for its page.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  productAccessories,
  productAttributes,
  productCategories,
  productIncluded,
  productTranslations,
  products,
} from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { categoryCrumbs } from './categories.ts';
import { describeAttributes } from './attributes.ts';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import type { CustomAttribute, ProductCard } from '#lib/catalog/contract.ts';
import type { OrderUnit } from '#lib/catalog/order-unit.ts';
import type { QuantityRule } from '#lib/catalog/order-quantity.ts';

/** Cards for the given product ids, in the order of the ids. */
export async function productCards(ids: number[], locale: Locale): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const [rows, attrs, variants] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: products.sku,
        itemnum: products.itemnum,
        image: products.coverImage,
        hidePrices: products.hidePrices,
        name: productTranslations.name,
        slug: productTranslations.slug,
      })
      .from(products)
      .innerJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
      )
      .where(inArray(products.id, ids)),
    db.select().from(productAttributes).where(inArray(productAttributes.productId, ids)),
    db
      .select({ parentId: products.parentId, sku: products.sku })
      .from(products)
      .where(and(inArray(products.parentId, ids), eq(products.isActive, true)))
      .orderBy(asc(products.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    ids
      .filter((id) => byId.has(id))
      .map(async (id) => {
        const row = byId.get(id)!;
        return {
          ...row,
          variantSkus: variants.filter((v) => v.parentId === id).map((v) => v.sku),
          attributes: await describeAttributes(
            attrs.filter((a) => a.productId === id),
            locale,
          ),
        };
      }),
  );
}

export interface ProductBreadcrumb {
  id: number;
  text: string;
  link: string;
  primary: boolean;
}

/** A product's classification (ETIM, ECLASS): its system, the system's version and the class. */
interface Classification {
  system: string;
  version?: string | undefined;
  classId: string;
}

/** A data sheet or manual: its stored file (served under /media) and its title in the page's locale. */
interface ProductDocument {
  file: string;
  title: string;
}

export interface ProductDetail {
  id: number;
  sku: string;
  slug: string;
  name: string;
  title: string | null;
  subtitle: string | null;
  description: string | null;
  itemnum: string;
  originalId: number | null;
  parentId: number | null;
  cover: string | null;
  galery: string[];
  hidePrices: boolean;
  createdAt: Date;
  custom_attributes: CustomAttribute[];
  /** One trail per category the product is in; link is the category slug path. */
  breadcrumbs: ProductBreadcrumb[][];
  variants: ProductCard[];
  accessories: ProductCard[];
  included: { itemnum: string; name: string; quantity: number }[];
  /** The product's slug in every locale, for hreflang alternates. */
  slugs: Partial<Record<Locale, string>>;
  /** GTIN (EAN) of 8, 12, 13 or 14 digits. */
  gtin: string | null;
  manufacturer: { name: string | null; pid: string | null };
  /** What one ordered quantity is (a piece, a pack of 100 pieces …). */
  unit: OrderUnit;
  /** The least that may be ordered and the step above it, in order units. */
  rule: QuantityRule;
  /** Working days until dispatch. */
  deliveryDays: number | null;
  classification: Classification | null;
  documents: ProductDocument[];
}

type ProductRow = typeof products.$inferSelect;

/** The row's trade data as the page shows it; a count below 1 from an outside writer counts as 1. */
function tradeData(row: ProductRow, locale: Locale) {
  const whole = (n: number) => (Number.isInteger(n) && n >= 1 ? n : 1);
  const classification = row.classification;
  return {
    gtin: row.gtin?.trim() || null,
    manufacturer: { name: row.manufacturerName?.trim() || null, pid: row.manufacturerPid?.trim() || null },
    unit: { orderUnit: row.orderUnit, contentUnit: row.contentUnit, unitsPerOrderUnit: row.unitsPerOrderUnit },
    rule: { min: whole(row.minQuantity), step: whole(row.quantityStep) },
    deliveryDays: row.deliveryDays,
    classification: classification?.system && classification.classId ? classification : null,
    // A title in the page's language, else the shop's default language's, else any, else the file's name.
    documents: (Array.isArray(row.documents) ? row.documents : [])
      .filter((d) => typeof d?.file === 'string' && d.file !== '')
      .map((d) => ({
        file: d.file,
        title: d.title?.[locale] ?? d.title?.[DEFAULT_LOCALE] ?? Object.values(d.title ?? {})[0] ?? d.file,
      })),
  };
}

export async function productDetail(id: number, locale: Locale): Promise<ProductDetail | null> {
  return (await productDetails([id], locale)).get(id) ?? null;
}

/**
 * A translation's text in the page's locale only: the other locales' rows give their slugs (the
 * language links), and their descriptions would only cross from the database to be dropped.
 */
const inLocale = <T>(column: AnyPgColumn, locale: Locale) =>
  sql<T>`case when ${productTranslations.locale} = ${locale} then ${column} end`;

/** Groups rows by a key, keeping their order within each group. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Full products for many ids in one round of queries; ids that are inactive, unknown or
 * untranslated are left out.
 * @internal Exported for the test that checks a batch equals single reads; pages read one product.
 */
export async function productDetails(ids: number[], locale: Locale): Promise<Map<number, ProductDetail>> {
  const result = new Map<number, ProductDetail>();
  if (ids.length === 0) return result;
  const db = await getDb();
  const rows = await db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  const found = rows.map((r) => r.id);
  if (found.length === 0) return result;
  const [translations, attrs, categoriesOf, accessoryRows, includedRows, variantRows] = await Promise.all([
    db
      .select({
        productId: productTranslations.productId,
        locale: productTranslations.locale,
        slug: productTranslations.slug,
        name: inLocale<string>(productTranslations.name, locale),
        title: inLocale<string | null>(productTranslations.title, locale),
        subtitle: inLocale<string | null>(productTranslations.subtitle, locale),
        description: inLocale<string | null>(productTranslations.description, locale),
      })
      .from(productTranslations)
      .where(inArray(productTranslations.productId, found)),
    db.select().from(productAttributes).where(inArray(productAttributes.productId, found)),
    db
      .select({
        productId: productCategories.productId,
        categoryId: productCategories.categoryId,
        isPrimary: productCategories.isPrimary,
      })
      .from(productCategories)
      .where(inArray(productCategories.productId, found)),
    db
      .select({ productId: productAccessories.productId, id: productAccessories.accessoryId })
      .from(productAccessories)
      .where(inArray(productAccessories.productId, found))
      .orderBy(asc(productAccessories.productId), asc(productAccessories.position)),
    db
      .select()
      .from(productIncluded)
      .where(inArray(productIncluded.productId, found))
      .orderBy(asc(productIncluded.productId), asc(productIncluded.position)),
    db
      .select({ parentId: products.parentId, id: products.id })
      .from(products)
      .where(and(inArray(products.parentId, found), eq(products.isActive, true)))
      .orderBy(asc(products.id)),
  ]);
  const translationsOf = groupBy(translations, (t) => t.productId);
  const attrsOf = groupBy(attrs, (a) => a.productId);
  const membershipsOf = groupBy(categoriesOf, (c) => c.productId);
  const accessoriesOf = groupBy(accessoryRows, (a) => a.productId);
  const includedOf = groupBy(includedRows, (i) => i.productId);
  const variantsOf = groupBy(variantRows, (v) => v.parentId);
  const [cards, trails] = await Promise.all([
    productCards([...new Set([...variantRows.map((v) => v.id), ...accessoryRows.map((a) => a.id)])], locale),
    breadcrumbTrails(categoriesOf, locale),
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const cardsFor = (list: { id: number }[] | undefined) => (list ?? []).flatMap((r) => cardOf.get(r.id) ?? []);
  for (const row of rows) {
    const id = row.id;
    const own = translationsOf.get(id)?.find((t) => t.locale === locale);
    if (!own) continue;
    result.set(id, {
      id,
      sku: row.sku,
      slug: own.slug,
      name: own.name,
      title: own.title,
      subtitle: own.subtitle,
      description: own.description,
      itemnum: row.itemnum,
      originalId: row.originalId,
      parentId: row.parentId,
      cover: row.coverImage,
      galery: row.gallery,
      hidePrices: row.hidePrices,
      createdAt: row.createdAt,
      custom_attributes: await describeAttributes(attrsOf.get(id) ?? [], locale),
      breadcrumbs: (membershipsOf.get(id) ?? []).map((m) =>
        trails.get(m.categoryId)!.map((crumb) => ({ ...crumb, primary: m.isPrimary })),
      ),
      variants: cardsFor(variantsOf.get(id)),
      accessories: cardsFor(accessoriesOf.get(id)),
      included: (includedOf.get(id) ?? []).map((i) => ({
        itemnum: i.itemnum,
        name: i.names[locale] ?? i.names.de ?? i.itemnum,
        quantity: i.quantity,
      })),
      slugs: Object.fromEntries((translationsOf.get(id) ?? []).map((t) => [t.locale, t.slug])),
      ...tradeData(row, locale),
    });
  }
  return result;
}

/** The trail from the root to each given category, in the locale (crumbs flagged primary by the caller). */
async function breadcrumbTrails(
  memberships: { categoryId: number }[],
  locale: Locale,
): Promise<Map<number, Omit<ProductBreadcrumb, 'primary'>[]>> {
  const trails = new Map<number, Omit<ProductBreadcrumb, 'primary'>[]>();
  if (memberships.length === 0) return trails;
  const { paths, crumbs } = await categoryCrumbs(locale);
  for (const m of memberships) {
    const path = paths.get(m.categoryId) ?? [];
    trails.set(
      m.categoryId,
      path.flatMap((id) => crumbs.get(id) ?? []),
    );
  }
  return trails;
}

/** Every active product id with its slug per locale, for prebuilding product pages. */
export async function allProductSlugs(): Promise<Map<number, Partial<Record<Locale, string>>>> {
  const db = await getDb();
  const rows = await db
    .select({ id: productTranslations.productId, locale: productTranslations.locale, slug: productTranslations.slug })
    .from(productTranslations)
    .innerJoin(products, and(eq(products.id, productTranslations.productId), eq(products.isActive, true)));
  const map = new Map<number, Partial<Record<Locale, string>>>();
  for (const row of rows) {
    const entry = map.get(row.id) ?? {};
    entry[row.locale as Locale] = row.slug;
    map.set(row.id, entry);
  }
  return map;
}
