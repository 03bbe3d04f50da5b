// Every indexable page in every offered language, for the sitemap.
import { offeredLocales } from './shell.ts';
import { listContentPages } from './content.ts';
import { allCategorySlugPaths, allProductSlugs } from './catalog/index.ts';
import { categoryPath, contentPagePath, localePath, productPath } from '../site/paths.ts';
import type { Locale } from '../i18n/locales.ts';
import type { PageVersions } from '../site/sitemap.ts';

let cached: Promise<PageVersions[]> | undefined;

function versions(locales: Locale[], path: (l: Locale) => string | undefined): PageVersions {
  return Object.fromEntries(locales.flatMap((l) => {
    const p = path(l);
    return p === undefined ? [] : [[l, localePath(l, p)]];
  }));
}

/** Computed once per build: the index and every chunk read the same list. */
export function sitemapPages(): Promise<PageVersions[]> {
  cached ??= (async () => {
    const [locales, pages, categories, products] = await Promise.all([
      offeredLocales(), listContentPages(), allCategorySlugPaths(), allProductSlugs(),
    ]);
    const identifiers = [...new Set(pages.map((p) => p.identifier))].filter((id) => id !== 'home').sort();
    return [
      versions(locales, () => '/'),
      ...identifiers.map((id) => versions(locales, (l) =>
        pages.some((p) => p.identifier === id && (p.locale === l || p.locale === '')) ? contentPagePath(id) : undefined)),
      ...[...categories.values()].map((slugs) => versions(locales, (l) => (slugs[l] ? categoryPath(slugs[l]) : undefined))),
      ...[...products.entries()].map(([id, slugs]) => versions(locales, (l) => (slugs[l] ? productPath({ id, slug: slugs[l] }) : undefined))),
    ];
  })();
  return cached;
}
