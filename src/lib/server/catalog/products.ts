// Product reads: cards for listings and the full product for its page (spec section 3).
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  categories, categoryTranslations, productAccessories, productAttributes, productCategories, productIncluded,
  productTranslations, products,
} from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { describeAttributes } from './attributes.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { CustomAttribute, ProductCard } from '../../schemas/catalog.ts';

/** Cards for the given product ids, in the order of the ids. */
export async function productCards(ids: number[], locale: Locale): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const [rows, attrs, variants] = await Promise.all([
    db.select({
      id: products.id, sku: products.sku, itemnum: products.itemnum, image: products.coverImage,
      hidePrices: products.hidePrices, name: productTranslations.name, slug: productTranslations.slug,
    }).from(products)
      .innerJoin(productTranslations, and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)))
      .where(inArray(products.id, ids)),
    db.select().from(productAttributes).where(inArray(productAttributes.productId, ids)),
    db.select({ parentId: products.parentId, sku: products.sku }).from(products)
      .where(and(inArray(products.parentId, ids), eq(products.isActive, true))).orderBy(asc(products.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(ids.filter((id) => byId.has(id)).map(async (id) => {
    const row = byId.get(id)!;
    return {
      ...row,
      variantSkus: variants.filter((v) => v.parentId === id).map((v) => v.sku),
      attributes: await describeAttributes(attrs.filter((a) => a.productId === id), locale),
    };
  }));
}

export interface ProductBreadcrumb { text: string; link: string; primary: boolean }

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
}

export async function productDetail(id: number, locale: Locale): Promise<ProductDetail | null> {
  const db = await getDb();
  const [row] = await db.select().from(products).where(and(eq(products.id, id), eq(products.isActive, true)));
  if (!row) return null;
  const [translations, attrs, categoriesOf, accessoryRows, includedRows, variantRows] = await Promise.all([
    db.select().from(productTranslations).where(eq(productTranslations.productId, id)),
    db.select().from(productAttributes).where(eq(productAttributes.productId, id)),
    db.select({ categoryId: productCategories.categoryId, isPrimary: productCategories.isPrimary })
      .from(productCategories).where(eq(productCategories.productId, id)),
    db.select({ id: productAccessories.accessoryId }).from(productAccessories)
      .where(eq(productAccessories.productId, id)).orderBy(asc(productAccessories.position)),
    db.select().from(productIncluded).where(eq(productIncluded.productId, id)).orderBy(asc(productIncluded.position)),
    db.select({ id: products.id }).from(products).where(and(eq(products.parentId, id), eq(products.isActive, true))).orderBy(asc(products.id)),
  ]);
  const own = translations.find((t) => t.locale === locale);
  if (!own) return null;
  const [variants, accessories, breadcrumbs] = await Promise.all([
    productCards(variantRows.map((v) => v.id), locale),
    productCards(accessoryRows.map((a) => a.id), locale),
    breadcrumbTrails(categoriesOf, locale),
  ]);
  return {
    id, sku: row.sku, slug: own.slug, name: own.name, title: own.title, subtitle: own.subtitle,
    description: own.description, itemnum: row.itemnum, originalId: row.originalId, parentId: row.parentId,
    cover: row.coverImage, galery: row.gallery, hidePrices: row.hidePrices, createdAt: row.createdAt,
    custom_attributes: await describeAttributes(attrs, locale),
    breadcrumbs, variants, accessories,
    included: includedRows.map((i) => ({ itemnum: i.itemnum, name: i.names[locale] ?? i.names.de ?? i.itemnum, quantity: i.quantity })),
    slugs: Object.fromEntries(translations.map((t) => [t.locale, t.slug])),
  };
}

async function breadcrumbTrails(memberships: { categoryId: number; isPrimary: boolean }[], locale: Locale): Promise<ProductBreadcrumb[][]> {
  if (memberships.length === 0) return [];
  const db = await getDb();
  const paths = await db.select({ id: categories.id, idPath: categories.idPath }).from(categories)
    .where(inArray(categories.id, memberships.map((m) => m.categoryId)));
  const allIds = [...new Set(paths.flatMap((p) => p.idPath.split('/').map(Number)))];
  const names = await db.select({ id: categoryTranslations.categoryId, name: categoryTranslations.name, slugPath: categoryTranslations.slugPath })
    .from(categoryTranslations).where(and(inArray(categoryTranslations.categoryId, allIds), eq(categoryTranslations.locale, locale)));
  const byId = new Map(names.map((n) => [n.id, n]));
  return memberships.map((m) => {
    const path = paths.find((p) => p.id === m.categoryId)?.idPath.split('/').map(Number) ?? [];
    return path.map((cid) => byId.get(cid)).filter((n) => n !== undefined)
      .map((n) => ({ text: n.name, link: n.slugPath, primary: m.isPrimary }));
  });
}

/** Every active product id with its slug per locale, for prebuilding product pages. */
export async function allProductSlugs(): Promise<Map<number, Partial<Record<Locale, string>>>> {
  const db = await getDb();
  const rows = await db.select({ id: productTranslations.productId, locale: productTranslations.locale, slug: productTranslations.slug })
    .from(productTranslations).innerJoin(products, and(eq(products.id, productTranslations.productId), eq(products.isActive, true)));
  const map = new Map<number, Partial<Record<Locale, string>>>();
  for (const row of rows) {
    const entry = map.get(row.id) ?? {};
    entry[row.locale as Locale] = row.slug;
    map.set(row.id, entry);
  }
  return map;
}
