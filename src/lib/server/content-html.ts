// Content HTML as a page shows it: sanitized, its links by code (c:…, i:…) resolved to the addresses
// in the page's language, its library pictures as <picture>s of their renditions. Every page that
// shows content HTML renders it here, so no language gets another's addresses.
import type { Locale } from '../i18n/locales.ts';
import { sanitizeCmsHtml } from './sanitize.ts';
import { withMediaPictures } from './images/index.ts';
import { pageLinks, type PageLinks } from './content-links.ts';

/**
 * `links`: the page's resolvers when it has some already (the layout's); else new ones. The tags are
 * those of the categories linked (the page is dropped when an address it links changes).
 */
export async function shownContentHtml(
  html: string | null | undefined,
  locale: Locale,
  links?: PageLinks,
): Promise<{ html: string; tags: string[] }> {
  const resolving = links ?? (await pageLinks());
  const sanitized = sanitizeCmsHtml(html, { codes: { locale, resolvers: resolving.resolvers } });
  return { html: await withMediaPictures(sanitized, locale), tags: resolving.tags() };
}
