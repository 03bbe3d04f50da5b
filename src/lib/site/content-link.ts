// Where a content link target leads in a locale: the one resolver of the codes content stores
// ("c:…" for a category, "i:…" for a content page) for the menu, the footer, the home page and the
// rich-text editor. Apart from paths.ts, which the shell's one chunk holds: what only the server and
// the workspace's editor need stays out of every shop page's JavaScript.
import type { Locale } from '../i18n/locales.ts';
import { categoryPath, contentPagePath, localePath } from './paths.ts';

/**
 * Content targets name categories by their default-language slug path; this maps one to the slug
 * path of the locale being rendered (undefined when the category does not exist).
 */
type CategorySlugResolver = (defaultSlugPath: string, locale: Locale) => string | undefined;

/** Maps a content page's identifier to its slug in the locale (undefined when it has no such page). */
type PageSlugResolver = (identifier: string, locale: Locale) => string | undefined;

/** What turns content link targets into the rendered locale's addresses. */
export interface LinkResolvers {
  category?: CategorySlugResolver;
  page?: PageSlugResolver;
}

/**
 * Resolves a content-service link target: "c:slug/path" (category, by its default-language slug
 * path), "i:identifier" or a path "/i/identifier" (content page, at its slug in the locale), a site
 * path, or an absolute https URL. Anything else (javascript:, //host, ...) becomes the home page.
 */
export function resolveContentLink(target: string, locale: Locale, links: LinkResolvers = {}): string {
  if (target.startsWith('c:')) {
    const path = links.category ? links.category(target.slice(2), locale) : target.slice(2);
    return localePath(locale, path === undefined ? '/' : categoryPath(path));
  }
  const page = target.startsWith('i:') ? target.slice(2) : /^\/i\/([a-z0-9][a-z0-9-]*)$/.exec(target)?.[1];
  if (page !== undefined) return localePath(locale, contentPagePath(links.page?.(page, locale) ?? page));
  if (/^https:\/\/[^/\\]/i.test(target)) return target;
  if (/^\/(?![/\\])/.test(target)) return localePath(locale, target);
  return localePath(locale, '/');
}
