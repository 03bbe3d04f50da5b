// What turns the codes content stores (c:… for a category, i:… for a content page) into the addresses
// of the language a page is rendered in, for the layout's menus and footer and for content HTML. A
// page records the categories its links named: their cache tags drop it when one's address changes.
import { listContentPages, publishedPageAddresses } from './content.ts';
import { allCategorySlugPaths } from './catalog/index.ts';
import { publishedMemo, tags } from './publish/index.ts';
import { pageSlugs, type PageSlugs } from '../content/page-slugs.ts';
import type { LinkResolvers } from '../site/content-link.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';

type CategoryAddresses = Map<string, { id: number; slugs: Partial<Record<Locale, string>> }>;

const slugsMemo = publishedMemo<PageSlugs>();
const categoriesMemo = publishedMemo<CategoryAddresses>();

/** Content page slugs per language, read once per publish. */
export function contentPageSlugs(): Promise<PageSlugs> {
  return slugsMemo('all', async () => {
    const [rows, published] = await Promise.all([listContentPages(), publishedPageAddresses()]);
    return pageSlugs(rows, LOCALES, published.former);
  });
}

/** Categories by their default-language slug path (what a c: code names), read once per publish. */
function categoriesByCode(): Promise<CategoryAddresses> {
  return categoriesMemo('all', async () => {
    const byDefaultPath: CategoryAddresses = new Map();
    for (const [id, slugs] of await allCategorySlugPaths()) {
      if (slugs[DEFAULT_LOCALE]) byDefaultPath.set(slugs[DEFAULT_LOCALE], { id, slugs });
    }
    return byDefaultPath;
  });
}

/** Resolvers for one page, and the cache tags of the categories they resolved so far. */
export interface PageLinks {
  resolvers: LinkResolvers;
  tags(): string[];
}

/** New resolvers for the page about to be rendered (each page collects its own tags). */
export async function pageLinks(): Promise<PageLinks> {
  const [categories, pages] = await Promise.all([categoriesByCode(), contentPageSlugs()]);
  const used = new Set<number>();
  return {
    resolvers: {
      category: (path, locale) => {
        const category = categories.get(path);
        if (category) used.add(category.id);
        return category?.slugs[locale];
      },
      page: (identifier, locale) => pages.slug(identifier, locale),
    },
    tags: () => [...used].map(tags.category),
  };
}
