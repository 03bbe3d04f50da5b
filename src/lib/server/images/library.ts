// The media library's pictures where the shop shows them. Content names a medium by its id
// (/images/lib/{id}, src/lib/media/rules.ts); a page names it with its current file's version (?v=,
// the first digits of the file's digest), so a replaced file is a new address and the year-long
// caching of the old one never shows the old picture on a new page. The image route reads the same
// row to find the file behind an address.
import { inArray } from 'drizzle-orm';
import { getDb } from '../db/index.ts';
import { media } from '../db/schema.ts';
import type { Locale } from '#lib/i18n/locales.ts';
import { mediumIdOf, mediumIds, mediumPath } from '#lib/media/rules.ts';
import { pictureSources, rasterUrl, type RasterWidth } from '#lib/site/images.ts';

export interface ShownMedium {
  /** /images/lib/{id}?v={version}: what <picture> sources are made from. */
  src: string;
  alt: Partial<Record<string, string>>;
  width: number;
  height: number;
  /** The stored file ({digest}.{ext}). */
  file: string;
  version: string;
}

/** The version a medium's address carries: its file's digest, so a new file is a new address. */
const mediumVersion = (digest: string): string => digest.slice(0, 8);
export const mediumSrc = (id: number, digest: string): string => `${mediumPath(id)}?v=${mediumVersion(digest)}`;

/** The media with these ids as the shop shows them; an id no longer in the library has no entry. */
export async function shownMedia(ids: readonly number[]): Promise<Map<number, ShownMedium>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select()
    .from(media)
    .where(inArray(media.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        src: mediumSrc(r.id, r.digest),
        alt: r.alt,
        width: r.width,
        height: r.height,
        file: `${r.digest}.${r.ext}`,
        version: mediumVersion(r.digest),
      },
    ]),
  );
}

/** A picture field's value as the page names it: a medium with its version and alternative text, anything else as it is. */
export async function shownPicture(value: string, locale: Locale): Promise<{ src: string; alt: string | null }> {
  const id = mediumIdOf(value);
  const shown = id === null ? undefined : (await shownMedia([id])).get(id);
  return shown ? { src: shown.src, alt: shown.alt[locale] ?? '' } : { src: value, alt: null };
}

/** A brand picture (the logo) from the library: one raster rendition, as an <img> and link previews take it. */
export async function shownLogo(value: string, width: RasterWidth = 300): Promise<string> {
  const { src } = await shownPicture(value, 'de');
  return src === value ? value : (rasterUrl(src, width, 'webp') ?? value);
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Content pictures take the text column's width: up to 800 px, the full width on a phone. */
const CONTENT_WIDTHS: readonly RasterWidth[] = [300, 600, 1200];
const CONTENT_SIZES = '(max-width: 840px) 100vw, 800px';

function picture(shown: ShownMedium, locale: Locale, attrs: string): string {
  const sources = pictureSources(shown.src, CONTENT_WIDTHS)!;
  const cls = /\sclass="([^"]*)"/.exec(attrs)?.[1];
  return (
    '<picture>' +
    sources.sources.map((s) => `<source type="${s.type}" srcset="${s.srcSet}" sizes="${CONTENT_SIZES}">`).join('') +
    `<img src="${sources.src}" srcset="${sources.srcSet}" sizes="${CONTENT_SIZES}" alt="${escapeAttr(shown.alt[locale] ?? '')}"` +
    ` width="${shown.width}" height="${shown.height}" loading="lazy" decoding="async"${cls ? ` class="${cls}"` : ''}>` +
    '</picture>'
  );
}

/**
 * Sanitized content HTML with each library picture as a <picture> of its renditions (AVIF, WebP, JPEG)
 * and the medium's alternative text in the page's language (the library is where those texts are
 * kept, so one correction reaches every page). A picture no longer in the library is left out.
 */
export async function withMediaPictures(html: string, locale: Locale): Promise<string> {
  const ids = mediumIds(html);
  if (ids.length === 0) return html;
  const shown = await shownMedia(ids);
  // The HTML is the sanitizer's output: attributes double-quoted, no '>' inside a tag.
  return html.replace(/<img\s[^>]*>/g, (tag) => {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    const id = src === undefined ? null : mediumIdOf(src.replace(/&amp;/g, '&'));
    if (id === null) return tag;
    const medium = shown.get(id);
    return medium ? picture(medium, locale, tag) : '';
  });
}
