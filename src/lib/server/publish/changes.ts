// What a publish event says changed, and which cache tags that drops. The mapping is the one place
// that knows which pages show which data (each page declares the same tags when it renders).
import { inArray } from 'drizzle-orm';
import { categories, productCategories, products } from '../db/schema.ts';
import { listContentPages, publishedPageAddresses, savePageAddresses } from '../content.ts';
import { addressesOf, publishAddresses } from '#lib/content/page-slugs.ts';
import type { Db } from '../db/client.ts';
import type { PublishChanges } from '#lib/publish/contract.ts';
import { LOCALES, type Locale } from '#lib/i18n/locales.ts';
import { tags } from './tags.ts';
import type { Invalidation } from './bus.ts';

/** Content every page of a locale shows through the layout. */
const SHELL_CONTENT = new Set([
  'block:menu',
  'block:footer',
  'block:top-banner',
  'block:notification-bar',
  'block:cart-header',
  'setting:branding',
]);
/** Which languages exist and their texts: every page's links and alternates. */
const EVERYWHERE_CONTENT = new Set(['setting:locale']);
/** Settings read once for all locales. */
const GLOBAL_SETTINGS = new Set(['setting:attributes']);

function contentTags(entry: NonNullable<PublishChanges['content']>[number]): string[] | 'all' {
  const key = `${entry.type}:${entry.identifier}`;
  if (EVERYWHERE_CONTENT.has(key)) return 'all';
  if (GLOBAL_SETTINGS.has(key)) return [tags.content(entry.type, entry.identifier, 'all')];
  const locales: readonly Locale[] = entry.locale ? [entry.locale] : LOCALES;
  if (SHELL_CONTENT.has(key)) return locales.map(tags.shell);
  const own = locales.map((l) => tags.content(entry.type, entry.identifier, l));
  // A content page is listed in the sitemap, and may appear or disappear there.
  return entry.type === 'page' ? [...own, tags.sitemap] : own;
}

/** Ids of the categories and all their ancestors (a product count includes the subtree's products). */
async function withAncestors(db: Db, categoryIds: number[]): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  const rows = await db
    .select({ idPath: categories.idPath })
    .from(categories)
    .where(inArray(categories.id, categoryIds));
  return [...new Set([...categoryIds, ...rows.flatMap((r) => r.idPath.split('/').map(Number))])];
}

/**
 * A product's own pages (all locales), its parent's (which lists its variants), and the listings of the
 * categories that list it or count it (not their names: the menu shows those on every page). Pages that
 * show it elsewhere (accessories, recommendations) carry its tag. A price or stock change is published
 * as the product too: its page renders the public price and the Offer's availability under `p:<id>`.
 */
async function productTags(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: products.id, parentId: products.parentId })
    .from(products)
    .where(inArray(products.id, ids));
  const family = [...new Set([...ids, ...rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId]))])];
  const listed = await db
    .selectDistinct({ categoryId: productCategories.categoryId })
    .from(productCategories)
    .where(inArray(productCategories.productId, family));
  const categoryIds = await withAncestors(
    db,
    listed.map((r) => r.categoryId),
  );
  return [...family.map(tags.product), ...categoryIds.map(tags.listing), tags.sitemap, tags.catalog];
}

/** A category's pages and every page showing its name or count; its parent lists it, the home page a top-level one. */
async function categoryTags(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, ids));
  const parents = rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId]));
  // An unknown id may be a category just deleted: its pages and the home tiles may still show it.
  const topLevel = rows.length < ids.length || rows.some((r) => r.parentId === null);
  const affected = [...new Set([...ids, ...parents])];
  return [...affected.map(tags.category), ...affected.map(tags.listing)].concat(
    topLevel ? [tags.topCategories] : [],
    tags.sitemap,
  );
}

/**
 * Every page links content pages (menu, footer, cookie notice), so a changed slug drops the shell of
 * its language and the page's own versions (their language links); an edit of a page's text alone
 * drops only that page. The addresses as published are kept in the database, so whichever instance
 * receives the event compares against the same state, and a replaced slug keeps redirecting.
 */
async function pageAddressTags(db: Db): Promise<string[]> {
  const now = addressesOf(await listContentPages(db), LOCALES);
  const { next, pages, locales } = publishAddresses(await publishedPageAddresses(db), now, LOCALES);
  if (pages.length === 0) return [];
  await savePageAddresses(db, next);
  return [...locales.map(tags.shell), ...pages.flatMap((id) => LOCALES.map((l) => tags.content('page', id, l)))];
}

/** The tags a change drops; `{ all: true }` when it touches what every page shows. */
export async function invalidationFor(db: Db, changes: PublishChanges): Promise<Invalidation> {
  if (changes.all) {
    await pageAddressTags(db); // records the addresses everything is rendered with now
    return { all: true };
  }
  const fromContent = (changes.content ?? []).map(contentTags);
  if (fromContent.includes('all')) return { all: true };
  if (changes.content?.some((c) => c.type === 'page')) fromContent.push(await pageAddressTags(db));
  const [fromProducts, fromCategories] = await Promise.all([
    productTags(db, changes.products ?? []),
    categoryTags(db, changes.categories ?? []),
  ]);
  const all = [
    ...(fromContent.flat() as string[]),
    ...fromProducts,
    ...fromCategories,
    ...(changes.attributes ?? []).map(tags.attribute),
  ];
  return { tags: [...new Set(all)].sort() };
}
