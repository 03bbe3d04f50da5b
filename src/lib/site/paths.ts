// URL building. Every path is locale-prefixed except in the default language.
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales.ts';

export function localePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

/**
 * A path on this site to go back to after a form post: anything that could leave the site (another
 * host as //host or /\host, a scheme, a header break) gives the fallback. The fragment is dropped.
 */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  const leaves =
    !value ||
    !value.startsWith('/') ||
    /^\/[\\/]/.test(value) ||
    value.includes('\\') ||
    [...value].some((c) => c.charCodeAt(0) < 0x20);
  if (!value || leaves) return fallback;
  return value.split('#')[0] || fallback;
}

/** Strips a locale prefix, giving the path as the default language would have it. */
export function stripLocale(
  pathname: string,
  locales: readonly string[],
): { locale: string | undefined; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  if (match && match[1] && locales.includes(match[1])) {
    const rest = pathname.slice(match[0].length);
    return { locale: match[1], path: rest === '' ? '/' : rest };
  }
  return { locale: undefined, path: pathname };
}

/**
 * A category link: /c/ plus the category path, with the root slug put in front when the path does
 * not already start with it.
 */
export function categoryPath(slugPath: string, rootSlug?: string): string {
  const parts = slugPath.split('/').filter(Boolean);
  if (rootSlug && parts[0] !== rootSlug) parts.unshift(rootSlug);
  return `/c/${parts.join('/')}`;
}

export function productPath(product: { id: number; slug: string }): string {
  return `/p/${product.id}/${product.slug}`;
}

export function contentPagePath(identifier: string): string {
  return `/i/${identifier}`;
}

/**
 * Content targets name categories by their default-language slug path; this maps one to the slug
 * path of the locale being rendered (undefined when the category does not exist).
 */
export type CategorySlugResolver = (defaultSlugPath: string, locale: Locale) => string | undefined;

/** Maps a content page's identifier to its slug in the locale (undefined when it has no such page). */
export type PageSlugResolver = (identifier: string, locale: Locale) => string | undefined;

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
