// Every indexable page in every offered language, for the sitemap.
import { offeredLocales } from './shell.ts';
import { contentPageSlugs } from './content-links.ts';
import { listContentPages } from './content.ts';
import { allCategorySlugPaths, allProductSlugs } from './catalog/index.ts';
import { categoryPath, contentPagePath, localePath, productPath } from '../site/paths.ts';
import type { Locale } from '../i18n/locales.ts';
import type { PageVersions, SitemapPage } from '../site/sitemap.ts';
import { lastChanged, publishedMemo, tags } from './publish/index.ts';
import { LOCALES } from '../i18n/locales.ts';

const pagesMemo = publishedMemo<SitemapPage[]>();

/** lastmod: when the page's own data last changed (not the menu or footer every page shows). */
const changedAt = async (pageTags: string[]) => (await lastChanged(pageTags)).toISOString();

function versions(locales: Locale[], path: (l: Locale) => string | undefined): PageVersions {
  return Object.fromEntries(
    locales.flatMap((l) => {
      const p = path(l);
      return p === undefined ? [] : [[l, localePath(l, p)]];
    }),
  );
}

/** Computed once per publish: the index and every chunk read the same list. */
export function sitemapPages(): Promise<SitemapPage[]> {
  return pagesMemo('all', async () => {
    const [locales, pages, slugs, categories, products] = await Promise.all([
      offeredLocales(),
      listContentPages(),
      contentPageSlugs(),
      allCategorySlugPaths(),
      allProductSlugs(),
    ]);
    const identifiers = [...new Set(pages.map((p) => p.identifier))].filter((id) => id !== 'home').sort();
    const perLocale = async (identifier: string) =>
      Object.fromEntries(
        await Promise.all(
          LOCALES.map(async (l) => [l, await changedAt([tags.content('page', identifier, l)])] as const),
        ),
      );
    return Promise.all([
      {
        versions: versions(locales, () => '/'),
        lastmod: await changedAt([tags.topCategories, ...LOCALES.map((l) => tags.content('page', 'home', l))]),
      },
      ...identifiers.map(async (id) => ({
        versions: versions(locales, (l) => {
          const slug = slugs.slug(id, l);
          return slug === undefined ? undefined : contentPagePath(slug);
        }),
        lastmod: await perLocale(id),
      })),
      ...[...categories].map(async ([id, slugs]) => ({
        versions: versions(locales, (l) => (slugs[l] ? categoryPath(slugs[l]) : undefined)),
        lastmod: await changedAt([tags.category(id), tags.listing(id)]),
      })),
      ...[...products].map(async ([id, slugs]) => ({
        versions: versions(locales, (l) => (slugs[l] ? productPath({ id, slug: slugs[l] }) : undefined)),
        lastmod: await changedAt([tags.product(id)]),
      })),
    ]);
  });
}
