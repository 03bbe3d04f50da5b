// The link picker's targets (linkApi.links): categories, products and content pages found by the
// words of their name in one language (a product also by item number or SKU, a category by its slug
// path), or the one target a stored code names. Names are matched folded (#lib/search/fold.ts), the
// way the shop's own search matches them, so 'bohr' finds 'Bohrmaschinen' and 'sage' finds 'Säge'.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categoryTranslations, contentBlocks, products, productSearch } from '../db/schema.ts';
import { LINK_RESULTS_PER_KIND, type LinkTarget } from '#lib/admin/link-contract.ts';
import { foldTerm, termWords } from '#lib/search/fold.ts';
import { DEFAULT_LOCALE, type Locale } from '#lib/i18n/locales.ts';
import { categoryPath, contentPagePath, localePath, productPath } from '#lib/site/paths.ts';

const LIMIT = LINK_RESULTS_PER_KIND;

/** Each folded word as a word-prefix pattern on a folded column (folded words hold no LIKE wildcards). */
const allWords = (column: SQL | typeof categoryTranslations.searchName, words: string[]) =>
  and(...words.map((w) => sql`${column} like ${`% ${w}%`}`));

async function categories(db: Db, locale: Locale, where: SQL | undefined): Promise<LinkTarget[]> {
  const own = sql`(select ct.name from category_translations ct where ct.category_id = ${categoryTranslations.categoryId} and ct.locale = ${locale})`;
  const ownPath = sql`(select ct.slug_path from category_translations ct where ct.category_id = ${categoryTranslations.categoryId} and ct.locale = ${locale})`;
  const rows = await db
    .select({
      slugPath: categoryTranslations.slugPath,
      name: sql<string>`coalesce(${own}, ${categoryTranslations.name})`,
      path: sql<string>`coalesce(${ownPath}, ${categoryTranslations.slugPath})`,
    })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.locale, DEFAULT_LOCALE), where))
    .orderBy(categoryTranslations.slugPath)
    .limit(LIMIT);
  return rows.map((r) => ({
    code: `c:${r.slugPath}`,
    kind: 'category',
    name: r.name,
    path: localePath(locale, categoryPath(r.path)),
  }));
}

/** Categories whose name in `locale` holds the words, or whose slug path does. */
function categoriesNamed(db: Db, locale: Locale, words: string[], raw: string): Promise<LinkTarget[]> {
  const named = db
    .select({ id: categoryTranslations.categoryId })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.locale, locale), allWords(categoryTranslations.searchName, words)));
  return categories(
    db,
    locale,
    or(inArray(categoryTranslations.categoryId, named), sql`${categoryTranslations.slugPath} ilike ${`%${raw}%`}`),
  );
}

async function productRows(db: Db, locale: Locale, where: SQL | undefined): Promise<LinkTarget[]> {
  const slugIn = (l: string) =>
    sql`(select pt.slug from product_translations pt where pt.product_id = ${products.id} and pt.locale = ${l})`;
  const nameIn = (l: string) =>
    sql`(select pt.name from product_translations pt where pt.product_id = ${products.id} and pt.locale = ${l})`;
  const rows = await db
    .select({
      id: products.id,
      itemnum: products.itemnum,
      name: sql<string | null>`coalesce(${nameIn(locale)}, ${nameIn(DEFAULT_LOCALE)})`,
      slug: sql<string | null>`${slugIn(DEFAULT_LOCALE)}`,
      ownSlug: sql<string | null>`coalesce(${slugIn(locale)}, ${slugIn(DEFAULT_LOCALE)})`,
    })
    .from(products)
    .where(and(eq(products.isActive, true), where))
    .orderBy(products.id)
    .limit(LIMIT);
  return rows
    .filter((r) => r.slug !== null && r.ownSlug !== null)
    .map((r) => ({
      code: productPath({ id: r.id, slug: r.slug! }),
      kind: 'product',
      name: `${r.name ?? r.itemnum} (${r.itemnum})`,
      path: localePath(locale, productPath({ id: r.id, slug: r.ownSlug! })),
    }));
}

function productsNamed(db: Db, locale: Locale, words: string[], raw: string): Promise<LinkTarget[]> {
  const named = db
    .select({ id: productSearch.productId })
    .from(productSearch)
    .where(and(eq(productSearch.locale, locale), allWords(sql`${productSearch.searchName}`, words)));
  const number = raw.toLowerCase();
  return productRows(
    db,
    locale,
    or(
      inArray(products.id, named),
      sql`lower(${products.itemnum}) = ${number}`,
      sql`lower(${products.sku}) = ${number}`,
    ),
  );
}

/** Content pages: their title in `locale`, else the all-languages row's, else the German one. */
async function pages(db: Db, locale: Locale, keep: (identifier: string, title: string) => boolean) {
  const rows = await db
    .select({
      identifier: contentBlocks.identifier,
      locale: contentBlocks.locale,
      title: sql<string | null>`${contentBlocks.config}->>'title'`,
      slug: sql<string | null>`${contentBlocks.config}->>'slug'`,
    })
    .from(contentBlocks)
    .where(eq(contentBlocks.type, 'page'));
  const rank = (l: string) => [locale, '', DEFAULT_LOCALE].indexOf(l);
  const best = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (rank(row.locale) === -1 || !row.title) continue;
    const seen = best.get(row.identifier);
    if (!seen || rank(row.locale) < rank(seen.locale)) best.set(row.identifier, row);
  }
  const own = new Map(rows.filter((r) => r.locale === locale).map((r) => [r.identifier, r.slug]));
  return [...best.values()]
    .filter((r) => keep(r.identifier, r.title!))
    .sort((a, b) => a.identifier.localeCompare(b.identifier))
    .slice(0, LIMIT)
    .map((r): LinkTarget => ({
      code: `i:${r.identifier}`,
      kind: 'page',
      name: r.title!,
      path: localePath(locale, contentPagePath(own.get(r.identifier) ?? r.identifier)),
    }));
}

export async function searchLinks(db: Db, locale: Locale, q: string): Promise<LinkTarget[]> {
  const words = termWords(foldTerm(q));
  if (words.length === 0) return [];
  const raw = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const [c, p, i] = await Promise.all([
    categoriesNamed(db, locale, words, raw),
    productsNamed(db, locale, words, q),
    pages(db, locale, (identifier, title) => {
      const folded = ` ${foldTerm(title)} ${identifier} `;
      return words.every((w) => folded.includes(` ${w}`));
    }),
  ]);
  return [...c, ...i, ...p];
}

/** The target a stored code names (none for an address outside the catalogue and the content pages). */
export async function resolveLink(db: Db, locale: Locale, code: string): Promise<LinkTarget[]> {
  if (code.startsWith('c:')) return categories(db, locale, eq(categoryTranslations.slugPath, code.slice(2)));
  // A category's site path in any language (older footers store '/c/{slug path}').
  const category = /^\/c\/(.+)$/.exec(code)?.[1];
  if (category) {
    const named = db
      .select({ id: categoryTranslations.categoryId })
      .from(categoryTranslations)
      .where(eq(categoryTranslations.slugPath, category));
    return categories(db, locale, inArray(categoryTranslations.categoryId, named));
  }
  const page = /^(?:i:|\/i\/)([a-z0-9][a-z0-9-]*)$/.exec(code)?.[1];
  if (page) return pages(db, locale, (identifier) => identifier === page);
  const product = /^\/p\/(\d{1,9})(?:\/|$)/.exec(code)?.[1];
  if (product) return productRows(db, locale, eq(products.id, Number(product)));
  return [];
}
