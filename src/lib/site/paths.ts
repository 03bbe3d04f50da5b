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
