// Category reads for pages and the integration layer.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { categories, categoryTranslations } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { publishedMemo } from '../publish/index.ts';
import { versionedImage } from '../images/index.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import type { CategoryNode, CategorySummary } from '#lib/catalog/contract.ts';

export type { CategoryNode, CategorySummary };

const summaryColumns = {
  id: categories.id,
  parentId: categories.parentId,
  name: categoryTranslations.name,
  slug: categoryTranslations.slug,
  slugPath: categoryTranslations.slugPath,
  idPath: categories.idPath,
  depth: categories.depth,
  image: categories.image,
};

function inLocale(locale: Locale) {
  return and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale));
}

/** The root categories in menu order, for the home page tiles. */
export async function topCategories(locale: Locale): Promise<CategorySummary[]> {
  const db = await getDb();
  const rows = await db
    .select(summaryColumns)
    .from(categories)
    .innerJoin(categoryTranslations, inLocale(locale))
    .where(isNull(categories.parentId))
    .orderBy(asc(categories.position), asc(categories.id));
  return rows.map((row) => ({ ...row, image: versionedImage(row.image) }));
}

/**
 * The whole tree in one locale with product counts (products in the category or below it).
 */
export async function categoryTree(locale: Locale): Promise<CategoryNode[]> {
  const db = await getDb();
  const rows = await db
    .select({
      ...summaryColumns,
      productCount: sql<number>`(
      select count(distinct pc.product_id)::int from product_categories pc
      join categories sub on sub.id = pc.category_id
      join products p on p.id = pc.product_id and p.is_active and p.parent_id is null
      where sub.id_path = ${categories.idPath} or sub.id_path like ${categories.idPath} || '/%')`,
    })
    .from(categories)
    .innerJoin(categoryTranslations, inLocale(locale))
    .orderBy(asc(categories.depth), asc(categories.position), asc(categories.id));
  const byId = new Map<number, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node: CategoryNode = { ...row, children: [] };
    byId.set(row.id, node);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export async function categoryBySlugPath(locale: Locale, slugPath: string): Promise<CategorySummary | null> {
  const db = await getDb();
  const [row] = await db
    .select(summaryColumns)
    .from(categories)
    .innerJoin(categoryTranslations, inLocale(locale))
    .where(eq(categoryTranslations.slugPath, slugPath));
  return row ?? null;
}

/** The category and its ancestors from the root down, in one locale. */
export async function categoryTrail(categoryId: number, locale: Locale): Promise<CategorySummary[]> {
  const db = await getDb();
  const [self] = await db.select({ idPath: categories.idPath }).from(categories).where(eq(categories.id, categoryId));
  if (!self) return [];
  const ids = self.idPath.split('/').map(Number);
  const rows = await db
    .select(summaryColumns)
    .from(categories)
    .innerJoin(categoryTranslations, inLocale(locale))
    .where(sql`${categories.id} in ${ids}`);
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is CategorySummary => Boolean(r));
}

const slugPathsMemo = publishedMemo<Map<number, Partial<Record<Locale, string>>>>();

/** Every category's slug path in every locale, for menu links, hreflang alternates and sitemaps. */
export function allCategorySlugPaths(): Promise<Map<number, Partial<Record<Locale, string>>>> {
  return slugPathsMemo('all', readCategorySlugPaths);
}

async function readCategorySlugPaths(): Promise<Map<number, Partial<Record<Locale, string>>>> {
  const db = await getDb();
  const rows = await db
    .select({
      id: categoryTranslations.categoryId,
      locale: categoryTranslations.locale,
      slugPath: categoryTranslations.slugPath,
    })
    .from(categoryTranslations);
  const map = new Map<number, Partial<Record<Locale, string>>>();
  for (const row of rows) {
    const entry = map.get(row.id) ?? {};
    entry[row.locale as Locale] = row.slugPath;
    map.set(row.id, entry);
  }
  return map;
}

/** A category as one step of a trail: its name and address in a locale. */
interface CategoryCrumb {
  id: number;
  text: string;
  link: string;
}

interface CategoryCrumbs {
  /** Each category's ids from the root down to itself. */
  paths: Map<number, number[]>;
  /** Each category's name and address in the locale (none when it is not translated). */
  crumbs: Map<number, CategoryCrumb>;
}

// A catalogue has hundreds of categories and every product page names a few: all of them are read
// once per locale and publish instead of two queries per page.
const crumbsMemo = publishedMemo<CategoryCrumbs>();

/** Every category's path and its crumb in the locale, read once per publish (product breadcrumbs). */
export function categoryCrumbs(locale: Locale): Promise<CategoryCrumbs> {
  return crumbsMemo(locale, async () => {
    const db = await getDb();
    const rows = await db
      .select({
        id: categories.id,
        idPath: categories.idPath,
        name: categoryTranslations.name,
        slugPath: categoryTranslations.slugPath,
      })
      .from(categories)
      .leftJoin(categoryTranslations, inLocale(locale));
    const paths = new Map<number, number[]>();
    const crumbs = new Map<number, CategoryCrumb>();
    for (const row of rows) {
      paths.set(row.id, row.idPath.split('/').map(Number));
      if (row.name !== null && row.slugPath !== null)
        crumbs.set(row.id, { id: row.id, text: row.name, link: row.slugPath });
    }
    return { paths, crumbs };
  });
}
