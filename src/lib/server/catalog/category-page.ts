// Everything a prebuilt category listing page shows in one locale: the category, its trail, the tree for
// the category bar, the first page of products (default sort, no filters) and the unfiltered facets.
import { and, eq } from 'drizzle-orm';
import { categoryTranslations } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { readDataVersion } from '../data-version.ts';
import { categoryTrail, categoryTree, type CategoryNode, type CategorySummary } from './categories.ts';
import { filterCodes } from './filter-settings.ts';
import { listFacets, listProducts, type ListingPage } from './listing.ts';
import { DEFAULT_SORT, PAGE_SIZES } from '#lib/catalog/listing.ts';
import type { Facet } from '#lib/catalog/contract.ts';
import type { Locale } from '#lib/i18n/locales.ts';

export interface CategoryPage {
  category: CategorySummary & { description: string | null };
  trail: CategorySummary[];
  tree: CategoryNode[];
  listing: ListingPage;
  facets: Facet[];
  pageSize: number;
}

/**
 * The tree with product counts costs one counting subquery per category; every page of a build needs
 * the same tree, so it is read once per locale and data version (a publish bumps the version).
 */
const trees = new Map<string, Promise<CategoryNode[]>>();

async function treeFor(locale: Locale): Promise<CategoryNode[]> {
  const key = `${locale}:${await readDataVersion(await getDb())}`;
  let tree = trees.get(key);
  if (!tree) {
    if (trees.size > 20) trees.clear();
    tree = categoryTree(locale);
    trees.set(key, tree);
    tree.catch(() => trees.delete(key));
  }
  return tree;
}

async function description(categoryId: number, locale: Locale): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ description: categoryTranslations.description }).from(categoryTranslations)
    .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.locale, locale)));
  return row?.description ?? null;
}

/** Null when the category does not exist in that locale (the page is then not generated). */
export async function categoryPage(categoryId: number, locale: Locale, currency: string): Promise<CategoryPage | null> {
  const pageSize = PAGE_SIZES.category;
  const [trail, tree, text, listing, facets] = await Promise.all([
    categoryTrail(categoryId, locale),
    treeFor(locale),
    description(categoryId, locale),
    listProducts({ categoryId, filters: [], locale, sort: DEFAULT_SORT, limit: pageSize, offset: 0, currency }),
    filterCodes().then((codes) => listFacets({ categoryId, filters: [] }, codes, locale)),
  ]);
  const self = trail.at(-1);
  if (!self || self.id !== categoryId) return null;
  return { category: { ...self, description: text }, trail, tree, listing, facets, pageSize };
}
