// Product reads: cards for listings and the full product for its page.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { productTranslations, products } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { versionedImage } from '../images/index.ts';
import { categoryCrumbs } from './categories.ts';
import { describeAttributes } from './attributes.ts';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import type { CustomAttribute, ProductCard } from '#lib/catalog/contract.ts';
import type { OrderUnit } from '#lib/catalog/order-unit.ts';
import type { QuantityRule } from '#lib/catalog/order-quantity.ts';

/**
 * The outer row's id inside the correlated subqueries below. Spelled out: drizzle writes a column of a
 * one-table select unqualified, and an unqualified "id" inside `from products v` would be the variant's.
 */
const productId = sql.raw('"products"."id"');

/** A product's attribute values, in a stable order (describeAttributes sorts them for display). */
const attributeRows = sql<{ attributeCode: string; value: string }[]>`coalesce((
  select json_agg(json_build_object('attributeCode', a.attribute_code, 'value', a.value)
    order by a.attribute_code, a.value)
  from product_attributes a where a.product_id = ${productId}), '[]'::json)`;

/**
 * Cards for the given product ids, in the order of the ids. One statement: a listing page's cards,
 * their attributes and their variants' skus cost the database one parse and plan, not three.
 */
export async function productCards(ids: number[], locale: Locale): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      itemnum: products.itemnum,
      image: products.coverImage,
      hidePrices: products.hidePrices,
      name: productTranslations.name,
      slug: productTranslations.slug,
      attributes: attributeRows,
      variantSkus: sql<string[]>`coalesce((
        select json_agg(v.sku order by v.id) from products v
        where v.parent_id = ${productId} and v.is_active), '[]'::json)`,
    })
    .from(products)
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, locale)),
    )
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    ids
      .filter((id) => byId.has(id))
      .map(async (id) => {
        const { attributes, ...row } = byId.get(id)!;
        return { ...row, image: versionedImage(row.image), attributes: await describeAttributes(attributes, locale) };
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

/** Rows of a product's own tables, read with the product in one statement (productDetails). */
interface ProductParts {
  /** Every locale's slug (the language links); the texts only in the page's locale. */
  translations: {
    locale: string;
    slug: string;
    name: string;
    title: string | null;
    subtitle: string | null;
    description: string | null;
  }[];
  attributes: { attributeCode: string; value: string }[];
  memberships: { categoryId: number; isPrimary: boolean }[];
  accessoryIds: number[];
  included: { itemnum: string; names: Record<string, string>; quantity: number }[];
  variantIds: number[];
}

/**
 * The product's translations, attributes, categories, accessories, included items and active variants
 * as JSON beside its row. The other locales' texts are left out: only their slugs are shown, and their
 * descriptions would cross from the database to be dropped.
 */
const productParts = (locale: Locale) => ({
  translations: sql<ProductParts['translations']>`coalesce((
    select json_agg(json_build_object('locale', t.locale, 'slug', t.slug,
      'name', case when t.locale = ${locale} then t.name end,
      'title', case when t.locale = ${locale} then t.title end,
      'subtitle', case when t.locale = ${locale} then t.subtitle end,
      'description', case when t.locale = ${locale} then t.description end) order by t.locale)
    from product_translations t where t.product_id = ${productId}), '[]'::json)`,
  attributes: attributeRows,
  memberships: sql<ProductParts['memberships']>`coalesce((
    select json_agg(json_build_object('categoryId', c.category_id, 'isPrimary', c.is_primary) order by c.category_id)
    from product_categories c where c.product_id = ${productId}), '[]'::json)`,
  accessoryIds: sql<number[]>`coalesce((
    select json_agg(a.accessory_id order by a.position, a.accessory_id)
    from product_accessories a where a.product_id = ${productId}), '[]'::json)`,
  included: sql<ProductParts['included']>`coalesce((
    select json_agg(json_build_object('itemnum', i.itemnum, 'names', i.names, 'quantity', i.quantity)
      order by i.position, i.itemnum)
    from product_included i where i.product_id = ${productId}), '[]'::json)`,
  variantIds: sql<number[]>`coalesce((
    select json_agg(v.id order by v.id) from products v
    where v.parent_id = ${productId} and v.is_active), '[]'::json)`,
});

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
    .select({ row: getTableColumns(products), ...productParts(locale) })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.isActive, true)));
  if (rows.length === 0) return result;
  const [cards, trails] = await Promise.all([
    productCards([...new Set(rows.flatMap((r) => [...r.variantIds, ...r.accessoryIds]))], locale),
    breadcrumbTrails(
      rows.flatMap((r) => r.memberships),
      locale,
    ),
  ]);
  const cardOf = new Map(cards.map((c) => [c.id, c]));
  const cardsFor = (ids: number[]) => ids.flatMap((id) => cardOf.get(id) ?? []);
  for (const { row, translations, attributes, memberships, accessoryIds, included, variantIds } of rows) {
    const id = row.id;
    const own = translations.find((t) => t.locale === locale);
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
      cover: versionedImage(row.coverImage),
      galery: row.gallery.map((src) => versionedImage(src)),
      hidePrices: row.hidePrices,
      createdAt: row.createdAt,
      custom_attributes: await describeAttributes(attributes, locale),
      breadcrumbs: memberships.map((m) =>
        trails.get(m.categoryId)!.map((crumb) => ({ ...crumb, primary: m.isPrimary })),
      ),
      variants: cardsFor(variantIds),
      accessories: cardsFor(accessoryIds),
      included: included.map((i) => ({
        itemnum: i.itemnum,
        name: i.names[locale] ?? i.names.de ?? i.itemnum,
        quantity: i.quantity,
      })),
      slugs: Object.fromEntries(translations.map((t) => [t.locale, t.slug])),
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
