// Everything a category listing page shows in one locale: the category, its trail, the tree for the
// category bar, one page of products (default sort, no filters) and the unfiltered facets. Every page
// number is its own server-rendered page, so a crawler reaches every product through plain links.
import { and, eq } from 'drizzle-orm';
import { categoryTranslations } from '../db/schema.ts';
import { getDb } from '../db/index.ts';
import { publishedMemo, tags } from '../publish/index.ts';
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
  /** The page shown, 1-based; never beyond the last page. */
  page: number;
  /** Cache tags: the names of the trail and the bar's categories, the listings (products, counts) of this one and the bar's, the listed products, the facets. */
  tags: string[];
}

/**
 * The tree with product counts costs one counting subquery per category; every category page needs
 * the same tree, so it is read once per locale until the next publish.
 */
const trees = publishedMemo<CategoryNode[]>();
const treeFor = (locale: Locale) => trees(locale, () => categoryTree(locale));

/** The bar shows the category's children, or on a leaf its siblings; an empty one may fill up. */
function barCandidates(tree: readonly CategoryNode[], id: number, parent?: CategoryNode): number[] {
  for (const node of tree) {
    if (node.id === id) return [...node.children, ...(parent?.children ?? [])].map((c) => c.id);
    const below = barCandidates(node.children, id, node);
    if (below.length > 0) return below;
  }
  return [];
}

async function description(categoryId: number, locale: Locale): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ description: categoryTranslations.description })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.locale, locale)));
  return row?.description ?? null;
}

/**
 * Null when the category does not exist in that locale, or when `page` lies beyond its last page
 * (both are 404s: a page number that lists nothing must not become an indexable copy of another).
 */
export async function categoryPage(
  categoryId: number,
  locale: Locale,
  currency: string,
  page = 1,
): Promise<CategoryPage | null> {
  const pageSize = PAGE_SIZES.category;
  const offset = (page - 1) * pageSize;
  const [trail, tree, text, listing, facets] = await Promise.all([
    categoryTrail(categoryId, locale),
    treeFor(locale),
    description(categoryId, locale),
    listProducts({ categoryId, filters: [], locale, sort: DEFAULT_SORT, limit: pageSize, offset, currency }),
    filterCodes().then((codes) => listFacets({ categoryId, filters: [] }, codes, locale)),
  ]);
  const self = trail.at(-1);
  if (!self || self.id !== categoryId) return null;
  if (page > 1 && offset >= listing.count) return null;
  const bar = barCandidates(tree, categoryId);
  const pageTags = [
    ...[...trail.map((c) => c.id), ...bar].map(tags.category),
    ...[categoryId, ...bar].map(tags.listing),
    ...listing.data.map((card) => tags.product(card.id)),
    ...facets.map((facet) => tags.attribute(facet.id)),
    tags.content('setting', 'attributes', 'all'),
  ];
  return { category: { ...self, description: text }, trail, tree, listing, facets, pageSize, page, tags: pageTags };
}
